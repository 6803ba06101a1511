/**
 * What the demo's admin finds waiting on a first visit: links the demo learners submitted over the last days
 * (most ready to approve, two lacking what an approval needs), and an audit log of the admin's own recent work
 * (tags added and one renamed, two contents corrected). The log's entries are made by the catalog's services,
 * as an admin's action makes them, and then dated back; the submissions are rows as a submission stores them.
 */
import { gt, max } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { newId } from '../../ids.ts';
import { auditLog, submissions } from '../../schema.ts';
import type { Cost, Tag } from '../../catalog/taxonomy.ts';
import { toValue } from '../../catalog/taxonomy.ts';
import type { ChoiceValue } from '../../catalog/facets.ts';
import type { ContentInput } from '../../catalog/validation/contents.ts';
import { contentFields } from '../../catalog/validation/contents.ts';
import { cleanUrl, slugify, urlKey } from '../../catalog/urls.ts';
import { getContent, updateContent } from '../../catalog/content-admin.ts';
import { addTag } from '../../catalog/tags/tags.ts';
import { renameTag } from '../../catalog/tags/tag-changes.ts';
import type { Actor } from '../../operations/audit.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface DemoSubmission {
  /** The demo learner who sent it (demo.ts DEMO_REVIEWERS' key). */
  by: string;
  name: string;
  url: string;
  /** The page's own title, as the fetch at submission found it; null where that fetch failed. */
  pageTitle: string | null;
  description: string;
  category: string[];
  techStack: string[];
  type: string[];
  cost: Cost | null;
  hasCert: boolean | null;
  level: ChoiceValue<'level'> | null;
  hoursAgo: number;
}

/**
 * Real resources the catalog does not list. Three are ready to approve; "Operating Systems: Three Easy Pieces"
 * has neither a category nor a format and "DataLemur" no format, so the queue shows why they wait.
 */
export const DEMO_SUBMISSIONS: readonly DemoSubmission[] = [
  {
    by: 'kenji',
    name: 'Crafting Interpreters',
    url: 'https://craftinginterpreters.com/',
    pageTitle: 'Crafting Interpreters',
    description:
      'Robert Nystrom builds two complete interpreters for a small scripting language, one in Java and one in C, explaining every line of code along the way. Free to read online; the print book is paid.',
    category: ['Computer Science Fundamentals', 'Software Engineering'],
    techStack: ['Java', 'C'],
    type: ['Text-Based Resources'],
    cost: 'Free/Paid',
    hasCert: false,
    level: 'intermediate',
    hoursAgo: 5 * 24 + 3,
  },
  {
    by: 'tomas',
    name: 'Operating Systems: Three Easy Pieces',
    url: 'https://pages.cs.wisc.edu/~remzi/OSTEP/',
    pageTitle: null,
    description:
      'A free operating systems textbook organised around virtualization, concurrency and persistence, with homework simulators for each chapter. Used by many university courses.',
    category: [],
    techStack: [],
    type: [],
    cost: 'Free',
    hasCert: null,
    level: null,
    hoursAgo: 3 * 24 + 7,
  },
  {
    by: 'sofia',
    name: 'Svelte Tutorial',
    url: 'https://svelte.dev/tutorial',
    pageTitle: 'Welcome to Svelte • Svelte Tutorial',
    description:
      'The official interactive tutorial: each lesson edits a running Svelte app in the browser, from the basics of components and reactivity to routing and forms with SvelteKit.',
    category: ['Web Development'],
    techStack: ['Svelte', 'SvelteKit', 'JavaScript'],
    type: ['Interactive Quizzes', 'Text-Based Resources'],
    cost: 'Free',
    hasCert: false,
    level: 'beginner',
    hoursAgo: 2 * 24 + 2,
  },
  {
    by: 'priya',
    name: 'DataLemur',
    url: 'https://datalemur.com/',
    pageTitle: 'DataLemur - Ace the SQL & Data Science Interview',
    description:
      'SQL and data science interview questions asked at real companies, each with an in-browser editor and worked solutions. Most questions are free; a premium plan unlocks the rest.',
    category: ['Data Analytics', 'Data Science'],
    techStack: ['SQL', 'Python'],
    type: [],
    cost: 'Free/Paid',
    hasCert: null,
    level: 'intermediate',
    hoursAgo: 26,
  },
  {
    by: 'maya',
    name: 'Kubernetes The Hard Way',
    url: 'https://github.com/kelseyhightower/kubernetes-the-hard-way',
    pageTitle: 'GitHub - kelseyhightower/kubernetes-the-hard-way: Bootstrap Kubernetes the hard way. No scripts.',
    description:
      'Kelsey Hightower sets up a Kubernetes cluster by hand, one component at a time, so that each part of the control plane and the workers is understood rather than installed by a script.',
    category: ['DevOps', 'Cloud'],
    techStack: ['Kubernetes'],
    type: ['Text-Based Resources'],
    cost: 'Free',
    hasCert: false,
    level: 'advanced',
    hoursAgo: 6,
  },
];

/**
 * Contents the admin corrected: each is first listed as `before` says (listedAs), then edited back to what
 * demo-contents.json says, so the catalog ends as that file has it.
 */
const DEMO_EDITS: ReadonlyArray<{ name: string; before: Partial<ContentInput>; daysAgo: number }> = [
  { name: 'Eloquent JavaScript', before: { name: 'Eloquent Javascript' }, daysAgo: 4 },
  { name: 'Refactoring.Guru', before: { cost: 'Free' }, daysAgo: 2 },
];

/** A demo content as it is first listed: with the slip the admin corrects later, if there is one. */
export function listedAs(input: ContentInput): ContentInput {
  const edit = DEMO_EDITS.find((e) => e.name === input.name);
  return edit ? { ...input, ...edit.before } : input;
}

const asTags = (labels: readonly string[]): Tag[] => labels.map((label) => ({ label, value: toValue(label) }));

/** The submission rows, as createSubmission stores a link: its URL cleaned and keyed, its name's slug. */
function submissionRows(learners: ReadonlyMap<string, { id: string }>, now: number) {
  return DEMO_SUBMISSIONS.map((s) => {
    const userId = learners.get(s.by)?.id;
    if (!userId) throw new Error(`The demo submission "${s.name}" names the learner "${s.by}", who is not one`);
    const url = cleanUrl(s.url);
    return {
      id: newId(),
      userId,
      name: s.name,
      slug: slugify(s.name),
      url,
      urlKey: urlKey(url),
      category: asTags(s.category),
      techStack: asTags(s.techStack),
      type: asTags(s.type),
      level: s.level,
      language: 'en' as const,
      cost: s.cost,
      hasCert: s.hasCert,
      description: s.description,
      pageTitle: s.pageTitle,
      createdAt: new Date(now - s.hoursAgo * HOUR),
    };
  });
}

/**
 * The demo admin's recent work, each change made by the service an admin's action calls (so its entry reads
 * as a real one), its entry then dated back. `contents`: each demo content's id and its input as the file has it.
 */
async function adminWork(
  db: Db,
  admin: Actor,
  contents: ReadonlyMap<string, { id: string; input: ContentInput }>,
  now: number,
) {
  const startedAt = now - 6 * DAY - 2 * HOUR;
  const work: Array<{ at: number; change: () => Promise<unknown> }> = [
    { at: startedAt, change: () => addTag(db, admin, 'techStack', 'Svelte') },
    { at: startedAt + 60_000, change: () => addTag(db, admin, 'techStack', 'Sveltekit') },
    { at: startedAt + 3 * 60_000, change: () => renameTag(db, admin, 'techStack', 'sveltekit', 'SvelteKit') },
    ...DEMO_EDITS.map((edit) => ({
      at: now - edit.daysAgo * DAY - 5 * HOUR,
      change: async () => {
        const content = contents.get(edit.name);
        if (!content) throw new Error(`A demo edit names "${edit.name}", which demo-contents.json does not list`);
        const listed = await getContent(db, content.id);
        const corrected = pick(content.input, Object.keys(edit.before) as Array<keyof ContentInput>);
        return updateContent(db, admin, content.id, { ...contentFields(listed), ...corrected });
      },
    })),
  ];
  for (const { at, change } of work) {
    const [before] = await db.select({ id: max(auditLog.id) }).from(auditLog);
    await change();
    // What the change wrote to the log (a content edit may add a tag too), dated when the admin did it.
    await db
      .update(auditLog)
      .set({ at: new Date(at) })
      .where(gt(auditLog.id, before?.id ?? 0));
  }
}

const pick = <T extends object>(source: T, keys: ReadonlyArray<keyof T>): Partial<T> =>
  Object.fromEntries(keys.map((key) => [key, source[key]])) as Partial<T>;

/**
 * The demo's recent activity, after its world is written: the learners' pending submissions and the admin's
 * audited work. `learners`: the demo learners by their key.
 */
export async function seedDemoActivity(
  db: Db,
  world: {
    admin: { id: string; email: string };
    learners: ReadonlyMap<string, { id: string }>;
    contents: ReadonlyMap<string, { id: string; input: ContentInput }>;
    now: number;
  },
): Promise<{ submissions: number }> {
  const admin: Actor = { kind: 'user', id: world.admin.id, email: world.admin.email };
  await adminWork(db, admin, world.contents, world.now);
  const rows = submissionRows(world.learners, world.now);
  await db.insert(submissions).values(rows);
  return { submissions: rows.length };
}
