/** Which rows pass the active filters, by the flags the filters are compiled into (search/facet-kinds.ts). */
import type { FacetFilters, FacetTable } from './facet-types.ts';
import { codesPerFacet, compile, STRIDE, type CompiledFilter } from './facet-kinds.ts';

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
  const { codes, seq, size } = table;
  const compiled = compile(table, filters);
  // Room for contents added after it (patched in, by seq) as the table's seq index has.
  const map = new Uint8Array(Math.ceil(table.rowOfSeq.length * 1.25) + 64);
  const { epoch, log } = table.edits;
  const kept = { map, compiled, epoch, seen: log.length, sizes: codesPerFacet(table) };
  if (compiled.length === 0) {
    for (let i = 0; i < size; i++) map[seq[i]!] = 1;
    return kept;
  }
  // Rows passing the first filter are marked by seq, then each further filter unmarks the rows it fails: one
  // filter at a time over a plain loop (a closure per row took 1.2 ms at 100k contents under one filter, this 0.7).
  const [first, ...rest] = compiled as [CompiledFilter, ...CompiledFilter[]];
  for (let i = 0, at = first.f; i < size; i++, at += STRIDE) if (first.passes[codes[at]!]) map[seq[i]!] = 1;
  for (const { f, passes } of rest)
    for (let i = 0, at = f; i < size; i++, at += STRIDE) if (!passes[codes[at]!]) map[seq[i]!] = 0;
  return kept;
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
