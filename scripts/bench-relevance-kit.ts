/**
 * What the relevance bench (scripts/bench-relevance.ts) and Best Match's quality test share: the judged queries
 * of a catalog, the catalog in a fresh database, Best Match's ranking of a query, and the measures of a ranking.
 *
 * A judgments file (tests/fixtures/relevance/<catalog>/judgments.json) grades resources by URL for each query:
 * 3, 2 or 1, and 0 for every resource it does not list. Resources are matched by the catalog's own identity of a
 * URL (urlKey), so a trailing slash or 'www.' does not turn a graded answer into an ungraded one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client.ts';
import { searchContents } from '../db/catalog/catalog-reads.ts';
import { urlKey } from '../db/catalog/urls.ts';
import { parseSearchParams } from '../db/catalog/validation/search.ts';
import { importCatalog } from '../db/imports/catalog-import.ts';
import { exportCatalog } from '../db/imports/catalog-export.ts';
import { seedDemo } from '../db/maintenance/seed/demo.ts';
import { createTestDb } from '../tests/setup/db.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export const CATALOGS = ['demo', 'second'] as const;
export type CatalogName = (typeof CATALOGS)[number];
/** How deep a ranking is judged: the first ten results, what a searcher reads before giving up. */
export const CUTOFF = 10;
/** A result is an answer (for P@5 and MRR) from this grade up; 1 is only related. */
export const ANSWER_GRADE = 2;

export interface JudgedQuery {
  query: string;
  shape: string;
  /** Grade by URL, as the judges wrote it. */
  grades: Record<string, number>;
}

export interface Judgments {
  catalog: CatalogName;
  /** The catalog file, relative to the repository the judgments were written in. */
  source: string;
  rules: unknown[];
  queries: JudgedQuery[];
}

export const judgmentsPath = (catalog: CatalogName) =>
  join(root, 'tests/fixtures/relevance', catalog, 'judgments.json');

/** The judgments in `file`, checked for the shape the bench relies on. */
export function readJudgments(file: string): Judgments {
  const judgments = JSON.parse(readFileSync(file, 'utf8')) as Judgments;
  if (!CATALOGS.includes(judgments.catalog)) throw new Error(`${file}: catalog must be one of ${CATALOGS.join(', ')}`);
  if (!Array.isArray(judgments.queries)) throw new Error(`${file}: no queries`);
  for (const q of judgments.queries)
    if (typeof q.query !== 'string' || typeof q.grades !== 'object')
      throw new Error(`${file}: a query without its text or grades`);
  return judgments;
}

/**
 * The catalog file the judgments name: in this repository, or else in the one the judgments file sits in (a
 * draft in another worktree brings its own catalog).
 */
export function sourcePath(judgments: Judgments, file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, judgments.source))) return join(dir, judgments.source);
    if (dir === dirname(dir)) break;
  }
  const here = join(root, judgments.source);
  if (existsSync(here)) return here;
  throw new Error(`${file}: its catalog ${judgments.source} was not found`);
}

/** A resource as the peers index it: the fields Best Match searches (name, description, tag labels). */
export interface CatalogDocument {
  url: string;
  name: string;
  description: string;
  category: string;
  techStack: string;
  type: string;
}

export interface CatalogDb {
  db: Db;
  /** Every content as stored, so that the peers index exactly what Best Match searches. */
  documents: CatalogDocument[];
  /** Rows of the catalog file the import refused (0 for the demo). */
  refused: number;
  close: () => void;
}

/**
 * A fresh, migrated database holding the catalog: the demo world as the app seeds it, or the catalog file
 * imported as `skillshelf import` does.
 */
export async function catalogDb(judgments: Judgments, file: string): Promise<CatalogDb> {
  const test = await createTestDb();
  try {
    let refused = 0;
    if (judgments.catalog === 'demo') await seedDemo(test.db);
    else {
      const source = sourcePath(judgments, file);
      const text = readFileSync(source, 'utf8');
      const report = await importCatalog(test.db, { kind: 'cli', name: 'relevance bench' }, oneChunk(text), {
        format: source.endsWith('.csv') ? 'csv' : 'json',
        source: basename(source),
      });
      refused = report.counts.refused;
    }
    return { db: test.db, documents: await storedDocuments(test.db), refused, close: test.close };
  } catch (error) {
    test.close();
    throw error;
  }
}

async function* oneChunk(text: string): AsyncGenerator<string> {
  yield text;
}

const labels = (tags: Array<{ label: string }>) => tags.map((tag) => tag.label).join(', ');

async function storedDocuments(db: Db): Promise<CatalogDocument[]> {
  const documents: CatalogDocument[] = [];
  for await (const page of exportCatalog(db))
    for (const c of page)
      documents.push({
        url: c.url,
        name: c.name,
        description: c.description,
        category: labels(c.category),
        techStack: labels(c.techStack),
        type: labels(c.type),
      });
  return documents;
}

/** Best Match: the search box's own answer (the default order with words, relevance), its first CUTOFF URLs. */
export async function bestMatch(db: Db, query: string): Promise<string[]> {
  const urls: string[] = [];
  for (let page = 1; urls.length < CUTOFF; page++) {
    const result = await searchContents(db, parseSearchParams({ searchTerm: query, page: String(page) }));
    urls.push(...result.contents.map((c) => c.url));
    if (result.page >= result.pages) break;
  }
  return urls.slice(0, CUTOFF);
}

/** The grades of one query, keyed by the catalog's identity of a URL. */
export function gradesOf(query: JudgedQuery): Map<string, number> {
  return new Map(Object.entries(query.grades).map(([url, grade]) => [urlKey(url), grade]));
}

const gain = (grade: number) => 2 ** grade - 1;

/** Discounted cumulative gain of grades in ranked order, over the first CUTOFF. */
export function dcg(grades: number[]): number {
  return grades.slice(0, CUTOFF).reduce((sum, grade, i) => sum + gain(grade) / Math.log2(i + 2), 0);
}

/** NDCG@10: the ranking's DCG over the best possible one, from every graded resource the catalog holds. */
export function ndcg(ranked: number[], held: number[]): number {
  const ideal = dcg([...held].sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked) / ideal;
}

/** P@5: the share of the first five results that are answers. */
export function precisionAt5(ranked: number[]): number {
  return ranked.slice(0, 5).filter((grade) => grade >= ANSWER_GRADE).length / 5;
}

/** 1 / the rank of the first answer, 0 when none of the first CUTOFF is one. */
export function reciprocalRank(ranked: number[]): number {
  const first = ranked.slice(0, CUTOFF).findIndex((grade) => grade >= ANSWER_GRADE);
  return first === -1 ? 0 : 1 / (first + 1);
}

export interface QueryScore {
  query: string;
  shape: string;
  /** The ranking's URLs, with the grade of each. */
  ranked: Array<{ url: string; grade: number }>;
  ndcg: number;
  p5: number;
  rr: number;
  /** Whether the catalog holds any graded resource for it: a query without one is left out of the means. */
  answerable: boolean;
}

/** One ranking measured against its query's grades; `held` holds the URL keys the catalog has. */
export function scoreQuery(query: JudgedQuery, urls: string[], held: ReadonlySet<string>): QueryScore {
  const grades = gradesOf(query);
  const ranked = urls.map((url) => ({ url, grade: grades.get(urlKey(url)) ?? 0 }));
  const heldGrades = [...grades].filter(([key, grade]) => grade > 0 && held.has(key)).map(([, grade]) => grade);
  const order = ranked.map((r) => r.grade);
  return {
    query: query.query,
    shape: query.shape,
    ranked,
    ndcg: ndcg(order, heldGrades),
    p5: precisionAt5(order),
    rr: reciprocalRank(order),
    answerable: heldGrades.length > 0,
  };
}

export interface Summary {
  /** Means over the answerable queries. */
  ndcg: number;
  p5: number;
  mrr: number;
  /** Queries answered with nothing at all, and those of them the catalog holds a graded answer for. */
  noResult: number;
  noResultAnswerable: string[];
  /** Mean NDCG@10 per shape of query (answerable ones). */
  byShape: Record<string, { queries: number; ndcg: number }>;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

export function summarize(scores: QueryScore[]): Summary {
  const answerable = scores.filter((s) => s.answerable);
  const shapes = [...new Set(answerable.map((s) => s.shape))].sort();
  const empty = scores.filter((s) => s.ranked.length === 0);
  return {
    ndcg: mean(answerable.map((s) => s.ndcg)),
    p5: mean(answerable.map((s) => s.p5)),
    mrr: mean(answerable.map((s) => s.rr)),
    noResult: empty.length,
    noResultAnswerable: empty.filter((s) => s.answerable).map((s) => s.query),
    byShape: Object.fromEntries(
      shapes.map((shape) => {
        const of = answerable.filter((s) => s.shape === shape);
        return [shape, { queries: of.length, ndcg: mean(of.map((s) => s.ndcg)) }];
      }),
    ),
  };
}

/** The URL keys of a catalog's documents, to tell which graded resources it holds. */
export const heldKeys = (documents: CatalogDocument[]): Set<string> => new Set(documents.map((d) => urlKey(d.url)));
