/**
 * The counts a review moves on a list it neither enters, leaves nor reorders: those of the steps of stars
 * (deps.ts, effect 'counts'). A cached page showing such a list is patched with them in place, rather than
 * rendered again (site/server/page-cache.ts): they are read off the facet table's kept counts (of a word
 * search's matches, for words), a few operations once a review's row is patched in (counts.ts).
 */
import type { Db } from '../../client.ts';
import { countSomeFacets } from './counts.ts';
import { STEP_GROUPS, type Deps, type ListShown } from './deps.ts';
import { facetTable } from './facet-table.ts';
import type { FacetTable } from './facet-types.ts';

/** Each step group's counts by option ('rating' → '4' → n), as the search shows them. */
export type StepCounts = Record<string, Record<string, number>>;

/**
 * The one list of an answer whose step counts a patch may set, or undefined when there is none or more than
 * one (which counts are whose could not be told apart on the page), or its words' matches are not known (its
 * counts are of them).
 */
export function patchableList(deps: Deps): ListShown | undefined {
  const counted = (deps.lists ?? []).filter((list) => list.counts && !list.countsOf);
  const [list] = counted;
  return counted.length === 1 && (!list!.words || list!.matched) ? list : undefined;
}

/**
 * The rows of a list's matches, kept while the table's rows stay where they are: its counts are kept per rows.
 * Process-wide, as the counts are (counts.ts): Astro's bundle searches, the server's own modules patch.
 */
const matchedRows = ((globalThis as Record<symbol, unknown>)[Symbol.for('skillshelf.matchedRows')] ??=
  new WeakMap()) as WeakMap<Int32Array, { layout: number; rows: Int32Array }>;

/**
 * Notes the rows a search counted its matches over: a patch of its page then counts over the same array, so
 * it finds the search's own kept counts (counts.ts keeps them per rows array) instead of counting its matches
 * again, and keeps no second count beside them.
 */
export function rememberMatchedRows(table: FacetTable, matched: Int32Array, rows: Int32Array): void {
  matchedRows.set(matched, { layout: table.layout, rows });
}

function rowsOf(table: FacetTable, matched: Int32Array): Int32Array {
  const kept = matchedRows.get(matched);
  if (kept?.layout === table.layout) return kept.rows;
  const rows = new Int32Array(matched.length);
  let n = 0;
  for (const seq of matched) {
    const row = seq < table.rowOfSeq.length ? table.rowOfSeq[seq]! : -1;
    if (row >= 0) rows[n++] = row;
  }
  const found = rows.slice(0, n);
  matchedRows.set(matched, { layout: table.layout, rows: found });
  return found;
}

/** The step counts of a list (of its matches, for words), for the catalog as it is now. */
export async function stepCounts(db: Db, list: ListShown): Promise<StepCounts> {
  const table = await facetTable(db);
  const facets = countSomeFacets(
    table,
    list.filters,
    list.matched ? rowsOf(table, list.matched) : undefined,
    STEP_GROUPS,
  );
  return Object.fromEntries(
    [...STEP_GROUPS].map((group) => [group, { ...(facets[group as keyof typeof facets] as Record<string, number>) }]),
  );
}
