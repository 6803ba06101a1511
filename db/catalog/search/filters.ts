/** The active filters compiled once per call into flags and indexes the loops over the facet table test. */
import { COSTS, type TagKind } from '../taxonomy.ts';
import type { FacetFilters, FacetTable } from './facet-types.ts';

/** A byte per seq, 1 where that content passes the filters: what the rank statement reads (substr of a blob). */
export function seqsPassing(table: FacetTable, filters: FacetFilters): Uint8Array {
  const passes = passing(table, compile(table, filters));
  const map = new Uint8Array(table.rowOfSeq.length);
  for (let i = 0; i < table.size; i++) if (passes(i)) map[table.seq[i]!] = 1;
  return map;
}

/** The filters as flags and indexes the loops test, computed once per call. */
export function compile(table: FacetTable, filters: FacetFilters) {
  const tagFlags = (kind: TagKind): Uint8Array | undefined => {
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

/** Whether a row passes every compiled filter. */
export function passing(table: FacetTable, f: ReturnType<typeof compile>): (i: number) => boolean {
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
