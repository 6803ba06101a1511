/**
 * A synthetic catalog for tests and benchmarks: N contents with realistic tag mixes (a few popular subjects
 * and technologies, a long tail), costs, certificates, dates and reviews. Deterministic for a given seed.
 * With `tagsPerKind`, the vocabulary is that large: the tags table is filled up to that many tags of each
 * kind, and contents draw them with a Zipf skew (the first tag about as common as the next hundred together).
 */
import { asc, type Column, count, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { newId, orderedIds } from '../../ids.ts';
import { bulkLoad, type LoadBatch, type LoadReport, type LoadStatement } from './bulk-load.ts';
import { contentTags, contents, reviews, tags, users } from '../../schema.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { tagColumns } from '../../catalog/content-rows.ts';
import { COSTS, perTagKind, TAG_KINDS, TAXONOMY, toValue, type Tag, type TagKind } from '../../catalog/taxonomy.ts';
import { slugify } from '../../catalog/urls.ts';
import { FIELD_FACETS } from '../../catalog/facets.ts';

/** mulberry32: small, fast, seedable. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  'Practical',
  'Modern',
  'Complete',
  'Hands-on',
  'Essential',
  'Advanced',
  'Beginner',
  'Applied',
  'Interactive',
  'Visual',
  'Pragmatic',
  'Rapid',
  'Deep',
  'Intro to',
  'Mastering',
];
const TOPICS: Record<string, string[]> = {
  'software-engineering': ['Clean Code', 'Design Patterns', 'Testing', 'Refactoring', 'Algorithms', 'System Design'],
  'data-science': ['Statistics', 'Pandas', 'Data Wrangling', 'Visualization', 'Notebooks'],
  cybersecurity: ['Web Security', 'Penetration Testing', 'Cryptography', 'Threat Modeling', 'CTF'],
  'network-engineering': ['Routing', 'TCP/IP', 'Subnetting', 'Network Automation', 'Wireless'],
  'database-administration': ['SQL', 'Indexing', 'Query Tuning', 'Replication', 'Backups'],
  'data-analytics': ['Dashboards', 'Excel', 'BI Reporting', 'A/B Testing', 'SQL Analytics'],
  'web-development': ['Responsive Design', 'Accessibility', 'Web APIs', 'Frontend Frameworks', 'CSS Layout'],
  'fullstack-development': ['Full Stack Apps', 'REST APIs', 'Authentication', 'Deployment', 'Microservices'],
  'artificial-intelligence': ['Search Algorithms', 'Knowledge Graphs', 'LLMs', 'Planning', 'Reinforcement Learning'],
  'machine-learning': ['Neural Networks', 'Regression', 'Classification', 'Deep Learning', 'Feature Engineering'],
};
const SUFFIXES = [
  'Course',
  'Handbook',
  'Bootcamp',
  'Workshop',
  'Guide',
  'Academy',
  'Lab',
  'Series',
  'Podcast',
  'Playground',
];
const COMMENTS = [
  'Great explanations.',
  'Solid, if a bit dated.',
  'Exactly what I needed.',
  'Too shallow for me.',
  'Excellent exercises and examples.',
  'Hard to follow at times.',
];

/** Picks by a skewed distribution: early entries (the popular ones) far more often than the tail. */
const skewed = (rand: () => number, length: number) => Math.floor(length * rand() ** 2);

function pickTags(rand: () => number, list: readonly Tag[], min: number, max: number): Tag[] {
  const n = min + Math.floor(rand() * (max - min + 1));
  const picked = new Map<string, Tag>();
  for (let i = 0; i < n * 3 && picked.size < n; i++) {
    const tag = list[skewed(rand, list.length)]!;
    picked.set(tag.value, tag);
  }
  return [...picked.values()];
}

const CHUNK = 500;
/** Contents per batch of a bulk load: its statements are prepared once and run with many rows each. */
const LOAD_CHUNK = 1000;

/** A tag picker over a list of tags: `pick(rand, min, max)` draws between min and max distinct tags. */
type TagPicker = (rand: () => number, min: number, max: number) => Tag[];

const skewedPicker =
  (list: readonly Tag[]): TagPicker =>
  (rand, min, max) =>
    pickTags(rand, list, min, max);

/** Draws with Zipf weights (the tag of rank r weighs 1/r): what real tag usage looks like. */
function zipfPicker(list: Tag[]): TagPicker {
  const cumulative = new Float64Array(list.length);
  let total = 0;
  for (let r = 0; r < list.length; r++) cumulative[r] = total += 1 / (r + 1);
  const draw = (rand: () => number) => {
    const x = rand() * total;
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return list[lo]!;
  };
  return (rand, min, max) => {
    const n = min + Math.floor(rand() * (max - min + 1));
    const picked = new Map<string, Tag>();
    for (let i = 0; i < n * 3 && picked.size < n; i++) {
      const tag = draw(rand);
      picked.set(tag.value, tag);
    }
    return [...picked.values()];
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'bra',
  'cle',
  'dro',
  'fen',
  'gar',
  'hul',
  'jin',
  'kor',
  'lum',
  'mar',
  'nix',
  'pel',
  'quo',
  'ros',
  'tav',
  'vex',
  'wyn',
  'yar',
  'zul',
];

/** A made-up tag label, different for every n and kind ('Brakor', 'Lumvexti'…). */
function madeUpLabel(kind: TagKind, n: number): string {
  let word = '';
  let rest = n * TAG_KINDS.length + TAG_KINDS.indexOf(kind);
  do {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  } while (rest > 0);
  return word[0]!.toUpperCase() + word.slice(1);
}

/**
 * The tags table filled up to `perKind` active tags of each kind with made-up ones; returns every active tag
 * of each kind, the seeded ones first (they stay the most common).
 */
async function largeVocabulary(db: Db, perKind: number): Promise<Record<TagKind, Tag[]>> {
  const lists = {} as Record<TagKind, Tag[]>;
  for (const kind of TAG_KINDS) {
    const rows = await db
      .select({ label: tags.label, value: tags.value, status: tags.status })
      .from(tags)
      .where(eq(tags.kind, kind))
      .orderBy(asc(tags.id));
    const taken = new Set(rows.map((r) => r.value));
    const list = rows.filter((r) => r.status === 'active').map(({ label, value }) => ({ label, value }));
    const added: Tag[] = [];
    for (let n = 0; list.length + added.length < perKind; n++) {
      const label = madeUpLabel(kind, n);
      if (taken.has(toValue(label))) continue;
      added.push({ label, value: toValue(label) });
    }
    for (let i = 0; i < added.length; i += CHUNK)
      await db.insert(tags).values(added.slice(i, i + CHUNK).map((tag) => ({ kind, ...tag })));
    lists[kind] = [...list, ...added];
  }
  return lists;
}

export interface SyntheticOptions {
  seed?: number;
  /** A vocabulary of this many tags per kind (tags table rows, drawn with a Zipf skew); docs/product.md#what-is-stored's lists when unset. */
  tagsPerKind?: number;
  /** Reviewers to create and to spread reviews over. */
  reviewers?: number;
  /**
   * Load the rows as a bulk load does (bulk-load.ts) into this database file, the one `db` is open on:
   * many times faster at a million contents, and the same catalog. Without it each batch of rows goes
   * through the triggers, as any write does (any database, a libSQL server included).
   */
  bulkInto?: string;
  onProgress?: (done: number, total: number) => void;
  /** With bulkInto: each phase of the load, its speed and the memory then. */
  onReport?: (report: LoadReport) => void;
}

/** Adds `total` synthetic contents (and reviewers, reviews) to the database. Returns how many were added. */
export async function generateSyntheticCatalog(
  db: Db,
  total: number,
  options: SyntheticOptions = {},
): Promise<{ contents: number; reviews: number }> {
  const rand = random(options.seed ?? 42);
  const reviewers = await addReviewers(db, options.reviewers ?? Math.min(200, Math.max(10, Math.ceil(total / 100))));
  const vocabulary = options.tagsPerKind ? await largeVocabulary(db, options.tagsPerKind) : undefined;
  const pick: Record<TagKind, TagPicker> = vocabulary
    ? perTagKind((kind) => zipfPicker(vocabulary[kind]))
    : perTagKind((kind) => skewedPicker(TAXONOMY[kind]));

  // The facets that are fields of their own (level, …): drawn apart, so the rest of the catalog is the same
  // with or without them; a third unset, the others skewed towards each list's first choices.
  const fieldRand = random((options.seed ?? 42) + 1);
  const facetValues = () =>
    Object.fromEntries(
      FIELD_FACETS.map((facet) => [
        facet.key,
        fieldRand() < 1 / 3 ? null : facet.choices[skewed(fieldRand, facet.choices.length)]!.value,
      ]),
    );
  // A bulk load appends: increasing ids keep every index that starts with one (contents' id, content_tags'
  // key, reviews' key) written in order.
  const ids = options.bulkInto ? orderedIds().next : newId;
  const making: Making = {
    rand,
    pick,
    facetValues,
    total,
    start: Date.now() - 3 * 365 * 864e5,
    runId: newId().slice(0, 6),
    id: ids,
  };
  const counted: { contents?: number; reviews: number } = { reviews: 0 };

  if (options.bulkInto) {
    bulkLoad(options.bulkInto, loadBatches(making, reviewers, counted), {
      tables: ['contents', 'content_tags', 'reviews'],
      total,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.onReport ? { onReport: options.onReport } : {}),
    });
    return { contents: total, reviews: counted.reviews };
  }

  for (const { contentRows, tagRows, reviewRows } of rowBatches(making, reviewers, CHUNK, counted)) {
    await db.batch([
      db.insert(contents).values(contentRows),
      db.insert(contentTags).values(tagRows),
      ...(reviewRows.length ? [db.insert(reviews).values(reviewRows)] : []),
    ]);
    options.onProgress?.(counted.contents ?? 0, total);
  }
  await db.run(sql`INSERT INTO contents_fts(contents_fts) VALUES ('optimize')`);
  return { contents: total, reviews: counted.reviews };
}

/** The catalog's rows, `size` contents at a time, each with its tags and reviews, drawn in one fixed order. */
function* rowBatches(
  making: Making,
  reviewers: readonly Reviewer[],
  size: number,
  counted: { contents?: number; reviews: number },
) {
  for (let done = 0; done < making.total; done += size) {
    const contentRows = [];
    const tagRows = [];
    const reviewRows = [];
    for (let k = 0; k < Math.min(size, making.total - done); k++) {
      const content = syntheticContent(making, done + k);
      contentRows.push(content);
      for (const kind of TAG_KINDS)
        for (const tag of content[kind])
          tagRows.push({ contentId: content.id, kind, value: tag.value, label: tag.label });
      reviewRows.push(...syntheticReviews(making, content, reviewers));
    }
    counted.reviews += reviewRows.length;
    counted.contents = done + contentRows.length;
    yield { contentRows, tagRows, reviewRows };
  }
}

/** SQLite's limit on the values of one statement is 32,766: each insert stays below it. */
const MOST_VALUES = 30_000;

type LoadedTable = typeof contents | typeof contentTags | typeof reviews;

/**
 * Insert statements of many rows into `table`, all of one size (so one statement, prepared once, writes
 * them all; the rows left over wait for the next batch, and `rest` writes the last). The columns are those
 * of the first row, each value stored by its column's own mapping, as drizzle stores it in any write.
 */
function inserter<T extends LoadedTable>(table: T) {
  const byKey = getTableColumns(table) as Record<string, Column>;
  let keys: string[] = [];
  let perStatement = 0;
  let pending: unknown[] = [];
  let pendingRows = 0;
  const statement = (rows: number) => {
    const one = `(${keys.map(() => '?').join(', ')})`;
    const names = keys.map((key) => `"${byKey[key]!.name}"`).join(', ');
    return `INSERT INTO "${getTableName(table)}" (${names}) VALUES ${Array.from({ length: rows }, () => one).join(', ')}`;
  };
  let full = '';
  const take = (): LoadStatement => {
    const taken = { sql: pendingRows === perStatement ? full : statement(pendingRows), params: pending };
    pending = [];
    pendingRows = 0;
    return taken;
  };
  return {
    add(rows: readonly T['$inferInsert'][]): LoadStatement[] {
      const out: LoadStatement[] = [];
      for (const row of rows as unknown as Record<string, unknown>[]) {
        if (!keys.length) {
          keys = Object.keys(row).filter((key) => key in byKey);
          perStatement = Math.floor(MOST_VALUES / keys.length);
          full = statement(perStatement);
        }
        for (const key of keys) {
          const value = row[key];
          pending.push(value === null || value === undefined ? null : byKey[key]!.mapToDriverValue(value));
        }
        if (++pendingRows === perStatement) out.push(take());
      }
      return out;
    },
    rest: (): LoadStatement[] => (pendingRows ? [take()] : []),
  };
}

/**
 * The rows as insert statements, with what the review triggers would derive already in each content: its
 * count of reviews and its mean rating.
 */
function* loadBatches(
  making: Making,
  reviewers: readonly Reviewer[],
  counted: { reviews: number },
): Generator<LoadBatch> {
  const into = { contents: inserter(contents), tags: inserter(contentTags), reviews: inserter(reviews) };
  for (const { contentRows, tagRows, reviewRows } of rowBatches(making, reviewers, LOAD_CHUNK, counted)) {
    const ratings = new Map<string, { sum: number; count: number }>();
    for (const review of reviewRows) {
      const seen = ratings.get(review.contentId) ?? { sum: 0, count: 0 };
      seen.sum += review.rating;
      seen.count++;
      ratings.set(review.contentId, seen);
    }
    const derived = contentRows.map((content) => {
      const seen = ratings.get(content.id);
      return { ...content, numReviews: seen?.count ?? 0, rating: seen ? seen.sum / seen.count : 0 };
    });
    yield {
      statements: [...into.contents.add(derived), ...into.tags.add(tagRows), ...into.reviews.add(reviewRows)],
      contents: contentRows.length,
      rows: contentRows.length + tagRows.length + reviewRows.length,
    };
  }
  yield {
    statements: [...into.contents.rest(), ...into.tags.rest(), ...into.reviews.rest()],
    contents: 0,
    rows: 0,
  };
}

interface Reviewer {
  id: string;
  name: string;
}

/** `howMany` reviewers, numbered after the users there are, all with one password. */
async function addReviewers(db: Db, howMany: number): Promise<Reviewer[]> {
  const passwordHash = await hashPassword('synthetic-reviewer');
  const [existing] = await db.select({ n: count() }).from(users);
  const offset = existing?.n ?? 0;
  const reviewerRows = Array.from({ length: howMany }, (_, i) => ({
    id: newId(),
    name: `Reviewer ${offset + i + 1}`,
    email: `reviewer${offset + i + 1}-${newId().slice(0, 6)}@synthetic.skillshelf.dev`,
    passwordHash,
  }));
  for (let i = 0; i < reviewerRows.length; i += CHUNK) await db.insert(users).values(reviewerRows.slice(i, i + CHUNK));
  return reviewerRows;
}

/** What every synthetic content is drawn with: the one random sequence (drawn in a fixed order), the tag pickers. */
interface Making {
  rand: () => number;
  pick: Record<TagKind, TagPicker>;
  facetValues: () => Record<string, unknown>;
  total: number;
  /** The first content's date; the last is a day ago. */
  start: number;
  /** Set in every slug and URL, so a second run adds contents beside the first's. */
  runId: string;
  /** A new row's id. */
  id: () => string;
}

/** The `n`th content: its tags, a name and description made of them, its facets and date. */
function syntheticContent({ rand, pick, facetValues, total, start, runId, id }: Making, n: number) {
  const category = pick.category(rand, 1, 2);
  const techStack = pick.techStack(rand, 0, 3);
  const type = pick.type(rand, 1, 2);
  const topics = TOPICS[category[0]!.value] ?? ['Programming'];
  const topic = topics[Math.floor(rand() * topics.length)]!;
  const tech = techStack[0]?.label;
  const name = `${ADJECTIVES[Math.floor(rand() * ADJECTIVES.length)]} ${topic}${tech ? ` with ${tech}` : ''} ${SUFFIXES[Math.floor(rand() * SUFFIXES.length)]} ${n + 1}`;
  const createdAt = new Date(start + Math.floor(((n + 1) / total) * (Date.now() - start - 864e5)));
  return {
    id: id(),
    name,
    slug: `${slugify(name)}-${runId}`,
    url: `https://learn.example.org/${runId}/${n + 1}/${slugify(topic)}`,
    urlKey: `learn.example.org/${runId}/${n + 1}/${slugify(topic)}`,
    image: '',
    cost: COSTS[skewed(rand, COSTS.length)]!,
    hasCert: rand() < 0.3,
    description: `${name} teaches ${topic.toLowerCase()} for ${category.map((c) => c.label.toLowerCase()).join(' and ')}${tech ? `, using ${techStack.map((t) => t.label).join(', ')}` : ''}. ${rand() < 0.5 ? 'Includes exercises and projects.' : 'Self-paced, with quizzes along the way.'}`,
    category,
    techStack,
    type,
    ...facetValues(),
    ...tagColumns({ category, techStack, type }),
    createdAt,
    updatedAt: createdAt,
  };
}

/** A content's reviews: up to five, skewed towards none, by reviewers in turn from one drawn at random. */
function syntheticReviews(
  { rand, id }: Making,
  content: { id: string; createdAt: Date },
  reviewers: readonly Reviewer[],
) {
  const reviewsHere = skewed(rand, 6);
  const reviewerStart = Math.floor(rand() * reviewers.length);
  return Array.from({ length: Math.min(reviewsHere, reviewers.length) }, (_, r) => {
    const reviewer = reviewers[(reviewerStart + r) % reviewers.length]!;
    return {
      id: id(),
      contentId: content.id,
      userId: reviewer.id,
      name: reviewer.name,
      rating: 1 + Math.floor(rand() ** 0.6 * 5),
      comment: COMMENTS[Math.floor(rand() * COMMENTS.length)]!,
      createdAt: content.createdAt,
    };
  });
}
