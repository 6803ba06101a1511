/**
 * The demo world: real learning resources (demo-contents.json), three accounts and a few reviews. Written
 * only into an empty database, so a restart never duplicates or overwrites anything.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { newId } from '../../ids.ts';
import { contents, reviews, users } from '../../schema.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { insertContentStatements } from '../../catalog/content-rows.ts';
import { slugify } from '../../catalog/urls.ts';
import { contentInput } from '../../catalog/validation/contents.ts';
import { parseInput } from '../../validation/parse.ts';
import demoContents from './demo-contents.json' with { type: 'json' };

export const DEMO_ACCOUNTS = [
  { name: 'Ada Admin', email: 'admin@skillshelf.dev', password: 'skillshelf-admin', isAdmin: true },
  { name: 'Grace Hopper', email: 'grace@skillshelf.dev', password: 'skillshelf-demo', isAdmin: false },
  { name: 'Linus Learner', email: 'linus@skillshelf.dev', password: 'skillshelf-demo', isAdmin: false },
] as const;

const DEMO_COMMENTS = [
  [5, 'Clear explanations and great exercises. I came back to it for months.'],
  [4, 'Very good material; a few sections assume more background than they say.'],
  [5, 'The best free resource I found on the topic.'],
  [3, 'Useful, but the pace is uneven and some parts feel dated.'],
  [4, 'Well structured and practical. Worth the time.'],
] as const;

const DAY = 24 * 60 * 60 * 1000;

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
}

/** Seeds the demo world into an empty database; does nothing (seeded: false) otherwise. */
export async function seedDemo(db: Db, now = Date.now()): Promise<SeedReport> {
  if (!(await isEmpty(db))) return { seeded: false, contents: 0, users: 0, reviews: 0 };

  const accounts = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({
      id: newId(),
      name: a.name,
      email: a.email,
      isAdmin: a.isAdmin,
      passwordHash: await hashPassword(a.password),
    })),
  );
  const items = (demoContents as unknown[]).map((raw, i) => {
    const record = raw as Record<string, unknown>;
    const input = parseInput(contentInput, { ...record, slug: slugify(String(record.name ?? '')), image: '' });
    // Spread over the last 120 days, oldest first, so 'Latest Added' has a meaningful order.
    return { id: newId(), input, createdAt: new Date(now - (demoContents.length - i) * DAY + i * 60_000) };
  });
  const reviewers = accounts.filter((a) => !a.isAdmin);
  const reviewRows = items.slice(0, 24).flatMap((item, i) =>
    reviewers.slice(0, 1 + (i % 2)).map((reviewer, j) => {
      const [rating, comment] = DEMO_COMMENTS[(i + j) % DEMO_COMMENTS.length]!;
      return {
        id: newId(),
        contentId: item.id,
        userId: reviewer.id,
        name: reviewer.name,
        rating,
        comment,
        createdAt: new Date(now - (i + j) * 3_600_000),
      };
    }),
  );

  await db.batch([
    db.insert(users).values(accounts),
    ...items.flatMap((item) => insertContentStatements(db, item.id, item.input, { createdAt: item.createdAt })),
    db.insert(reviews).values(reviewRows),
  ]);
  return { seeded: true, contents: items.length, users: accounts.length, reviews: reviewRows.length };
}
