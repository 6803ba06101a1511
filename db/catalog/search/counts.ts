/** The search sidebar's counts, read off the facet table in one pass over the rows (decision 007). */
import { FACETS } from '../facets.ts';
import type { FacetCounts, FacetFilters, FacetTable } from './facet-types.ts';
import { compile, rulesOf, STRIDE } from './facet-kinds.ts';

/**
 * Counts every option of every facet among `rows` (all rows when undefined): an option is counted on a row
 * that passes every active filter except its own facet's. A row failing two filters counts nowhere; one
 * failing exactly one counts only in that filter's facet; one passing all counts in every facet and in
 * `count`. Each facet's codes are tallied in one array (its part of `tally`), read into options at the end.
 */
export function countFacets(table: FacetTable, filters: FacetFilters, rows?: Int32Array): { facets: FacetCounts; count: number } {
  const unfiltered = !rows && Object.keys(filters).length === 0;
  if (unfiltered && table.totals) return table.totals;
  // The active filters' flags side by side in one array (one typed array in the loop, not one per filter).
  const active = compile(table, filters);
  const activeFacet = Int32Array.from(active, (filter) => filter.f);
  const passStart = new Int32Array(active.length);
  let passesLength = 0;
  for (const [a, filter] of active.entries()) {
    passStart[a] = passesLength;
    passesLength += filter.passes.length;
  }
  const passes = new Uint8Array(passesLength);
  for (const [a, filter] of active.entries()) passes.set(filter.passes, passStart[a]);
  const start = new Int32Array(STRIDE);
  let size = 0;
  FACETS.forEach((facet, f) => {
    start[f] = size;
    size += rulesOf(facet).codes(table, facet);
  });
  const tally = new Float64Array(size);
  const { codes } = table;

  let count = 0;
  const n = rows ? rows.length : table.size;
  // Most searches have one filter or none: the same loop without the inner one over the filters.
  if (activeFacet.length <= 1) {
    const f0 = activeFacet.length ? activeFacet[0]! : 0;
    const pass0 = activeFacet.length ? active[0]!.passes : undefined;
    for (let k = 0; k < n; k++) {
      const row = (rows ? rows[k]! : k) * STRIDE;
      if (pass0 && !pass0[codes[row + f0]!]) {
        tally[start[f0]! + codes[row + f0]!]!++;
        continue;
      }
      count++;
      for (let f = 0; f < STRIDE; f++) tally[start[f]! + codes[row + f]!]!++;
    }
  } else {
    for (let k = 0; k < n; k++) {
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
  }

  const facets = Object.fromEntries(
    FACETS.map((facet, f) => [facet.key, rulesOf(facet).counts(table, facet, tally.subarray(start[f]!, start[f]! + rulesOf(facet).codes(table, facet)))]),
  ) as FacetCounts;
  const result = { count, facets };
  if (unfiltered) table.totals = result;
  return result;
}
