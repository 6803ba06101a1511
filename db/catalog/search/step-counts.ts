/**
 * The counts a review moves on a list it neither enters, leaves nor reorders: those of the steps of stars
 * (deps.ts, effect 'counts'). A cached page showing such a list is patched with them in place, rather than
 * rendered again (site/server/page-cache.ts): they are read off the facet table's kept counts, a few
 * operations once a review's row is patched in (counts.ts).
 */
import type { Db } from '../../client.ts';
import { countFacets } from './counts.ts';
import { STEP_GROUPS, type Deps, type ListShown } from './deps.ts';
import { facetTable } from './facet-table.ts';

/** Each step group's counts by option ('rating' → '4' → n), as the search shows them. */
export type StepCounts = Record<string, Record<string, number>>;

/**
 * The one list of an answer whose step counts a patch may set, or undefined when there is none or more than
 * one (which counts are whose could not be told apart on the page). A list of words is never patched: its
 * counts are of its matches, and a review may move its order.
 */
export function patchableList(deps: Deps): ListShown | undefined {
  const counted = (deps.lists ?? []).filter((list) => list.counts && !list.countsOf);
  return counted.length === 1 && !counted[0]!.words ? counted[0] : undefined;
}

/** The step counts of a list without words, for the catalog as it is now. */
export async function stepCounts(db: Db, list: ListShown): Promise<StepCounts> {
  const { facets } = countFacets(await facetTable(db), list.filters);
  return Object.fromEntries(
    [...STEP_GROUPS].map((group) => [group, { ...(facets[group as keyof typeof facets] as Record<string, number>) }]),
  );
}
