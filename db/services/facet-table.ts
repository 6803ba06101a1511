/**
 * The catalog's facets and result pages, computed in memory (decisions 007 and 011). The search sidebar
 * counts, for every option of every filter group, the results it would give with the other active filters
 * kept; a page lists the results in the chosen order. Both come from one snapshot of every content's facet
 * columns — cost, certificate, rating, review count, date — and its tags, held in typed arrays.
 *
 * Tags are held as *combinations*: per kind, the rows that carry the same set of tags share one
 * combination id. A row costs one increment per kind however many tags there are, and the options are read
 * off the combinations' tallies at the end; a tag filter is a precomputed "this combination holds the tag"
 * flag. So the number of tags per kind is unbounded (bit masks stopped at 32).
 *
 * The snapshot is read with the catalog version it belongs to, and replaced when `meta.catalog_version`
 * moves (any change to contents, their tags or reviews, made by any process); the requests that arrive
 * during a rebuild share it.
 */
import type { Db } from '../client.ts';
import { COSTS } from '../taxonomy.ts';
import { RATING_STEPS, type Order } from '../validation/search.ts';
import { catalogVersion } from './catalog-cache.ts';

export const TAG_GROUPS = ['category', 'techStack', 'type'] as const;
export type TagGroup = (typeof TAG_GROUPS)[number];

/** One kind of tag over the table's rows. */
interface TagIndex {
  /** Tag index → its value. */
  values: string[];
  indexOfValue: Map<string, number>;
  /** Row → its combination (0: no tag of this kind). */
  comboOfRow: Int32Array;
  /** Combination → the tag indexes it holds. */
  combos: Int32Array[];
  comboOfKey: Map<string, number>;
  /** Tag index → the combinations that hold it (what a filter on the tag passes). */
  combosOfTag: number[][];
}

export interface FacetTable {
  version: number;
  size: number;
  /** Row index of each content's seq (the FTS rowid), -1 where none. */
  rowOfSeq: Int32Array;
  seq: Int32Array;
  /** Index into COSTS; 255 for a cost outside the list. */
  cost: Uint8Array;
  hasCert: Uint8Array;
  rating: Float64Array;
  numReviews: Int32Array;
  createdAt: Float64Array;
  tags: Record<TagGroup, TagIndex>;
  /** The rows in each order, made when first asked for. */
  orders: Partial<Record<Order, Int32Array>>;
  /** The counts with no filter and no words, made when first asked for. */
  totals?: { facets: FacetCounts; count: number };
}

/** The active filters: a tag value per group, a cost, a certificate value, a minimum rating. */
export interface FacetFilters {
  category?: string;
  techStack?: string;
  type?: string;
  cost?: string;
  hasCert?: 0 | 1;
  rating?: number;
}

export interface FacetCounts {
  category: Record<string, number>;
  techStack: Record<string, number>;
  type: Record<string, number>;
  cost: Record<string, number>;
  hasCert: Record<'true' | 'false', number>;
  /** Key N: results whose average is at or above N. */
  rating: Record<string, number>;
}

/**
 * Full-text matches, in no particular order: every matching row (what the counts need), and the bm25 rank
 * (lower is better) of the rows asked for (what a page in relevance order needs).
 */
export interface Matches {
  rows: Int32Array;
  ranked: Int32Array;
  rank: Float64Array;
}

const tables = new WeakMap<Db, { version: number; table: Promise<FacetTable> }>();

/** The table for the catalog as it is now (one indexed read when it is current). */
export async function facetTable(db: Db): Promise<FacetTable> {
  const version = await catalogVersion(db);
  const held = tables.get(db);
  if (held && held.version === version) return held.table;
  const table = loadFacetTable(db);
  tables.set(db, { version, table });
  table.catch(() => tables.delete(db));
  return table;
}

const CONTENT_ROWS = `SELECT (SELECT value FROM meta WHERE key = 'catalog_version') AS version, coalesce(max(seq), 0) AS top,
  json_group_array(json_array(seq, cost, has_cert, rating, num_reviews, created_at, tag_key)) AS rows
FROM contents INDEXED BY contents_facet_table_idx`;

async function loadFacetTable(db: Db): Promise<FacetTable> {
  // One statement over the covering index, so the rows and the version are the same snapshot; one JSON
  // text rather than 100k row objects from the driver (which take seven times as long). Each row carries
  // its tag set as one text (contents.tag_key), so tags cost a map lookup per row, not one per tag.
  const { rows } = await db.$client.execute(CONTENT_ROWS);
  const head = rows[0]!;
  const data = JSON.parse(String(head.rows)) as Array<[number, string, number, number, number, number, string]>;
  const size = data.length;
  const table: FacetTable = {
    version: Number(head.version ?? 0),
    size,
    rowOfSeq: new Int32Array(Number(head.top) + 1).fill(-1),
    seq: new Int32Array(size),
    cost: new Uint8Array(size),
    hasCert: new Uint8Array(size),
    rating: new Float64Array(size),
    numReviews: new Int32Array(size),
    createdAt: new Float64Array(size),
    tags: { category: emptyTagIndex(size), techStack: emptyTagIndex(size), type: emptyTagIndex(size) },
    orders: {},
  };
  const costIndex = new Map<string, number>(COSTS.map((cost, i) => [cost, i]));
  // A tag set seen before has its combination per kind already: most rows share a set with others.
  const combosOfKey = new Map<string, Record<TagGroup, number>>();
  const comboOf = (kind: TagGroup, values: string[]): number => {
    const index = table.tags[kind];
    const tagIndexes = values.map((value) => {
      let j = index.indexOfValue.get(value);
      if (j === undefined) {
        j = index.values.push(value) - 1;
        index.indexOfValue.set(value, j);
      }
      return j;
    });
    const key = tagIndexes.sort((a, b) => a - b).join(',');
    let combo = index.comboOfKey.get(key);
    if (combo === undefined) {
      combo = index.combos.push(Int32Array.from(tagIndexes)) - 1;
      index.comboOfKey.set(key, combo);
      for (const j of tagIndexes) (index.combosOfTag[j] ??= []).push(combo);
    }
    return combo;
  };
  data.forEach(([seq, cost, hasCert, rating, numReviews, createdAt, tagKey], i) => {
    table.rowOfSeq[seq] = i;
    table.seq[i] = seq;
    table.cost[i] = costIndex.get(cost) ?? 255;
    table.hasCert[i] = hasCert ? 1 : 0;
    table.rating[i] = rating;
    table.numReviews[i] = numReviews;
    table.createdAt[i] = createdAt;
    if (!tagKey) return;
    let combos = combosOfKey.get(tagKey);
    if (!combos) {
      combos = { category: 0, techStack: 0, type: 0 };
      for (const part of tagKey.split(';')) {
        const [kind, values] = part.split('=') as [TagGroup, string];
        if (kind in combos) combos[kind] = comboOf(kind, values.split(','));
      }
      combosOfKey.set(tagKey, combos);
    }
    table.tags.category.comboOfRow[i] = combos.category;
    table.tags.techStack.comboOfRow[i] = combos.techStack;
    table.tags.type.comboOfRow[i] = combos.type;
  });
  return table;
}

const emptyTagIndex = (size: number): TagIndex => ({
  values: [],
  indexOfValue: new Map(),
  comboOfRow: new Int32Array(size),
  combos: [new Int32Array(0)],
  comboOfKey: new Map([['', 0]]),
  combosOfTag: [],
});

/**
 * Every full-text match, and the rank of those that pass `rankFilters` (all of them when it is empty; none
 * when it is undefined). bm25 is what a match costs: reading every match's rowid is a few milliseconds on
 * 100k contents, ranking every one of them ten times that. So only the rows a relevance page can show are
 * ranked: the filters become a map by seq that the statement reads before asking for a row's rank.
 */
export async function matchingRows(db: Db, table: FacetTable, match: string, rankFilters?: FacetFilters): Promise<Matches> {
  let ranked = 'NULL';
  const args: Array<string | Uint8Array> = [match];
  if (rankFilters && Object.keys(rankFilters).length === 0) ranked = "group_concat(rowid || ' ' || rank)";
  else if (rankFilters) {
    ranked = "group_concat(CASE WHEN substr(?2, rowid + 1, 1) = x'01' THEN rowid || ' ' || rank END)";
    args.push(seqsPassing(table, rankFilters));
  }
  const { rows } = await db.$client.execute({ sql: `SELECT group_concat(rowid) AS found, ${ranked} AS ranked FROM contents_fts WHERE contents_fts MATCH ?1`, args });
  const found = rowsOfSeqs(table, String(rows[0]?.found ?? ''));
  const rankedRows: number[] = [];
  const ranks: number[] = [];
  // 'seq rank,seq rank…'; a rank is a real, which may hold a comma-free exponent ('1.5e-06').
  const text = String(rows[0]?.ranked ?? '');
  for (let start = 0; start < text.length; ) {
    const space = text.indexOf(' ', start);
    let end = text.indexOf(',', space);
    if (end < 0) end = text.length;
    const row = table.rowOfSeq[Number(text.slice(start, space))] ?? -1;
    if (row >= 0) {
      rankedRows.push(row);
      ranks.push(Number(text.slice(space + 1, end)));
    }
    start = end + 1;
  }
  return { rows: found, ranked: Int32Array.from(rankedRows), rank: Float64Array.from(ranks) };
}

/** The table rows of a list of seqs ('12,7,40'), read digit by digit (no string per number). */
function rowsOfSeqs(table: FacetTable, text: string): Int32Array {
  const out = new Int32Array(text.length ? text.length / 2 + 1 : 0);
  let n = 0;
  let seq = -1;
  for (let k = 0; k <= text.length; k++) {
    const c = k < text.length ? text.charCodeAt(k) : 44;
    if (c >= 48 && c <= 57) seq = (seq < 0 ? 0 : seq * 10) + (c - 48);
    else if (seq >= 0) {
      // A content added after the snapshot is not in the table: the next version's table will have it.
      const row = table.rowOfSeq[seq] ?? -1;
      if (row >= 0) out[n++] = row;
      seq = -1;
    }
  }
  return out.subarray(0, n);
}

/** A byte per seq, 1 where that content passes the filters: what the rank statement reads (substr of a blob). */
function seqsPassing(table: FacetTable, filters: FacetFilters): Uint8Array {
  const passes = passing(table, compile(table, filters));
  const map = new Uint8Array(table.rowOfSeq.length);
  for (let i = 0; i < table.size; i++) if (passes(i)) map[table.seq[i]!] = 1;
  return map;
}

/** The filters as flags and indexes the loops test, computed once per call. */
function compile(table: FacetTable, filters: FacetFilters) {
  const tagFlags = (kind: TagGroup): Uint8Array | undefined => {
    const value = filters[kind];
    if (value === undefined) return undefined;
    const index = table.tags[kind];
    const j = index.indexOfValue.get(value);
    const flags = new Uint8Array(index.combos.length);
    // A value no content carries: no combination holds it, so no row passes.
    if (j !== undefined) for (const c of index.combosOfTag[j]!) flags[c] = 1;
    return flags;
  };
  return {
    category: tagFlags('category'),
    techStack: tagFlags('techStack'),
    type: tagFlags('type'),
    cost: filters.cost === undefined ? -1 : (COSTS as readonly string[]).indexOf(filters.cost),
    hasCert: filters.hasCert ?? -1,
    rating: filters.rating ?? -1,
  };
}

/**
 * Counts every option of every group among `rows` (all rows when undefined): an option is counted on a row
 * that passes every active filter except its own group's. A row failing two filters counts nowhere; one
 * failing exactly one counts only in that filter's group; one passing all counts everywhere and in `count`.
 */
export function countFacets(table: FacetTable, filters: FacetFilters, rows?: Int32Array): { facets: FacetCounts; count: number } {
  if (!rows && Object.keys(filters).length === 0 && table.totals) return table.totals;
  const f = compile(table, filters);
  const { cost, hasCert, rating } = table;
  const cat = table.tags.category.comboOfRow;
  const tech = table.tags.techStack.comboOfRow;
  const typ = table.tags.type.comboOfRow;
  const byCombo = {
    category: new Float64Array(table.tags.category.combos.length),
    techStack: new Float64Array(table.tags.techStack.combos.length),
    type: new Float64Array(table.tags.type.combos.length),
  };
  const byCost = new Float64Array(256);
  const byCert = new Float64Array(2);
  const byStars = new Float64Array(6);

  let count = 0;
  const n = rows ? rows.length : table.size;
  for (let k = 0; k < n; k++) {
    const i = rows ? rows[k]! : k;
    // Which filter the row fails (0–5), or 6 when it fails none; 7 when it fails two or more.
    let failed = 6;
    if (f.category && !f.category[cat[i]!]) failed = 0;
    if (f.techStack && !f.techStack[tech[i]!]) failed = failed === 6 ? 1 : 7;
    if (f.type && !f.type[typ[i]!]) failed = failed === 6 ? 2 : 7;
    if (f.cost >= 0 && cost[i] !== f.cost) failed = failed === 6 ? 3 : 7;
    if (f.hasCert >= 0 && hasCert[i] !== f.hasCert) failed = failed === 6 ? 4 : 7;
    if (f.rating >= 0 && !(rating[i]! >= f.rating)) failed = failed === 6 ? 5 : 7;
    if (failed === 7) continue;
    if (failed === 6) count++;
    if (failed === 6 || failed === 0) byCombo.category[cat[i]!]!++;
    if (failed === 6 || failed === 1) byCombo.techStack[tech[i]!]!++;
    if (failed === 6 || failed === 2) byCombo.type[typ[i]!]!++;
    if (failed === 6 || failed === 3) byCost[cost[i]!]!++;
    if (failed === 6 || failed === 4) byCert[hasCert[i]!]!++;
    if (failed === 6 || failed === 5) byStars[Math.min(5, Math.floor(rating[i]!))]!++;
  }

  const byValue = (kind: TagGroup) => {
    const index = table.tags[kind];
    const perTag = new Float64Array(index.values.length);
    const tally = byCombo[kind];
    for (let c = 0; c < tally.length; c++) if (tally[c]) for (const j of index.combos[c]!) perTag[j]! += tally[c]!;
    return Object.fromEntries(index.values.map((value, j) => [value, perTag[j]!]));
  };
  // Ratings are averages from 0 to 5 and the steps whole numbers: at or above N means N or more whole stars.
  const atLeast = (step: number) => byStars.slice(step).reduce((sum, n) => sum + n, 0);
  const result = {
    count,
    facets: {
      category: byValue('category'),
      techStack: byValue('techStack'),
      type: byValue('type'),
      cost: Object.fromEntries(COSTS.map((c, i) => [c, byCost[i]!])),
      hasCert: { true: byCert[1]!, false: byCert[0]! },
      rating: Object.fromEntries(RATING_STEPS.map((step) => [String(step), atLeast(step)])),
    },
  };
  if (!rows && Object.keys(filters).length === 0) table.totals = result;
  return result;
}

/** How each order compares two rows (negative: a first). Ties fall back to the newest, then the latest added. */
const COMPARE: Record<Order, (t: FacetTable, a: number, b: number) => number> = {
  latest: (t, a, b) => t.createdAt[b]! - t.createdAt[a]! || t.seq[b]! - t.seq[a]!,
  oldest: (t, a, b) => t.createdAt[a]! - t.createdAt[b]! || t.seq[a]! - t.seq[b]!,
  topRated: (t, a, b) => t.rating[b]! - t.rating[a]! || t.numReviews[b]! - t.numReviews[a]! || COMPARE.latest(t, a, b),
  lowRated: (t, a, b) => t.rating[a]! - t.rating[b]! || t.numReviews[a]! - t.numReviews[b]! || COMPARE.latest(t, a, b),
};

function orderedRows(table: FacetTable, order: Order): Int32Array {
  let rows = table.orders[order];
  if (!rows) {
    rows = Int32Array.from({ length: table.size }, (_, i) => i).sort((a, b) => COMPARE[order](table, a, b));
    table.orders[order] = rows;
  }
  return rows;
}

/**
 * The first `k` of 0…n-1 in the order `compare` gives, sorted: a bounded heap holding the k best so far, so
 * a first page out of 20,000 ranked matches costs n·log k comparisons, not a sort of all of them.
 */
function firstInOrder(n: number, k: number, compare: (a: number, b: number) => number): number[] {
  if (k >= n / 4) return Array.from({ length: n }, (_, i) => i).sort(compare).slice(0, k);
  // A max-heap: its root is the worst of the best k, the one a better newcomer replaces.
  const heap: number[] = [];
  const worse = (a: number, b: number) => compare(heap[a]!, heap[b]!) > 0;
  const swap = (a: number, b: number) => ([heap[a], heap[b]] = [heap[b]!, heap[a]!]);
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      for (let c = heap.length - 1; c > 0 && worse(c, (c - 1) >> 1); c = (c - 1) >> 1) swap(c, (c - 1) >> 1);
    } else if (k > 0 && compare(i, heap[0]!) < 0) {
      heap[0] = i;
      for (let c = 0; ; ) {
        const l = 2 * c + 1;
        const r = l + 1;
        let top = c;
        if (l < k && worse(l, top)) top = l;
        if (r < k && worse(r, top)) top = r;
        if (top === c) break;
        swap(c, top);
        c = top;
      }
    }
  }
  return heap.sort(compare);
}

/** Whether a row passes every compiled filter. */
function passing(table: FacetTable, f: ReturnType<typeof compile>): (i: number) => boolean {
  const { cost, hasCert, rating } = table;
  const cat = table.tags.category.comboOfRow;
  const tech = table.tags.techStack.comboOfRow;
  const typ = table.tags.type.comboOfRow;
  return (i) =>
    (!f.category || f.category[cat[i]!] === 1) &&
    (!f.techStack || f.techStack[tech[i]!] === 1) &&
    (!f.type || f.type[typ[i]!] === 1) &&
    (f.cost < 0 || cost[i] === f.cost) &&
    (f.hasCert < 0 || hasCert[i] === f.hasCert) &&
    (f.rating < 0 || rating[i]! >= f.rating);
}

/**
 * The rows of one page of results, in order: every row passing the filters (among the full-text matches
 * when there are words), sorted by `order`, skipping `offset`. 'relevance' is the bm25 rank of the matches,
 * which must then have been ranked with the same filters (see matchingRows).
 */
export function pageRows(table: FacetTable, filters: FacetFilters, order: Order | 'relevance', offset: number, limit: number, matches?: Matches): number[] {
  if (matches && order === 'relevance') {
    const { ranked, rank } = matches;
    const best = firstInOrder(ranked.length, offset + limit, (a, b) => rank[a]! - rank[b]! || COMPARE.latest(table, ranked[a]!, ranked[b]!));
    return best.slice(offset).map((k) => ranked[k]!);
  }
  const passes = passing(table, compile(table, filters));
  let matched: Uint8Array | undefined;
  if (matches) {
    matched = new Uint8Array(table.size);
    for (const i of matches.rows) matched[i] = 1;
  }
  const page: number[] = [];
  let skipped = 0;
  for (const i of orderedRows(table, order === 'relevance' ? 'latest' : order)) {
    if ((matched && !matched[i]) || !passes(i)) continue;
    if (skipped < offset) skipped++;
    else if (page.push(i) === limit) break;
  }
  return page;
}
