/** Which rows pass the active filters, by the flags the filters are compiled into (search/facet-kinds.ts). */
import type { FacetFilters, FacetTable } from './facet-types.ts';
import { compile, STRIDE, type CompiledFilter } from './facet-kinds.ts';

export { compile } from './facet-kinds.ts';

/** A byte per seq, 1 where that content passes the filters: what the rank statement reads (substr of a blob). */
export function seqsPassing(table: FacetTable, filters: FacetFilters): Uint8Array {
  const passes = passing(table, compile(table, filters));
  const map = new Uint8Array(table.rowOfSeq.length);
  for (let i = 0; i < table.size; i++) if (passes(i)) map[table.seq[i]!] = 1;
  return map;
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
