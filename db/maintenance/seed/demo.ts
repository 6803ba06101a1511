/**
 * The demo world: real learning resources (demo-contents.json), three accounts to try it with, reviews
 * written for the popular resources by several learners (demo-reviews.json), and the last days' activity an
 * admin meets: submissions waiting and an audit log (demo-activity.ts). Written
 * only into an empty database, so a restart never duplicates or overwrites anything.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { newId } from '../../ids.ts';
import { contents, listItems, lists, progress, reviews, reviewVotes, saves, users } from '../../schema.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { insertContentStatements } from '../../catalog/content-rows.ts';
import { slugify } from '../../catalog/urls.ts';
import { contentInput } from '../../catalog/validation/contents.ts';
import { parseInput } from '../../validation/parse.ts';
import demoContents from './demo-contents.json' with { type: 'json' };
import demoReviews from './demo-reviews.json' with { type: 'json' };
import { listedAs, seedDemoActivity } from './demo-activity.ts';

export const DEMO_ACCOUNTS = [
  { name: 'Ada Admin', email: 'admin@skillshelf.dev', password: 'skillshelf-admin', isAdmin: true },
  { name: 'Grace Hopper', email: 'grace@skillshelf.dev', password: 'skillshelf-demo', isAdmin: false },
  { name: 'Linus Learner', email: 'linus@skillshelf.dev', password: 'skillshelf-demo', isAdmin: false },
] as const;

/**
 * Learners who only appear as reviewers, so the popular resources carry several voices. They sign in with the
 * demo password too, but are not announced: the three accounts above are the ones to try the site with.
 */
const DEMO_REVIEWERS = [
  { key: 'maya', name: 'Maya Okafor' },
  { key: 'tomas', name: 'Tomás Rivera' },
  { key: 'priya', name: 'Priya Raman' },
  { key: 'kenji', name: 'Kenji Sato' },
  { key: 'sofia', name: 'Sofia Lindqvist' },
  { key: 'omar', name: 'Omar Haddad' },
] as const;

/**
 * Reviews by content name: [reviewer key, stars, text], written for the resource they sit under. The newest
 * resource is left without any, so its first review is what moves it into the top rated.
 */
const REVIEWS = demoReviews as unknown as Record<string, Array<[string, number, string]>>;

const DAY = 24 * 60 * 60 * 1000;

/**
 * What the demo learners keep (decision 033): saves of resources they reviewed and a few more, progress on
 * some, and Grace's public learning path, so the Saved page, My Lists and "In 1 public list" are not empty on
 * a first visit. Only resources listed more than a month ago: the newest stay as a new site would have them.
 */
const GRACE_PATH = {
  name: 'From zero to web developer',
  description: 'The order I would take again: the tools first, then the web, then one real project end to end.',
  steps: [
    ['The Missing Semester of Your CS Education', 'Foundations', 'Learn the shell and Git before anything else.'],
    ['CS50x: Introduction to Computer Science', '', 'Do every problem set; skip nothing in the C weeks.'],
    ['MDN Web Docs', 'The web', 'Keep it open in a tab for the rest of the path.'],
    ['freeCodeCamp', '', 'The Responsive Web Design certification is enough here.'],
    ['The Modern JavaScript Tutorial', '', 'Read it alongside the exercises, not before them.'],
    ['Full Stack Open', 'Build something real', 'Parts 0 to 5, then build your own app with what you learned.'],
  ],
} as const;
const GRACE_PROGRESS: Record<string, (typeof progress.$inferInsert)['state']> = {
  'The Missing Semester of Your CS Education': 'done',
  'CS50x: Introduction to Computer Science': 'done',
  'MDN Web Docs': 'learning',
  'Full Stack Open': 'want',
};

export async function isEmpty(db: Db): Promise<boolean> {
  const [[u], [c]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(contents),
  ]);
  return (u?.n ?? 0) === 0 && (c?.n ?? 0) === 0;
}

export interface SeedReport {
  seeded: boolean;
  contents: number;
  users: number;
  reviews: number;
  /** Links waiting in the admin's queue (demo-activity.ts). */
  submissions: number;
}

interface Person {
  id: string;
  name: string;
}
type Item = { id: string; input: ReturnType<typeof parseInput<typeof contentInput>>; createdAt: Date };
type ReviewRow = typeof reviews.$inferInsert & { id: string; userId: string; createdAt: Date };

/** The three accounts to try the site with, and the learners who only review; `reviewers` by their key. */
async function demoPeople(now: number) {
  const accounts = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({
      id: newId(),
      name: a.name,
      email: a.email,
      isAdmin: a.isAdmin,
      passwordHash: await hashPassword(a.password),
      // The demo's addresses count as verified (docs/product.md): a first visitor signs in to a working account.
      emailVerifiedAt: new Date(now),
    })),
  );
  // One hash for every reviewer: each argon2 hash costs the start a fifth of a second.
  const reviewerHash = await hashPassword('skillshelf-demo');
  const learners = DEMO_REVIEWERS.map((r, i) => ({
    id: newId(),
    name: r.name,
    email: `${r.key}@skillshelf.dev`,
    isAdmin: false,
    passwordHash: reviewerHash,
    emailVerifiedAt: new Date(now - (200 - i) * DAY),
    // Joined before the reviews they wrote, oldest first.
    createdAt: new Date(now - (200 - i) * DAY),
  }));
  const reviewers = new Map<string, Person>();
  for (const account of accounts.slice(1)) reviewers.set(account.name.split(' ')[0]!.toLowerCase(), account);
  for (const [i, learner] of learners.entries()) reviewers.set(DEMO_REVIEWERS[i]!.key, learner);
  return { accounts, learners, reviewers };
}

/** demo-reviews.json's reviews as rows, each written after its content was listed. */
function reviewRowsOf(byName: Map<string, Item>, reviewers: Map<string, Person>, now: number): ReviewRow[] {
  return Object.entries(REVIEWS).flatMap(([name, written], i) => {
    const item = byName.get(name);
    if (!item) throw new Error(`demo-reviews.json names "${name}", which demo-contents.json does not list`);
    return written.map(([key, rating, comment], j) => {
      const reviewer = reviewers.get(key);
      if (!reviewer) throw new Error(`demo-reviews.json names the reviewer "${key}", who is not a demo account`);
      // Spread over the content's time here, so "Newest" reads like a real site's.
      const listed = item.createdAt.getTime();
      return {
        id: newId(),
        contentId: item.id,
        userId: reviewer.id,
        name: reviewer.name,
        rating,
        comment,
        createdAt: new Date(listed + ((((i * 7 + j * 11) % 20) + 1) / 22) * (now - listed)),
      };
    });
  });
}

/**
 * A few learners found some reviews helpful (0 to 3 votes each, never their own), so "Most helpful" has
 * something to sort by. The votes' triggers keep each review's count.
 */
function votesOf(reviewRows: readonly ReviewRow[], reviewers: Map<string, Person>) {
  const ids = [...reviewers.values()].map((r) => r.id);
  return reviewRows.flatMap((review, k) =>
    ids
      .filter((id) => id !== review.userId)
      .slice(k % 3, (k % 3) + ((k * 7) % 4))
      .map((userId) => ({ reviewId: review.id, userId, createdAt: review.createdAt })),
  );
}

/** The statements of the learners' shelves: each keeps what they reviewed; Grace's path and progress. */
function shelfStatements(db: Db, items: readonly Item[], reviewRows: readonly ReviewRow[], grace: Person, now: number) {
  const byName = new Map(items.map((item) => [item.input.name, item]));
  const listedAt = new Map(items.map((item) => [item.id, item.createdAt.getTime()]));
  const saveRows = reviewRows
    .filter((review) => listedAt.get(review.contentId)! < now - 30 * DAY)
    .map((review) => ({
      userId: review.userId,
      contentId: review.contentId,
      createdAt: new Date(review.createdAt.getTime() - DAY),
    }));
  const pathId = newId();
  const pathItems = GRACE_PATH.steps.map(([name, section, note], position) => ({
    listId: pathId,
    contentId: byName.get(name)!.id,
    position,
    note,
    section,
    createdAt: new Date(now - (20 - position) * DAY),
  }));
  for (const item of pathItems)
    if (!saveRows.some((row) => row.userId === grace.id && row.contentId === item.contentId))
      saveRows.push({ userId: grace.id, contentId: item.contentId, createdAt: item.createdAt });
  const progressRows = Object.entries(GRACE_PROGRESS).map(([name, state]) => ({
    userId: grace.id,
    contentId: byName.get(name)!.id,
    state,
    updatedAt: new Date(now - 2 * DAY),
  }));
  return [
    db.insert(saves).values(saveRows),
    db.insert(lists).values({
      id: pathId,
      userId: grace.id,
      slug: `${slugify(GRACE_PATH.name)}-${pathId.slice(0, 8)}`,
      name: GRACE_PATH.name,
      description: GRACE_PATH.description,
      isPublic: true,
      kind: 'path',
      createdAt: new Date(now - 21 * DAY),
      updatedAt: new Date(now - 2 * DAY),
    }),
    db.insert(listItems).values(pathItems),
    db.insert(progress).values(progressRows),
  ] as const;
}

/** Seeds the demo world into an empty database; does nothing (seeded: false) otherwise. */
export async function seedDemo(db: Db, now = Date.now()): Promise<SeedReport> {
  if (!(await isEmpty(db))) return { seeded: false, contents: 0, users: 0, reviews: 0, submissions: 0 };

  const { accounts, learners, reviewers } = await demoPeople(now);
  const items: Item[] = (demoContents as unknown[]).map((raw, i) => {
    const record = raw as Record<string, unknown>;
    const input = parseInput(contentInput, { ...record, slug: slugify(String(record.name ?? '')), image: '' });
    // Spread over the last 120 days, oldest first, so 'Latest Added' has a meaningful order.
    return { id: newId(), input, createdAt: new Date(now - (demoContents.length - i) * DAY + i * 60_000) };
  });
  const reviewRows = reviewRowsOf(new Map(items.map((item) => [item.input.name, item])), reviewers, now);

  await db.batch([
    db.insert(users).values([...accounts, ...learners]),
    ...items.flatMap((item) =>
      insertContentStatements(db, item.id, listedAs(item.input), { createdAt: item.createdAt }),
    ),
    db.insert(reviews).values(reviewRows),
    db.insert(reviewVotes).values(votesOf(reviewRows, reviewers)),
    ...shelfStatements(db, items, reviewRows, accounts[1]!, now),
  ]);
  const activity = await seedDemoActivity(db, {
    admin: accounts[0]!,
    learners: reviewers,
    contents: new Map(items.map((item) => [item.input.name, item])),
    now,
  });
  return {
    seeded: true,
    contents: items.length,
    users: accounts.length + learners.length,
    reviews: reviewRows.length,
    submissions: activity.submissions,
  };
}
