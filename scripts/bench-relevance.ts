/**
 * How well the search box ranks (`npm run bench -- --only relevance`): for each catalog with judged queries
 * (tests/fixtures/relevance/<catalog>/judgments.json), Best Match, the search's own answer called as a service on a
 * fresh database, beside three in-memory search libraries indexing the same contents with their documented
 * defaults. Each ranking's first ten results are measured against the judges' grades (scripts/bench-relevance-kit.ts):
 * NDCG@10, P@5, MRR, the queries answered with nothing, NDCG@10 per shape of query, and Best Match's worst queries
 * beside the ideal ranking. Nothing is built or started: the section runs in seconds.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { Document } from 'flexsearch';
import MiniSearch from 'minisearch';
import { urlKey } from '../db/catalog/urls.ts';
import { log, root, type Goal, type ReportSection } from './bench-kit.ts';
import {
  bestMatch,
  CATALOGS,
  catalogDb,
  CUTOFF,
  gradesOf,
  heldKeys,
  judgmentsPath,
  readJudgments,
  scoreQuery,
  summarize,
  type CatalogDocument,
  type JudgedQuery,
  type Judgments,
  type QueryScore,
  type Summary,
} from './bench-relevance-kit.ts';

/** The fields every engine indexes: what Best Match's full-text index holds (name, description, tag labels). */
const FIELDS = ['name', 'description', 'category', 'techStack', 'type'] as const;

type Rank = (query: string) => Promise<string[]>;

/** MiniSearch as its README's basic example sets it up: the fields, and its default search options (exact words, OR). */
function miniSearchDefaults(documents: CatalogDocument[]): Rank {
  const index = new MiniSearch<CatalogDocument>({ idField: 'url', fields: [...FIELDS] });
  index.addAll(documents);
  return async (query) => index.search(query).map((hit) => String(hit.id));
}

/**
 * MiniSearch as a search box that answers as one types: prefix and fuzzy 0.2, the options of its own demo
 * application (examples/ in its repository, linked from the README) and of the README's fuzzy example. Its
 * README recommends no setting for that case, so both are measured.
 */
function miniSearchAsYouType(documents: CatalogDocument[]): Rank {
  const index = new MiniSearch<CatalogDocument>({
    idField: 'url',
    fields: [...FIELDS],
    searchOptions: { prefix: true, fuzzy: 0.2 },
  });
  index.addAll(documents);
  return async (query) => index.search(query).map((hit) => String(hit.id));
}

/** Orama as its README's usage shows: a schema of strings, and `search(db, { term })` with its defaults (BM25, limit 10). */
async function oramaDefaults(documents: CatalogDocument[]): Promise<Rank> {
  const db = create({
    schema: { name: 'string', description: 'string', category: 'string', techStack: 'string', type: 'string' } as const,
  });
  await insertMultiple(
    db,
    documents.map((d) => ({
      id: d.url,
      name: d.name,
      description: d.description,
      category: d.category,
      techStack: d.techStack,
      type: d.type,
    })),
  );
  return async (query) => (await oramaSearch(db, { term: query, limit: CUTOFF })).hits.map((hit) => hit.id);
}

/**
 * FlexSearch's Document index over the fields with its default options (strict words, the default encoder, every
 * word required); `merge: true` is its documented way to have one list of documents rather than one per field.
 */
function flexSearchDefaults(documents: CatalogDocument[]): Rank {
  const index = new Document({ document: { id: 'url', index: [...FIELDS] } });
  for (const d of documents) index.add({ ...d });
  return async (query) => index.search(query, { limit: CUTOFF, merge: true }).map((hit) => String(hit.id));
}

interface EngineResult {
  engine: string;
  summary: Summary;
  scores: QueryScore[];
}

const BEST_MATCH = 'Best Match';

async function measure(
  engine: string,
  rank: Rank,
  queries: JudgedQuery[],
  held: ReadonlySet<string>,
): Promise<EngineResult> {
  const scores: QueryScore[] = [];
  for (const q of queries) scores.push(scoreQuery(q, (await rank(q.query)).slice(0, CUTOFF), held));
  return { engine, summary: summarize(scores), scores };
}

/** Every catalog's judgments: the files given, or those present under tests/fixtures/relevance/. */
function judgmentFiles(given: string[] | undefined): string[] {
  return given ?? CATALOGS.map(judgmentsPath).filter((file) => existsSync(file));
}

export async function relevanceSections(given?: string[]): Promise<ReportSection[]> {
  const files = judgmentFiles(given);
  if (files.length === 0)
    return [
      {
        title: 'Relevance',
        lines: ['No judgments yet (tests/fixtures/relevance/<catalog>/judgments.json): nothing was measured.'],
        goals: [],
        json: {},
      },
    ];
  const sections: ReportSection[] = [];
  for (const file of files) sections.push(await catalogSection(file));
  return sections;
}

async function catalogSection(file: string): Promise<ReportSection> {
  const judgments = readJudgments(file);
  log(`  relevance: ${judgments.catalog} (${judgments.queries.length} queries)`);
  const started = performance.now();
  const catalog = await catalogDb(judgments, file);
  try {
    const { documents } = catalog;
    const held = heldKeys(documents);
    const engines: Array<[string, Rank]> = [
      [BEST_MATCH, (query) => bestMatch(catalog.db, query)],
      ['MiniSearch', miniSearchDefaults(documents)],
      ['MiniSearch (prefix, fuzzy 0.2)', miniSearchAsYouType(documents)],
      ['Orama', await oramaDefaults(documents)],
      ['FlexSearch', flexSearchDefaults(documents)],
    ];
    const results: EngineResult[] = [];
    for (const [engine, rank] of engines) results.push(await measure(engine, rank, judgments.queries, held));
    const seconds = (performance.now() - started) / 1000;
    return report(judgments, file, documents, catalog.refused, results, seconds);
  } finally {
    catalog.close();
  }
}

const fixed = (n: number) => n.toFixed(3);

function report(
  judgments: Judgments,
  file: string,
  documents: CatalogDocument[],
  refused: number,
  results: EngineResult[],
  seconds: number,
): ReportSection {
  const best = results.find((r) => r.engine === BEST_MATCH)!;
  const peers = results.filter((r) => r !== best);
  const answerable = best.scores.filter((s) => s.answerable).length;
  const missing = missingGraded(judgments.queries, documents);
  const shapes = Object.keys(best.summary.byShape);
  const byUrl = new Map(documents.map((d) => [urlKey(d.url), d.name]));
  const lines = [
    `${documents.length} contents${refused ? ` (${refused} rows of the catalog file refused by the import)` : ''}; ${judgments.queries.length} judged queries (${shown(file)}), ${answerable} with a graded answer in the catalog (the means are over those). Gains 2^grade − 1 with a log2 discount; an answer is graded ≥ 2. Measured in ${seconds.toFixed(1)} s.${missing.length ? ` ${missing.length} graded URLs are not in the catalog: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}.` : ''}`,
    '',
    '| engine | NDCG@10 | P@5 | MRR | queries with no result |',
    '|---|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${fixed(r.summary.ndcg)} | ${fixed(r.summary.p5)} | ${fixed(r.summary.mrr)} | ${r.summary.noResult} |`,
    ),
    '',
    'Mean NDCG@10 per shape of query:',
    '',
    `| shape | queries | ${results.map((r) => r.engine).join(' | ')} |`,
    `|---|---:|${results.map(() => '---:').join('|')}|`,
    ...shapes.map(
      (shape) =>
        `| ${shape} | ${best.summary.byShape[shape]!.queries} | ${results.map((r) => fixed(r.summary.byShape[shape]?.ndcg ?? 0)).join(' | ')} |`,
    ),
    '',
    `${BEST_MATCH}'s worst ten queries, its top five beside the ideal's (name, grade):`,
    '',
    '| query | shape | NDCG@10 | Best Match | ideal |',
    '|---|---|---:|---|---|',
    ...worst(best.scores).map(
      (s) =>
        `| ${cell(s.query)} | ${s.shape} | ${fixed(s.ndcg)} | ${topFive(s.ranked.map((r) => ({ name: byUrl.get(urlKey(r.url)) ?? r.url, grade: r.grade }))) || 'no result'} | ${topFive(ideal(judgments.queries.find((q) => q.query === s.query)!, byUrl))} |`,
    ),
  ];
  return {
    title: `Relevance: the ${judgments.catalog} catalog`,
    lines,
    goals: goals(judgments.catalog, best, peers),
    json: {
      file: shown(file),
      contents: documents.length,
      refused,
      queries: judgments.queries.length,
      answerable,
      missingGraded: missing,
      engines: Object.fromEntries(
        results.map((r) => [
          r.engine,
          { ...r.summary, ndcgByQuery: Object.fromEntries(r.scores.map((s) => [s.query, s.ndcg])) },
        ]),
      ),
      bestMatch: best.scores.map((s) => ({
        query: s.query,
        shape: s.shape,
        ndcg: s.ndcg,
        p5: s.p5,
        rr: s.rr,
        top: s.ranked,
      })),
    },
  };
}

/** Best Match above every peer on each measure, and never empty-handed when the catalog holds an answer. */
function goals(catalog: string, best: EngineResult, peers: EngineResult[]): Goal[] {
  const measures: Array<[string, (s: Summary) => number]> = [
    ['NDCG@10', (s) => s.ndcg],
    ['P@5', (s) => s.p5],
    ['MRR', (s) => s.mrr],
  ];
  const above = measures.map(([name, pick]): Goal => {
    const top = peers.reduce((a, b) => (pick(b.summary) > pick(a.summary) ? b : a));
    return {
      goal: `Relevance (${catalog}): Best Match's ${name} above every peer's`,
      figure: `${fixed(pick(best.summary))} (best peer: ${top.engine} ${fixed(pick(top.summary))})`,
      met: peers.every((p) => pick(best.summary) > pick(p.summary)),
    };
  });
  const empty = best.summary.noResultAnswerable;
  return [
    ...above,
    {
      goal: `Relevance (${catalog}): no query without a result when the catalog holds a graded answer`,
      figure: empty.length ? `${empty.length}: ${empty.map((q) => `'${q}'`).join(', ')}` : 'none',
      met: empty.length === 0,
    },
  ];
}

/** The ten lowest NDCG@10 among the answerable queries, lowest first (ties in the judgments' order). */
function worst(scores: QueryScore[]): QueryScore[] {
  return scores
    .filter((s) => s.answerable)
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.ndcg - b.s.ndcg || a.i - b.i)
    .slice(0, 10)
    .map(({ s }) => s);
}

/** The best ranking the catalog allows: its graded resources, highest grade first. */
function ideal(query: JudgedQuery, byUrl: Map<string, string>): Array<{ name: string; grade: number }> {
  return [...gradesOf(query)]
    .filter(([key, grade]) => grade > 0 && byUrl.has(key))
    .sort((a, b) => b[1] - a[1])
    .map(([key, grade]) => ({ name: byUrl.get(key)!, grade }));
}

const topFive = (ranked: Array<{ name: string; grade: number }>) =>
  ranked
    .slice(0, 5)
    .map((r) => `${cell(r.name)} (${r.grade})`)
    .join('; ');

/** A file as the report names it: from the repository's root when it is inside, else in full. */
function shown(file: string): string {
  const path = relative(root, file);
  return path.startsWith('..') || isAbsolute(path) ? file : path;
}

/** Text safe in a Markdown table cell. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/** The graded URLs no content of the catalog has: a judgment that can never be met, shown so it gets fixed. */
function missingGraded(queries: JudgedQuery[], documents: CatalogDocument[]): string[] {
  const held = heldKeys(documents);
  return [...new Set(queries.flatMap((q) => Object.keys(q.grades)).filter((url) => !held.has(urlKey(url))))];
}
