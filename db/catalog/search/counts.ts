/** The search sidebar's counts, read off the facet table in one pass over the rows (decision 007). */
import { FACETS } from '../facets.ts';
import type { FacetCounts, FacetFilters, FacetTable } from './facet-types.ts';
import { codesPerFacet, compile, rulesOf, STRIDE, type CompiledFilter } from './facet-kinds.ts';
import { CHUNKS, inChunks } from './search-helper.ts';
import { shared } from './shared-arrays.ts';

/** One count kept for a search (its filters, and its words' rows), with what patching it needs. */
interface KeptCount {
  rows: Int32Array | undefined;
  /** Where in the table's edit log (of its epoch) the tally is up to. */
  epoch: number;
  seen: number;
  activeFacet: Int32Array;
  passStart: Int32Array;
  passes: Uint8Array;
  /** Each facet's part of `tally`, and its number of codes (a new tag combination changes them: counted again). */
  start: Int32Array;
  sizes: number[];
  tally: Float64Array;
  count: number;
  /** `rows` as flags by row index, made when first patched. */
  members?: Uint8Array;
}

/** How many counts each table keeps: the searches asked for lately (each a few kB to tens of kB). */
export const KEPT_COUNTS = 64;

/**
 * Process-wide, as the facet tables are (facet-table.ts): a search rendered by Astro's bundle keeps the counts
 * that a patch of its cached page, run by the server's own modules, reads again (step-counts.ts).
 */
const store = ((globalThis as Record<symbol, unknown>)[Symbol.for('skillshelf.keptCounts')] ??= {
  byTable: new WeakMap(),
  rowsIds: new WeakMap(),
  nextRowsId: 1,
  afresh: 0,
}) as {
  byTable: WeakMap<FacetTable, Map<string, KeptCount>>;
  /** A number per words' rows array: a search keeps its matches' array while they hold, so one is one key. */
  rowsIds: WeakMap<Int32Array, number>;
  nextRowsId: number;
  afresh: number;
};

/** How many counts were made by reading every row (of the search's words), since the process started. */
export const facetCountsAfresh = () => store.afresh;

/**
 * Counts every option of every facet among `rows` (all rows when undefined): an option is counted on a row
 * that passes every active filter except its own facet's. A row failing two filters counts nowhere; one
 * failing exactly one counts only in that filter's facet; one passing all counts in every facet and in
 * `count`. Each facet's codes are tallied in one array (its part of `tally`), read into options at the end.
 *
 * A count is kept per search, and brought up to date by the rows edited in place or added since (a review
 * moves one row's step of stars, an import adds rows): each edit takes the row's old codes out of the tally
 * and puts its new ones in, a few dozen operations where counting again reads every row (decision 023). A row
 * removed, a tag moved or a new tag combination starts the counts over.
 */
export function countFacets(
  table: FacetTable,
  filters: FacetFilters,
  rows?: Int32Array,
): { facets: FacetCounts; count: number } {
  const unfiltered = !rows && Object.keys(filters).length === 0;
  if (unfiltered && table.totals) return table.totals;
  const kept = keptCountOf(table, filters, rows);
  const result = { count: kept.count, facets: facetsOf(table, kept) as FacetCounts };
  if (unfiltered) table.totals = result;
  return result;
}

/**
 * The counts of the facets in `keys` alone, from the same kept count: a patch of a page's steps of stars
 * reads two groups, where the whole sidebar builds an object per provider and tag.
 */
export function countSomeFacets(
  table: FacetTable,
  filters: FacetFilters,
  rows: Int32Array | undefined,
  keys: ReadonlySet<string>,
): Partial<FacetCounts> {
  if (!rows && Object.keys(filters).length === 0 && table.totals) return table.totals.facets;
  return facetsOf(table, keptCountOf(table, filters, rows), keys);
}

/** Each facet's counts by option from a kept tally (those in `keys` alone, when given). */
function facetsOf(
  table: FacetTable,
  { tally, start, sizes }: KeptCount,
  keys?: ReadonlySet<string>,
): Partial<FacetCounts> {
  return Object.fromEntries(
    FACETS.flatMap((facet, f) =>
      keys && !keys.has(facet.key)
        ? []
        : [[facet.key, rulesOf(facet).counts(table, facet, tally.subarray(start[f]!, start[f]! + sizes[f]!))]],
    ),
  );
}

/** The kept count of this search, patched with the edits since it was made, or made now. */
function keptCountOf(table: FacetTable, filters: FacetFilters, rows: Int32Array | undefined): KeptCount {
  let byKey = store.byTable.get(table);
  if (!byKey) store.byTable.set(table, (byKey = new Map()));
  let rowsId = 0;
  if (rows) {
    rowsId = store.rowsIds.get(rows) ?? store.nextRowsId++;
    store.rowsIds.set(rows, rowsId);
  }
  const key = `${rowsId}:${JSON.stringify(filters)}`;
  const found = byKey.get(key);
  byKey.delete(key);
  const kept = found && patched(table, found) ? found : countAll(table, filters, rows);
  // Map keeps insertion order: re-inserting marks it recently used, and the oldest go first.
  byKey.set(key, kept);
  if (byKey.size > KEPT_COUNTS) byKey.delete(byKey.keys().next().value!);
  return kept;
}

/** Applies the table's edits since `kept` was last brought up to date; false when it must be counted again. */
function patched(table: FacetTable, kept: KeptCount): boolean {
  const { edits } = table;
  if (kept.epoch !== edits.epoch) return false;
  if (kept.seen === edits.log.length) return true;
  const sizes = codesPerFacet(table);
  if (sizes.some((size, f) => size !== kept.sizes[f])) return false;
  if (kept.rows && !kept.members) {
    kept.members = new Uint8Array(table.size);
    for (const row of kept.rows) kept.members[row] = 1;
  }
  for (let e = kept.seen; e < edits.log.length; e++) {
    const { row, before, after } = edits.log[e]!;
    // A row added after the words' rows were read is not among them (members is as long as the table was).
    if (kept.members && !kept.members[row]) continue;
    if (before) tallyRow(kept, before, -1);
    tallyRow(kept, after, 1);
  }
  kept.seen = edits.log.length;
  return true;
}

/** Adds (`by` 1) or takes out (-1) one row's codes, as the loop in countAll counts them. */
function tallyRow(kept: KeptCount, codes: Int32Array, by: 1 | -1): void {
  const { activeFacet, passStart, passes, start, tally } = kept;
  let failed = -1;
  for (let a = 0; a < activeFacet.length; a++) {
    const f = activeFacet[a]!;
    if (passes[passStart[a]! + codes[f]!]) continue;
    if (failed !== -1) return;
    failed = f;
  }
  if (failed === -1) {
    kept.count += by;
    for (let f = 0; f < STRIDE; f++) tally[start[f]! + codes[f]!]! += by;
  } else tally[start[failed]! + codes[failed]!]! += by;
}

/** Counts the search over every row (or every row of its words). */
function countAll(table: FacetTable, filters: FacetFilters, rows: Int32Array | undefined): KeptCount {
  store.afresh++;
  const { activeFacet, passStart, passes } = packFilters(compile(table, filters));
  const sizes = codesPerFacet(table);
  const start = new Int32Array(STRIDE);
  let size = 0;
  sizes.forEach((codes, f) => {
    start[f] = size;
    size += codes;
  });
  const tally = new Float64Array(size);
  const n = rows ? rows.length : table.size;
  const job: TallyJob = {
    kind: 'tally',
    codes: table.codes,
    rows,
    n,
    activeFacet,
    passStart,
    passes,
    start,
    helperTally: helperTallyFor(size),
  };
  const count = n < TALLIED_IN_CHUNKS.from ? tallyRange(job, tally, 0, n) : tallyInChunks(job, tally, table.size);
  const { edits } = table;
  return {
    rows,
    epoch: edits.epoch,
    seen: edits.log.length,
    activeFacet,
    passStart,
    passes,
    start,
    sizes,
    tally,
    count,
  };
}

/** Counts are tallied in chunks from this many rows (below, a tally is under a millisecond). */
export const TALLIED_IN_CHUNKS = { from: 50_000 };

/** A tally as the search's helper thread takes its chunks of it (search-helper.ts), into its own tally. */
export interface TallyJob {
  kind: 'tally';
  codes: Int32Array;
  rows: Int32Array | undefined;
  n: number;
  activeFacet: Int32Array;
  passStart: Int32Array;
  passes: Uint8Array;
  start: Int32Array;
  helperTally: Float64Array;
}

/** The helper thread's tally, over shared memory, kept between searches. */
let helperTally = shared(Float64Array, 0);
function helperTallyFor(size: number): Float64Array {
  if (helperTally.length < size) helperTally = shared(Float64Array, Math.ceil(size * 1.25));
  return helperTally.length === size ? helperTally : helperTally.subarray(0, size);
}

/** Tallies the job's rows in chunks, the helper thread taking its share; its tally is then added to `tally`. */
function tallyInChunks(job: TallyJob, tally: Float64Array, catalogSize: number): number {
  const { total, helperTook } = inChunks(job, catalogSize, (chunk) => tallyChunk(job, tally, chunk));
  if (helperTook) for (let k = 0; k < tally.length; k++) tally[k]! += job.helperTally[k]!;
  return total;
}

/** Tallies chunk `chunk` of the job's rows into `tally`; answers how many of them pass every filter. */
export function tallyChunk(job: TallyJob, tally: Float64Array, chunk: number): number {
  return tallyRange(job, tally, Math.floor((job.n * chunk) / CHUNKS), Math.floor((job.n * (chunk + 1)) / CHUNKS));
}

/** Tallies rows `from` to `to` (of the table, or of the job's rows) into `tally`; answers how many pass every filter. */
function tallyRange(job: TallyJob, tally: Float64Array, from: number, to: number): number {
  const { codes, rows, activeFacet, passStart, passes, start } = job;
  // Most searches have one filter or none: the same loop without the inner one over the filters.
  if (activeFacet.length > 1) return tallyFilters(codes, rows, from, to, activeFacet, passStart, passes, start, tally);
  const pass0 = activeFacet.length ? passes.subarray(passStart[0]) : undefined;
  return tallyOneFilter(codes, rows, from, to, activeFacet[0] ?? 0, pass0, start, tally);
}

/** The active filters' flags side by side in one array (one typed array in the loop, not one per filter). */
function packFilters(active: readonly CompiledFilter[]): Pick<KeptCount, 'activeFacet' | 'passStart' | 'passes'> {
  const activeFacet = Int32Array.from(active, (filter) => filter.f);
  const passStart = new Int32Array(active.length);
  let passesLength = 0;
  for (const [a, filter] of active.entries()) {
    passStart[a] = passesLength;
    passesLength += filter.passes.length;
  }
  const passes = new Uint8Array(passesLength);
  for (const [a, filter] of active.entries()) passes.set(filter.passes, passStart[a]);
  return { activeFacet, passStart, passes };
}

/**
 * The tally of rows `from` to `to` (of the table, or of `rows`) under one filter (in facet `f0`, passing
 * `pass0`'s codes) or none: a row failing it counts in its facet only. Answers how many rows pass.
 */
function tallyOneFilter(
  codes: Int32Array,
  rows: Int32Array | undefined,
  from: number,
  to: number,
  f0: number,
  pass0: Uint8Array | undefined,
  start: Int32Array,
  tally: Float64Array,
): number {
  if (STRIDE === TEN_FACETS) return tallyOneFilterOfTen(codes, rows, from, to, f0, pass0, start, tally);
  let count = 0;
  for (let k = from; k < to; k++) {
    const row = (rows ? rows[k]! : k) * STRIDE;
    if (pass0 && !pass0[codes[row + f0]!]) {
      tally[start[f0]! + codes[row + f0]!]!++;
      continue;
    }
    count++;
    for (let f = 0; f < STRIDE; f++) tally[start[f]! + codes[row + f]!]!++;
  }
  return count;
}

/** The facets there are (FACETS): the count a row's increments are written out for. */
const TEN_FACETS = 10;

/**
 * tallyOneFilter's loop for ten facets, a passing row's ten increments written out and the tally's offsets held
 * in locals: the loop over the facets, with an offset read per increment, cost 1.6 times as much (a broad word's
 * 400,000 rows of ten codes: 7.1 ms against 4.5 in a micro-benchmark).
 */
function tallyOneFilterOfTen(
  codes: Int32Array,
  rows: Int32Array | undefined,
  from: number,
  to: number,
  f0: number,
  pass0: Uint8Array | undefined,
  start: Int32Array,
  tally: Float64Array,
): number {
  const [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9] = start;
  const failedAt = start[f0]!;
  let count = 0;
  for (let k = from; k < to; k++) {
    const row = (rows ? rows[k]! : k) * TEN_FACETS;
    if (pass0 && !pass0[codes[row + f0]!]) {
      tally[failedAt + codes[row + f0]!]!++;
      continue;
    }
    count++;
    tally[s0 + codes[row]!]!++;
    tally[s1 + codes[row + 1]!]!++;
    tally[s2 + codes[row + 2]!]!++;
    tally[s3 + codes[row + 3]!]!++;
    tally[s4 + codes[row + 4]!]!++;
    tally[s5 + codes[row + 5]!]!++;
    tally[s6 + codes[row + 6]!]!++;
    tally[s7 + codes[row + 7]!]!++;
    tally[s8 + codes[row + 8]!]!++;
    tally[s9 + codes[row + 9]!]!++;
  }
  return count;
}

/**
 * The tally of rows `from` to `to` under two filters or more: a row failing exactly one counts in that
 * filter's facet only, one failing two counts nowhere. Answers how many rows pass them all.
 */
function tallyFilters(
  codes: Int32Array,
  rows: Int32Array | undefined,
  from: number,
  to: number,
  activeFacet: Int32Array,
  passStart: Int32Array,
  passes: Uint8Array,
  start: Int32Array,
  tally: Float64Array,
): number {
  let count = 0;
  for (let k = from; k < to; k++) {
    const row = (rows ? rows[k]! : k) * STRIDE;
    // The facet whose filter the row fails; -1 when it fails none, -2 when it fails two or more.
    let failed = -1;
    for (let a = 0; a < activeFacet.length; a++) {
      const f = activeFacet[a]!;
      if (passes[passStart[a]! + codes[row + f]!]) continue;
      if (failed !== -1) {
        failed = -2;
        break;
      }
      failed = f;
    }
    if (failed === -1) {
      count++;
      for (let f = 0; f < STRIDE; f++) tally[start[f]! + codes[row + f]!]!++;
    } else if (failed >= 0) tally[start[failed]! + codes[row + failed]!]!++;
  }
  return count;
}
