/**
 * The catalog's facets and result pages, computed in memory (decisions 007 and 011). The search sidebar
 * counts, for every option of every filter group, the results it would give with the other active filters
 * kept; a page lists the results in the chosen order. Both come from one snapshot of every content's facet
 * columns — its code in each facet of db/catalog/facets.ts (a tag combination, a choice, a flag, a step:
 * search/facet-kinds.ts), and its rating, review count and date for the orders — held in typed arrays.
 *
 * Tags are held as *combinations*: per kind, the rows that carry the same set of tags share one
 * combination id. A row costs one increment per kind however many tags there are, and the options are read
 * off the combinations' tallies at the end; a tag filter is a precomputed "this combination holds the tag"
 * flag. So the number of tags per kind is unbounded (bit masks stopped at 32).
 *
 * The snapshot is read once, with the catalog version it belongs to; after that it follows the catalog's
 * change feed (decision 023): each change carries a content's facet columns after it, written into the
 * table in place (an update), at its end (an insert) or compacted away (a delete), with the orders already
 * made kept sorted. A review costs a few microseconds here, not a rebuild. The table is read again only
 * when this process has lost track of the feed (it started over); the requests that arrive meanwhile share
 * the read.
 */
import type { Db } from '../../client.ts';
import { FACETS } from '../facets.ts';
import { perTagKind, type TagKind } from '../taxonomy.ts';
import type { Order } from '../validation/search.ts';
import { catalogVersion, changesSince, type CatalogChange, type TagMove } from './changes.ts';
import { readFacetRows } from './fast-paths.ts';
import type { FacetTable, FacetValues } from './facet-types.ts';
import { comboOf, emptyTagIndex, FACET_INDEX, forgetTagKeys, rulesOf, STRIDE } from './facet-kinds.ts';
import { COMPARE, compareKeys, rowKey, type RowKey } from './orders.ts';
import { shared } from './shared-arrays.ts';

interface Held {
  table: Promise<FacetTable>;
}

/** Process-wide, as the counter below: the server's warm-up (db/catalog/jobs.ts) builds the table Astro's bundle reads. */
const tables = ((globalThis as Record<symbol, unknown>)[Symbol.for('skillshelf.facetTables')] ??= new WeakMap<
  Db,
  Held
>()) as WeakMap<Db, Held>;
/** Changes applied in place at most per call; more (a large import seen at once) read the table again. */
const APPLY_LIMIT = 20_000;
/**
 * How many times this process has read a whole facet table (a test and the bench check that writes cause
 * none; /metrics shows it). Process-wide: the server's own modules and Astro's bundle of them share it.
 */
const counter = ((globalThis as Record<symbol, unknown>)[Symbol.for('skillshelf.facetTableReads')] ??= {
  reads: 0,
}) as { reads: number };
export const facetTableReads = () => counter.reads;

function load(db: Db): Held {
  const held: Held = { table: loadFacetTable(db) };
  tables.set(db, held);
  held.table.catch(() => tables.get(db) === held && tables.delete(db));
  return held;
}

/** The table for the catalog as it is now: the held one with the changes since it was made applied. */
export async function facetTable(db: Db): Promise<FacetTable> {
  const version = await catalogVersion(db);
  const held = tables.get(db) ?? load(db);
  const table = await held.table;
  if (table.version >= version) return table;
  const changes = changesSince(db, table.version);
  if (!changes || changes.length > APPLY_LIMIT || tables.get(db) !== held)
    return (tables.get(db) !== held ? tables.get(db)! : load(db)).table;
  applyChanges(table, changes);
  return table;
}

async function loadFacetTable(db: Db): Promise<FacetTable> {
  counter.reads++;
  return readFacetRows(db, (head, rows) => {
    const size = head.size;
    const table: FacetTable = {
      version: Number(head.version),
      size: 0,
      capacity: size,
      rowOfSeq: new Int32Array(head.top + 1).fill(-1),
      layout: 0,
      // Over shared memory: the search's helper thread reads rows' seqs and codes (search-helper.ts).
      seq: shared(Int32Array, size),
      rating: new Float64Array(size),
      numReviews: new Int32Array(size),
      createdAt: new Float64Array(size),
      codes: shared(Int32Array, size * STRIDE),
      tags: perTagKind(() => emptyTagIndex()),
      open: {},
      orders: {},
      combosOfKey: new Map(),
      edits: { epoch: 0, log: [] },
    };
    // The rows come as arrays in FACET_TABLE_COLUMNS' order; one object is refilled for each, by name.
    const values: Record<string, unknown> = {};
    for (const row of rows) {
      if (table.size === size) break;
      for (const [c, column] of head.columns.entries()) values[column] = row[c];
      writeRow(table, table.size++, Number(values.seq), values as FacetValues, false);
    }
    // Each tag set was parsed once for the load; kept, the sets of a million rows held 40 MB of heap for
    // changes that parse one row's set each.
    forgetTagKeys(table);
    return table;
  });
}

/** The 'open' facets and their place in a row's codes. */
const OPEN_FACETS = FACETS.flatMap((facet, f) => (facet.kind === 'open' ? [{ key: facet.key as string, f }] : []));

/** Counts the row's tags and open texts in or out of their carriers (a row leaving a combination, or joining one). */
function carry(table: FacetTable, i: number, by: 1 | -1): void {
  for (const kind of Object.keys(table.tags) as TagKind[]) {
    const index = table.tags[kind];
    for (const j of index.combos[table.codes[i * STRIDE + FACET_INDEX[kind]]!]!) index.carriers[j]! += by;
  }
  for (const { key, f } of OPEN_FACETS) {
    const code = table.codes[i * STRIDE + f]!;
    const index = table.open[key];
    if (code > 0 && index) index.carriers[code - 1]! += by;
  }
}

/** Writes a content's facet columns into row i (`replacing`: the row held another state before). */
function writeRow(table: FacetTable, i: number, seq: number, values: FacetValues, replacing: boolean): void {
  if (replacing) carry(table, i, -1);
  if (seq >= table.rowOfSeq.length) {
    const grown = new Int32Array(Math.max(seq + 1, Math.ceil(table.rowOfSeq.length * 1.5))).fill(-1);
    grown.set(table.rowOfSeq);
    table.rowOfSeq = grown;
  }
  table.rowOfSeq[seq] = i;
  table.seq[i] = seq;
  table.rating[i] = Number(values.rating);
  table.numReviews[i] = Number(values.num_reviews);
  table.createdAt[i] = Number(values.created_at);
  for (let f = 0; f < STRIDE; f++) table.codes[i * STRIDE + f] = rulesOf(FACETS[f]!).code(table, FACETS[f]!, values);
  carry(table, i, 1);
}

/** Per-row arrays, for growing and compacting them together (codes, STRIDE to a row, beside them). */
const ROW_ARRAYS = ['seq', 'rating', 'numReviews', 'createdAt'] as const;

function grow(table: FacetTable, capacity: number): void {
  for (const name of ROW_ARRAYS) {
    const old = table[name];
    const Kind = old.constructor as Int32ArrayConstructor;
    const bigger = old.buffer instanceof SharedArrayBuffer ? shared(Kind, capacity) : new Kind(capacity);
    bigger.set(old.subarray(0, table.size) as Int32Array);
    (table as unknown as Record<string, unknown>)[name] = bigger;
  }
  const codes = shared(Int32Array, capacity * STRIDE);
  codes.set(table.codes.subarray(0, table.size * STRIDE));
  table.codes = codes;
  table.capacity = capacity;
}

/** Removes rows, keeping the others in order: row indexes shift down. */
function compact(table: FacetTable, removed: Set<number>): void {
  let n = 0;
  for (let i = 0; i < table.size; i++) {
    if (removed.has(i)) {
      carry(table, i, -1);
      table.rowOfSeq[table.seq[i]!] = -1;
      continue;
    }
    if (n !== i) {
      for (const name of ROW_ARRAYS) table[name][n] = table[name][i]!;
      table.codes.copyWithin(n * STRIDE, i * STRIDE, (i + 1) * STRIDE);
      table.rowOfSeq[table.seq[n]!] = n;
    }
    n++;
  }
  table.size = n;
  table.layout++;
}

/** The rows that stay in an order while its moved rows are put back, reused from one change to the next. */
let staying = new Int32Array(0);

/**
 * Puts the moved rows (changed or new) back into a sorted order. The rows that stay are still in order: they
 * are copied out in runs, between the moved rows' old places, and each moved row finds its new place among them
 * by a binary search. So a change costs two copies of the order (4 MB at a million rows) and a few binary
 * searches, where comparing every row with the next moved one cost a million calls.
 */
function reorder(table: FacetTable, order: Order, moved: number[], before: ReadonlyMap<number, RowKey>): void {
  const compare = (a: number, b: number) => COMPARE[order](table, a, b);
  const rows = table.orders[order]!;
  if (staying.length < table.size) staying = new Int32Array(Math.ceil(table.size * 1.25));
  const length = copyStaying(table, order, rows, moved, before);
  // Sorted again from the table when next asked for.
  if (length === undefined) return void delete table.orders[order];
  const merged = rows.length === table.size ? rows : new Int32Array(table.size);
  let k = 0;
  let from = 0;
  for (const i of [...moved].sort(compare)) {
    const lo = firstNotBefore(staying, from, length, (row) => compare(row, i) < 0);
    merged.set(staying.subarray(from, lo), k);
    k += lo - from;
    from = lo;
    merged[k++] = i;
  }
  merged.set(staying.subarray(from, length), k);
  table.orders[order] = merged;
}

/** The first place in rows[from, to) whose row is not `before` the one sought (the rows sorted so). */
function firstNotBefore(rows: Int32Array, from: number, to: number, before: (row: number) => boolean): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(rows[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Copies the order's rows but the moved ones into `staying`; answers how many. A moved row already in the order
 * is found by a binary search on the key it had when the order was sorted (`before`), and the runs between are
 * copied whole. Undefined when a row is not where its key says: the order is not as sorted as it should be.
 */
function copyStaying(
  table: FacetTable,
  order: Order,
  rows: Int32Array,
  moved: number[],
  before: ReadonlyMap<number, RowKey>,
): number | undefined {
  const keyOf = (i: number) => before.get(i) ?? rowKey(table, i);
  const places: number[] = [];
  for (const i of moved) {
    const key = before.get(i);
    // A row added by this run of changes is in no order yet.
    if (!key) continue;
    const lo = firstNotBefore(rows, 0, rows.length, (row) => compareKeys(order, keyOf(row), key) < 0);
    // Keys are unique (the seq breaks ties): the row is there, or the order is not what it should be.
    if (rows[lo] !== i) return undefined;
    places.push(lo);
  }
  let length = 0;
  let from = 0;
  for (const at of places.sort((a, b) => a - b)) {
    staying.set(rows.subarray(from, at), length);
    length += at - from;
    from = at + 1;
  }
  staying.set(rows.subarray(from), length);
  return length + rows.length - from;
}

/**
 * Moves every row carrying `from` onto `into` (a rename, or a merge: a row carrying both keeps one). Each
 * combination holding `from` maps to the one with `into` in its place, so a row costs a lookup, not a parse.
 */
function retag(table: FacetTable, { kind, from, into }: TagMove): void {
  const index = table.tags[kind];
  const j = index.indexOfValue.get(from);
  if (j === undefined || !index.carriers[j]) return;
  const remap = new Map<number, number>();
  for (const combo of index.combosOfTag[j] ?? []) {
    const values = new Set([...index.combos[combo]!].map((k) => (k === j ? into : index.values[k]!)));
    remap.set(combo, comboOf(table, kind, [...values]));
  }
  const { codes } = table;
  const f = FACET_INDEX[kind];
  for (let i = 0; i < table.size; i++) {
    const moved = remap.get(codes[i * STRIDE + f]!);
    if (moved !== undefined) codes[i * STRIDE + f] = moved;
  }
  index.carriers.fill(0);
  for (let i = 0; i < table.size; i++) for (const k of index.combos[codes[i * STRIDE + f]!]!) index.carriers[k]!++;
  // Tag keys read before name the old value: they are parsed again when next seen.
  forgetTagKeys(table);
  table.totals = undefined;
  newEpoch(table);
}

/** Edits kept at most, beyond which the counts kept are counted again (a long burst, or no search for long). */
const MAX_EDITS = 4096;

/** Logs row `at`'s codes written over, when they moved (or, with no `before`, the row added). */
function noteEdit(table: FacetTable, at: number, before?: Int32Array): void {
  const after = table.codes.slice(at * STRIDE, (at + 1) * STRIDE);
  if (before && after.every((code, f) => code === before[f])) return;
  if (table.edits.log.length >= MAX_EDITS) {
    newEpoch(table);
    return;
  }
  table.edits.log.push(before ? { row: at, before, after } : { row: at, after });
}

/** Rows were removed or retagged: the counts kept are counted again. */
function newEpoch(table: FacetTable): void {
  table.edits = { epoch: table.edits.epoch + 1, log: [] };
}

/** What a run of changes did to the table's rows, for what follows it once the run is applied. */
interface RunOfChanges {
  updated: Set<number>;
  removed: Set<number>;
  /** Each rewritten row's sort key before the run: where the orders still have it. */
  before: Map<number, RowKey>;
}

/** Applies the feed's changes to the table, oldest first (decision 023). */
export function applyChanges(table: FacetTable, changes: readonly CatalogChange[]): void {
  const run: RunOfChanges = { updated: new Set(), removed: new Set(), before: new Map() };
  for (const change of changes) applyChange(table, change, run);
  const { updated, removed, before } = run;
  if (updated.size || removed.size) table.totals = undefined;
  if (removed.size) {
    compact(table, removed);
    newEpoch(table);
    // Row indexes moved (deletions are rare: an admin's): each order is sorted again when next asked for.
    table.orders = {};
  } else if (updated.size) keepOrdersSorted(table, updated, before);
  table.version = changes.at(-1)?.seq ?? table.version;
}

function applyChange(table: FacetTable, change: CatalogChange, { updated, removed, before }: RunOfChanges): void {
  if (change.retag) retag(table, change.retag);
  const seq = change.contentSeq;
  if (seq === null) return;
  const at = seq < table.rowOfSeq.length ? table.rowOfSeq[seq]! : -1;
  if (change.kind === 'delete') {
    if (at >= 0) removed.add(at);
  } else if ((change.kind === 'insert' || change.kind === 'update') && change.after) {
    if (at >= 0 && !updated.has(at)) before.set(at, rowKey(table, at));
    updated.add(at >= 0 ? rewriteRow(table, at, seq, change.after) : appendRow(table, seq, change.after));
  }
}

/** Writes a content's new facet values over its row `at`, logging the edit; answers the row. */
function rewriteRow(table: FacetTable, at: number, seq: number, after: FacetValues): number {
  const before = table.codes.slice(at * STRIDE, (at + 1) * STRIDE);
  writeRow(table, at, seq, after, true);
  noteEdit(table, at, before);
  return at;
}

/** Adds a row for a new content at the table's end (growing it when full), logging the edit; answers the row. */
function appendRow(table: FacetTable, seq: number, after: FacetValues): number {
  if (table.size === table.capacity) grow(table, Math.max(16, Math.ceil(table.capacity * 1.25)));
  const i = table.size++;
  writeRow(table, i, seq, after, false);
  table.layout++;
  noteEdit(table, i);
  return i;
}

/**
 * Each order already made, with the rows `updated` moved to their places. A row whose key in an order is the one
 * it had (a review does not move it among the newest) stays.
 */
function keepOrdersSorted(table: FacetTable, updated: Set<number>, before: ReadonlyMap<number, RowKey>): void {
  for (const order of Object.keys(table.orders) as Order[]) {
    const moved = [...updated].filter((i) => {
      const was = before.get(i);
      return !was || compareKeys(order, was, rowKey(table, i)) !== 0;
    });
    if (moved.length > 0) reorder(table, order, moved, before);
  }
}
