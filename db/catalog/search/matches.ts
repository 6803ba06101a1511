/**
 * Full-text matches mapped onto the facet table's rows, ranked only where a page can show them (decision 012),
 * and kept while no change can alter them (decision 023): which contents match some words, and their bm25
 * ranks, move only with the indexed text. A review, the stream of writes that comes all day, changes a
 * content's rating and count, never its text: a word search refreshed after one counts again from the table
 * without asking SQL.
 */
import type { Db } from '../../client.ts';
import { config } from '../../config.ts';
import { catalogVersion, changesSince, movesNoFacet, type CatalogChange, type FacetValues } from './changes.ts';
import { readFtsMatches } from './fast-paths.ts';
import type { FacetFilters, FacetTable, Matches } from './facet-types.ts';
import { failedGroups } from './deps.ts';
import { seqsPassing } from './filters.ts';
import { holdsSeq } from './sorted-seqs.ts';

/**
 * bm25 ranks are read as integers (in units of 1e-9): writing 20,000 ranks as reals took 4 of the 24 ms of
 * ranking a broad word's matches in a broad category ('data' in data science at 100k contents). Ranks closer
 * than that are equal, and the tie is broken as any tie is (newest first).
 */
const RANK_SCALE = 1e9;
const RANK_AS_INTEGER = `CAST(rank * ${RANK_SCALE} AS INTEGER)`;

/** Distinct word searches kept per database (each holds its matches' seqs and ranks: a few hundred kB at most). */
const MAX_KEPT = 100;

/**
 * A query matching this share of the catalog's contents (and at least BROAD_MIN of them) is broad: 'data',
 * 'course', 'web'. Its ranks do not depend on the filters, and ranking its matches in one category costs
 * nearly as much as in all of them, so the second time it is asked under some filter, every match is
 * ranked once and each filter's ranks are then taken from those in memory.
 */
const BROAD_SHARE = 0.05;
const BROAD_MIN = 50;
/** The broad queries met so far, per database. */
const broadQueries = new WeakMap<Db, Set<string>>();

/** The matches of one full-text query, by seq: independent of the table's rows, which move as it is maintained. */
export interface TextMatches {
  /** Every matching content's seq, ascending. */
  seqs: Int32Array;
  /** The seqs ranked (those passing the rank filters) and their bm25 ranks. */
  rankedSeqs: Int32Array;
  ranks: Float64Array;
}

interface Kept {
  version: number;
  matches: TextMatches;
  rankFilters: FacetFilters | undefined;
}

const kept = new WeakMap<Db, Map<string, Kept>>();
let reads = 0;
/** How many times the full-text index was asked for a query's matches (a test counts them). */
export const textMatchReads = () => reads;

/**
 * Whether a change may alter a query's matches or ranks: any change to the indexed text or to which
 * contents exist or are shown; a content's other columns only when it matches and its passing the rank
 * filters changed (it must then be ranked, or no longer is).
 */
function altersMatches(entry: Kept, change: CatalogChange): boolean {
  if (movesNoFacet(change)) return false;
  if (change.kind !== 'update' || change.textChanged || change.contentSeq === null) return true;
  if (!holdsSeq(entry.matches.seqs, change.contentSeq)) return false;
  if (!entry.rankFilters || !change.before || !change.after) return Boolean(entry.rankFilters);
  const passes = (values: FacetValues) => failedGroups(entry.rankFilters!, values).length === 0;
  return passes(change.before) !== passes(change.after);
}

/** How many integers some lists of them ('12,-7,40') hold. */
function countIntegers(texts: string[]): number {
  let count = 0;
  for (const text of texts) {
    if (!text) continue;
    count++;
    for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) === 44) count++;
  }
  return count;
}

/** Lists of integers ('12,-7,40'), one after the other, read digit by digit (no string per number) into `out`. */
function parseIntegers(texts: string[], out: Int32Array | Float64Array, scale = 1): void {
  let n = 0;
  for (const text of texts) {
    if (!text) continue;
    let value = 0;
    let negative = false;
    for (let k = 0; k <= text.length; k++) {
      const c = k < text.length ? text.charCodeAt(k) : 44;
      if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
      else if (c === 45) negative = true;
      else if (c === 44) {
        out[n++] = (negative ? -value : value) / scale;
        value = 0;
        negative = false;
      }
    }
  }
}

/**
 * The matches from the statement's two lists, both in the order it visited the rows: every match's seq, and
 * the rank of each one it ranked (those `passes` holds, or every one; none when it ranked none). Only the
 * ranks are written by SQL: which seq each belongs to is known here, which saves writing and parsing 20,000
 * seqs twice.
 */
function textMatchesOf(found: string[], rankedTexts: string[], passes?: Uint8Array): TextMatches {
  const seqs = new Int32Array(countIntegers(found));
  parseIntegers(found, seqs);
  const ranks = new Float64Array(countIntegers(rankedTexts));
  parseIntegers(rankedTexts, ranks, RANK_SCALE);
  const rankedSeqs = passes ? new Int32Array(ranks.length) : seqs.slice(0, ranks.length);
  if (passes) for (let k = 0, r = 0; k < seqs.length && r < ranks.length; k++) if (passes[seqs[k]!] === 1) rankedSeqs[r++] = seqs[k]!;
  if (isAscending(seqs)) return { seqs, rankedSeqs, ranks };
  // FTS5 visits rowids in ascending order; should it not, both lists are put in seq order.
  const order = Array.from(rankedSeqs.keys()).sort((a, b) => rankedSeqs[a]! - rankedSeqs[b]!);
  return { seqs: seqs.sort(), rankedSeqs: Int32Array.from(order, (k) => rankedSeqs[k]!), ranks: Float64Array.from(order, (k) => ranks[k]!) };
}

function isAscending(seqs: Int32Array): boolean {
  for (let k = 1; k < seqs.length; k++) if (seqs[k - 1]! > seqs[k]!) return false;
  return true;
}

/**
 * Every full-text match, and the rank of those that pass `rankFilters` (all of them when it is empty; none
 * when it is undefined). bm25 is what a match costs: reading every match's rowid is a few milliseconds on
 * 100k contents, ranking every one of them ten times that. So only the rows a relevance page can show are
 * ranked: the filters become a map by seq that the statement reads before asking for a row's rank.
 */
async function readTextMatches(db: Db, table: FacetTable, match: string, rankFilters?: FacetFilters): Promise<TextMatches> {
  reads++;
  if (!rankFilters) return textMatchesOf((await readFtsMatches(db, 'NULL', [match])).found, []);
  const halves = { contents: table.size, splitAt: table.rowOfSeq.length >> 1 };
  if (Object.keys(rankFilters).length === 0) {
    const row = await readFtsMatches(db, `group_concat(${RANK_AS_INTEGER})`, [match], halves);
    return textMatchesOf(row.found, row.ranked);
  }
  const passes = seqsPassing(table, rankFilters);
  const row = await readFtsMatches(db, `group_concat(CASE WHEN substr(?2, rowid + 1, 1) = x'01' THEN ${RANK_AS_INTEGER} END)`, [match, passes], halves);
  return textMatchesOf(row.found, row.ranked, passes);
}

/** The matches of `match` (ranked under `rankFilters`), read again only when a change since may have altered them. */
export async function textMatches(db: Db, table: FacetTable, match: string, rankFilters?: FacetFilters): Promise<TextMatches> {
  if (config().CATALOG_CACHE === 'off') return readTextMatches(db, table, match, rankFilters);
  const version = await catalogVersion(db);
  let byQuery = kept.get(db);
  if (!byQuery) kept.set(db, (byQuery = new Map()));
  const key = `${match}\u0000${JSON.stringify(rankFilters ?? null)}`;
  const entry = byQuery.get(key);
  if (entry) {
    const changes = entry.version < version ? changesSince(db, entry.version) : [];
    if (changes && !changes.some((change) => altersMatches(entry, change))) {
      entry.version = Math.max(entry.version, version);
      byQuery.delete(key);
      byQuery.set(key, entry);
      return entry.matches;
    }
    byQuery.delete(key);
  }
  const matches = await matchesOnMiss(db, table, match, rankFilters);
  byQuery.set(key, { version, matches, rankFilters });
  if (byQuery.size > MAX_KEPT) byQuery.delete(byQuery.keys().next().value!);
  return matches;
}

/** A broad query's ranks under filters come from its ranks over every match; any other is read as asked. */
async function matchesOnMiss(db: Db, table: FacetTable, match: string, rankFilters: FacetFilters | undefined): Promise<TextMatches> {
  let broad = broadQueries.get(db);
  if (!broad) broadQueries.set(db, (broad = new Set()));
  const filtered = rankFilters !== undefined && Object.keys(rankFilters).length > 0;
  if (filtered && broad.has(match)) return narrowed(table, await textMatches(db, table, match, {}), rankFilters);
  const matches = await readTextMatches(db, table, match, rankFilters);
  if (matches.seqs.length >= Math.max(BROAD_MIN, BROAD_SHARE * table.size)) {
    if (broad.size >= MAX_KEPT) broad.delete(broad.values().next().value!);
    broad.add(match);
  }
  return matches;
}

/** The ranks of every match cut down to those passing `rankFilters`: the same as ranking only those (bm25 reads no filter). */
function narrowed(table: FacetTable, all: TextMatches, rankFilters: FacetFilters): TextMatches {
  const passes = seqsPassing(table, rankFilters);
  const rankedSeqs = new Int32Array(all.rankedSeqs.length);
  const ranks = new Float64Array(all.rankedSeqs.length);
  let n = 0;
  for (let k = 0; k < all.rankedSeqs.length; k++) {
    const seq = all.rankedSeqs[k]!;
    if (passes[seq] !== 1) continue;
    rankedSeqs[n] = seq;
    ranks[n++] = all.ranks[k]!;
  }
  return { seqs: all.seqs, rankedSeqs: rankedSeqs.subarray(0, n), ranks: ranks.subarray(0, n) };
}

/**
 * Matches mapped onto rows, kept per text matches while no content gains or loses its row: mapping a broad
 * word's 30,000 matches took 3.5 ms of each refresh of its pages under a stream of reviews.
 */
const mapped = new WeakMap<TextMatches, { table: FacetTable; layout: number; matches: Matches }>();

/** The matches on the table's rows: a content the table does not hold (hidden, or newer than it) is left out. */
export function onRows(table: FacetTable, text: TextMatches): Matches {
  const kept = mapped.get(text);
  if (kept && kept.table === table && kept.layout === table.layout) return kept.matches;
  const matches = mapOnRows(table, text);
  mapped.set(text, { table, layout: table.layout, matches });
  return matches;
}

function mapOnRows(table: FacetTable, text: TextMatches): Matches {
  const rows = new Int32Array(text.seqs.length);
  let n = 0;
  for (const seq of text.seqs) {
    const row = table.rowOfSeq[seq] ?? -1;
    if (row >= 0) rows[n++] = row;
  }
  const ranked = new Int32Array(text.rankedSeqs.length);
  const rank = new Float64Array(text.rankedSeqs.length);
  let r = 0;
  for (let k = 0; k < text.rankedSeqs.length; k++) {
    const row = table.rowOfSeq[text.rankedSeqs[k]!] ?? -1;
    if (row >= 0) {
      ranked[r] = row;
      rank[r++] = text.ranks[k]!;
    }
  }
  return { rows: rows.subarray(0, n), ranked: ranked.subarray(0, r), rank: rank.subarray(0, r), seqs: text.seqs };
}

/** Every full-text match of `match` on the table's rows, with the ranks a relevance page under `rankFilters` needs. */
export async function matchingRows(db: Db, table: FacetTable, match: string, rankFilters?: FacetFilters): Promise<Matches> {
  return onRows(table, await textMatches(db, table, match, rankFilters));
}
