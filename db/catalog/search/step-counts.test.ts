/**
 * The star counts set in place on a cached search page (decision 051) come from the counts its search kept, as
 * the search would show them now.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestDb } from '../../../tests/setup/db.ts';
import { searchCatalog } from '../../../tests/setup/search-catalog.ts';
import { searchContents } from '../catalog-reads.ts';
import { parseSearchParams } from '../validation/search.ts';
import { facetCountsAfresh } from './counts.ts';
import { collect } from './deps.ts';
import { patchableList, stepCounts } from './step-counts.ts';

let t: TestDb;
beforeAll(async () => {
  ({ t } = await searchCatalog(3000, 4, 10));
}, 60_000);
afterAll(() => t.close());

describe("a search page's star counts set in place", () => {
  it("of a word search: its search's own counts, not its matches counted again", async () => {
    const { value: answer, deps } = await collect(() =>
      searchContents(t.db, parseSearchParams(new URLSearchParams({ searchTerm: 'data' }))),
    );
    const list = patchableList(deps)!;
    expect(list.matched?.length).toBeGreaterThan(100);
    const counted = facetCountsAfresh();
    const counts = await stepCounts(t.db, list);
    expect(facetCountsAfresh()).toBe(counted);
    expect(counts.rating).toEqual(answer.facets.rating);
  });

  it("of a search made by another copy of the modules (Astro's bundle renders, the server patches): its counts too", async () => {
    const { value: answer, deps } = await collect(() =>
      searchContents(t.db, parseSearchParams(new URLSearchParams({ searchTerm: 'learning', category: 'course' }))),
    );
    const list = patchableList(deps)!;
    vi.resetModules();
    const copy = { counts: await import('./counts.ts'), steps: await import('./step-counts.ts') };
    expect(copy.steps.stepCounts).not.toBe(stepCounts);
    const counted = copy.counts.facetCountsAfresh();
    const counts = await copy.steps.stepCounts(t.db, list);
    expect(copy.counts.facetCountsAfresh()).toBe(counted);
    expect(counts.rating).toEqual(answer.facets.rating);
  });
});
