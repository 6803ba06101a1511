/**
 * Uncached search latency, one request at a time: distinct queries of one to five words as learners type
 * them (broad words, stopwords and narrow ones mixed), alone or with a filter; a word and one filter, a word and
 * three filters; or a broad word ('data', 'web', 'learning', 'course', 'intro') and a category on pages 1–3
 * (tens of thousands of matches to score at 100k contents), sent in turn to a server running with
 * CATALOG_CACHE=off, so every answer is computed (only the facet table and the word index are kept, built by a
 * warm-up first). Timed from the client, as a browser asks (compressed answers), to the last byte. Called by
 * scripts/bench.ts; the budget is p95 ≤ 15 ms for each at 100k contents (decision 040).
 *
 * Run by itself, `node scripts/bench-search.ts <database>` asks the same queries, and the suggestions'
 * (scripts/bench-suggest.ts), of the search service in this process, caches off, and prints the CPU time
 * (process.cpuUsage) and wall time of each shape: what a change of the search costs, apart from the HTTP and
 * from other processes on a shared machine (decision 050). It migrates the database first: give it a copy.
 */
import { fileURLToPath } from 'node:url';
import { openDb } from '../db/client.ts';
import { COSTS, perTagKind, TAG_KINDS, type TagKind } from '../db/catalog/taxonomy.ts';
import { percentile } from './bench-kit.ts';

export const SEARCH_BUDGET_P95_MS = 15;

export interface SearchLatency {
  name: string;
  queries: number;
  p50: number;
  p95: number;
  max: number;
  /** Mean result count: shows the queries find something. */
  meanResults: number;
}

/** Words people search for, all found in the synthetic catalog: broad ones ('data', 'java') among narrow ones. */
const WORDS = [
  'python',
  'javascript',
  'java',
  'sql',
  'security',
  'testing',
  'design',
  'data',
  'web',
  'network',
  'machine',
  'learning',
  'statistics',
  'pandas',
  'cryptography',
  'routing',
  'indexing',
  'dashboards',
  'excel',
  'css',
  'accessibility',
  'apis',
  'authentication',
  'deployment',
  'microservices',
  'neural',
  'regression',
  'deep',
  'algorithms',
  'patterns',
  'refactoring',
  'visualization',
  'wireless',
  'replication',
  'backups',
  'llms',
  'planning',
  'typescript',
  'ruby',
  'php',
  'course',
  'guide',
  'bootcamp',
  'handbook',
  'podcast',
  'workshop',
];

/** Words a question in plain words carries besides its topics: stopwords, and words naming a kind or a level. */
const QUESTION_WORDS = ['learn', 'for', 'beginners', 'with', 'the', 'how', 'to', 'free', 'course', 'intro', 'and'];

/** The words most contents match: each scores tens of thousands of rows at 100k contents. */
const BROAD_WORDS = ['data', 'web', 'learning', 'course', 'intro'];

type Kind = TagKind;

/** mulberry32, seeded: the same queries on every run. */
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

/** Each kind's tag values with how many contents carry them, read from the bench database. */
export async function tagUsage(dbPath: string): Promise<Record<Kind, Array<{ value: string; n: number }>>> {
  const db = await openDb({ url: `file:${dbPath}` });
  try {
    const { rows } = await db.$client.execute(
      'SELECT kind, value, count(*) AS n FROM content_tags GROUP BY kind, value',
    );
    const usage = perTagKind((): Array<{ value: string; n: number }> => []);
    for (const row of rows) usage[row.kind as Kind]?.push({ value: String(row.value), n: Number(row.n) });
    return usage;
  } finally {
    db.$client.close();
  }
}

/**
 * `count` distinct queries of each shape. Filter values are drawn in proportion to their use, as people
 * click the tags they see most: a common tag is picked often, the long tail of a large vocabulary rarely.
 */
export function searchQueries(usage: Record<Kind, Array<{ value: string; n: number }>>, count: number, seed: number) {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const byUse = (kind: Kind) => {
    const list = usage[kind];
    let x = rand() * list.reduce((sum, tag) => sum + tag.n, 0);
    for (const tag of list) if ((x -= tag.n) < 0) return tag.value;
    return list.at(-1)!.value;
  };
  const distinct = (make: () => Record<string, string>) => {
    const seen = new Set<string>();
    for (let tries = 0; seen.size < count && tries < count * 100; tries++)
      seen.add(new URLSearchParams(make()).toString());
    return [...seen];
  };
  const oneFilter = distinct(() => {
    const group = pick([...TAG_KINDS, 'cost'] as const);
    return { searchTerm: pick(WORDS), [group]: group === 'cost' ? pick(COSTS) : byUse(group) };
  });
  const threeFilters = distinct(() => ({
    searchTerm: pick(WORDS),
    category: byUse('category'),
    techStack: byUse('techStack'),
    ...(rand() < 0.5 ? { type: byUse('type') } : { cost: pick(COSTS) }),
  }));
  const broadWords = distinct(() => ({
    searchTerm: pick(BROAD_WORDS),
    category: byUse('category'),
    page: String(1 + Math.floor(rand() * 3)),
  }));
  // One to five words, a topic or two among the others, broad ones included.
  const phrase = () =>
    Array.from({ length: 1 + Math.floor(rand() * 5) }, (_, i) =>
      i === 0 || rand() < 0.4 ? pick([...WORDS, ...BROAD_WORDS]) : pick(QUESTION_WORDS),
    ).join(' ');
  const words = distinct(() => ({ searchTerm: phrase() }));
  const wordsAndFilter = distinct(() => {
    const group = pick([...TAG_KINDS, 'cost'] as const);
    return { searchTerm: phrase(), [group]: group === 'cost' ? pick(COSTS) : byUse(group) };
  });
  return { oneFilter, threeFilters, broadWords, words, wordsAndFilter };
}

/** What a browser's fetch of the API sends: the answer is compressed as it would be for one. */
const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

const round = (ms: number) => Math.round(ms * 10) / 10;

async function timeQueries(url: string, name: string, queries: string[]): Promise<SearchLatency> {
  const times: number[] = [];
  let results = 0;
  for (const query of queries) {
    const started = performance.now();
    const response = await fetch(`${url}/api/contents/search?${query}`, { headers: HEADERS });
    const body = (await response.json()) as { countContents: number };
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${query}: ${response.status}`);
    results += body.countContents;
  }
  times.sort((a, b) => a - b);
  return {
    name,
    queries: queries.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1)!),
    meanResults: Math.round(results / queries.length),
  };
}

/** Measures both shapes against `url` (a server over `dbPath` with CATALOG_CACHE=off). */
export async function benchUncachedSearch(url: string, dbPath: string, count = 60): Promise<SearchLatency[]> {
  const usage = await tagUsage(dbPath);
  const { oneFilter, threeFilters, broadWords, words, wordsAndFilter } = searchQueries(usage, count, 2026);
  // Warm-up with queries of their own, of every shape: the facet table is built once per catalog version, and
  // the code of each path (a broad word's ranks among them) is compiled, before anything is timed.
  const warmUp = searchQueries(usage, 10, 7);
  for (const query of [
    ...warmUp.oneFilter,
    ...warmUp.threeFilters,
    ...warmUp.broadWords,
    ...warmUp.words,
    ...warmUp.wordsAndFilter,
  ])
    await (await fetch(`${url}/api/contents/search?${query}`, { headers: HEADERS })).arrayBuffer();
  return [
    await timeQueries(url, 'one to five words', words),
    await timeQueries(url, 'one to five words + a filter', wordsAndFilter),
    await timeQueries(url, 'word + one filter', oneFilter),
    await timeQueries(url, 'word + three filters', threeFilters),
    await timeQueries(url, 'broad word + category, pages 1–3', broadWords),
  ];
}

/** The CPU and wall time per query of each shape, in this process (see the top of this file). */
async function cpuPerQuery(dbPath: string): Promise<void> {
  process.env.CATALOG_CACHE = 'off';
  const { migrateDb } = await import('../db/migrate.ts');
  const { searchContents } = await import('../db/catalog/catalog-reads.ts');
  const { parseSearchParams } = await import('../db/catalog/validation/search.ts');
  const { suggest } = await import('../db/catalog/search/suggestions.ts');
  const { typedPrefixes } = await import('./bench-suggest.ts');
  const db = await openDb({ url: `file:${dbPath}` });
  await migrateDb(db);
  const usage = await tagUsage(dbPath);
  const ask = (query: string) => searchContents(db, parseSearchParams(new URLSearchParams(query)));
  const warmUp = searchQueries(usage, 10, 7);
  for (const query of Object.values(warmUp).flat()) await ask(query);
  const { oneFilter, threeFilters, broadWords, words, wordsAndFilter } = searchQueries(usage, 60, 2026);
  const typed = await typedPrefixes(dbPath, 150);
  const shapes: Array<[string, string[], (query: string) => Promise<unknown>]> = [
    ['one to five words', words, ask],
    ['one to five words + a filter', wordsAndFilter, ask],
    ['word + one filter', oneFilter, ask],
    ['word + three filters', threeFilters, ask],
    ['broad word + category, pages 1–3', broadWords, ask],
    ['suggestions', typed, (q) => suggest(db, q)],
  ];
  console.log('| queries | n | CPU p50 ms | CPU p95 ms | CPU mean ms | wall p50 ms | wall p95 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, queries, run] of shapes) {
    const cpu: number[] = [];
    const wall: number[] = [];
    for (const query of queries) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await run(query);
      wall.push(performance.now() - started);
      const { user, system } = process.cpuUsage(cpuBefore);
      cpu.push((user + system) / 1000);
    }
    const mean = cpu.reduce((sum, ms) => sum + ms, 0) / cpu.length;
    const cells = [percentile(cpu, 50), percentile(cpu, 95), mean, percentile(wall, 50), percentile(wall, 95)];
    console.log(`| ${name} | ${queries.length} | ${cells.map((ms) => round(ms)).join(' | ')} |`);
  }
  db.$client.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv[2]) throw new Error('usage: node scripts/bench-search.ts <a copy of a bench database>');
  await cpuPerQuery(process.argv[2]);
  process.exit(0);
}
