/** Which rows pass the active filters, by the flags the filters are compiled into (search/facet-kinds.ts). */
import type { FacetFilters, FacetTable } from './facet-types.ts';
import { codesPerFacet, compile, STRIDE, type CompiledFilter } from './facet-kinds.ts';
import { CHUNKS, inChunks } from './search-helper.ts';
import { shared } from './shared-arrays.ts';

export { compile } from './facet-kinds.ts';

/**
 * A byte per seq, 1 where that content passes the filters: what a ranked search with filters and many matches
 * reads its matches against (best-match.ts, poolOf). Made over every row of the table, so the last few are kept
 * (as Lucene keeps a filter's bitset) and brought up to date by the rows edited or added since, a few
 * operations each; a row removed, a tag moved or a new tag combination makes it again. Read only: the caller
 * must not write it.
 */
export function seqsPassing(table: FacetTable, filters: FacetFilters): Uint8Array {
  let byKey = keptMaps.get(table);
  if (!byKey) keptMaps.set(table, (byKey = new Map()));
  const key = JSON.stringify(filters);
  const found = byKey.get(key);
  byKey.delete(key);
  const kept = found && patchedMap(table, found) ? found : madeMap(table, filters);
  // Map keeps insertion order: re-inserting marks it recently used, and the oldest go first.
  byKey.set(key, kept);
  if (byKey.size > KEPT_MAPS) byKey.delete(byKey.keys().next().value!);
  return kept.map;
}

/** How many filters' maps each table keeps (a megabyte each at a million contents). */
const KEPT_MAPS = 8;

interface KeptMap {
  map: Uint8Array;
  compiled: CompiledFilter[];
  /** Where in the table's edit log (of its epoch) the map is up to, and the codes each facet had then. */
  epoch: number;
  seen: number;
  sizes: number[];
}
const keptMaps = new WeakMap<FacetTable, Map<string, KeptMap>>();

function madeMap(table: FacetTable, filters: FacetFilters): KeptMap {
  const { epoch, log } = table.edits;
  const job: PassingJob = {
    kind: 'passing',
    codes: table.codes,
    seq: table.seq,
    size: table.size,
    compiled: compile(table, filters),
    // Room for contents added after it (patched in, by seq), as the table's seq index has.
    map: shared(Uint8Array, Math.ceil(table.rowOfSeq.length * 1.25) + 64),
  };
  if (job.size < MADE_IN_CHUNKS.from) for (let chunk = 0; chunk < CHUNKS; chunk++) markPassing(job, chunk);
  else inChunks(job, table.size, (chunk) => markPassing(job, chunk));
  return { map: job.map, compiled: job.compiled, epoch, seen: log.length, sizes: codesPerFacet(table) };
}

/** A map is made in chunks, the search's helper thread taking its share (search-helper.ts), from this many rows. */
export const MADE_IN_CHUNKS = { from: 100_000 };

/** The making of a map, as the helper thread takes its chunks of it: arrays over shared memory. */
export interface PassingJob {
  kind: 'passing';
  codes: Int32Array;
  seq: Int32Array;
  size: number;
  compiled: CompiledFilter[];
  map: Uint8Array;
}

/**
 * Marks the seqs of chunk `chunk` of the rows that pass. Rows passing the first filter are marked, then each
 * further filter unmarks the rows it fails: one filter at a time over a plain loop (a closure per row took
 * 1.2 ms at 100k contents under one filter, this 0.7).
 */
export function markPassing(job: PassingJob, chunk: number): number {
  const { codes, seq, size, compiled, map } = job;
  const from = Math.floor((size * chunk) / CHUNKS);
  const to = Math.floor((size * (chunk + 1)) / CHUNKS);
  if (compiled.length === 0) {
    for (let i = from; i < to; i++) map[seq[i]!] = 1;
    return 0;
  }
  const [first, ...rest] = compiled as [CompiledFilter, ...CompiledFilter[]];
  for (let i = from, at = from * STRIDE + first.f; i < to; i++, at += STRIDE)
    if (first.passes[codes[at]!]) map[seq[i]!] = 1;
  for (const { f, passes } of rest)
    for (let i = from, at = from * STRIDE + f; i < to; i++, at += STRIDE) if (!passes[codes[at]!]) map[seq[i]!] = 0;
  return 0;
}

/** Applies the table's edits since `kept` was made or patched; false when it must be made again. */
function patchedMap(table: FacetTable, kept: KeptMap): boolean {
  const { epoch, log } = table.edits;
  if (kept.epoch !== epoch) return false;
  if (kept.seen === log.length) return true;
  if (codesPerFacet(table).some((size, f) => size !== kept.sizes[f])) return false;
  const passes = passing(table, kept.compiled);
  for (let e = kept.seen; e < log.length; e++) {
    const { row } = log[e]!;
    const seq = table.seq[row]!;
    // A content added past the room left for them: made again.
    if (seq >= kept.map.length) return false;
    kept.map[seq] = passes(row) ? 1 : 0;
  }
  kept.seen = log.length;
  return true;
}

/** Whether a row passes every compiled filter. */
export function passing(table: FacetTable, filters: CompiledFilter[]): (i: number) => boolean {
  const { codes } = table;
  return (i) => {
    const row = i * STRIDE;
    for (const { f, passes } of filters) if (!passes[codes[row + f]!]) return false;
    return true;
  };
}
