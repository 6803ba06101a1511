/** The search sidebar's counts, read off the facet table in one pass over the rows (decision 007). */
import { COSTS, type TagKind } from '../taxonomy.ts';
import { RATING_STEPS } from '../validation/search.ts';
import type { FacetCounts, FacetFilters, FacetTable } from './facet-types.ts';
import { compile } from './filters.ts';

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

  const byValue = (kind: TagKind) => {
    const index = table.tags[kind];
    const perTag = new Float64Array(index.values.length);
    const tally = byCombo[kind];
    for (let c = 0; c < tally.length; c++) if (tally[c]) for (const j of index.combos[c]!) perTag[j]! += tally[c]!;
    // A tag no content carries any more (its last content changed since the table was read) is not an option.
    return Object.fromEntries(index.values.flatMap((value, j) => (index.carriers[j]! > 0 ? [[value, perTag[j]!]] : [])));
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
