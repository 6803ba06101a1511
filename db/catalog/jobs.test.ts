import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { generateSyntheticCatalog } from '../maintenance/seed/synthetic.ts';
import { warmUpSearch } from './jobs.ts';
import { facetTableReads } from './search/facet-table.ts';
import { textIndexBuilds } from './search/text-index-held.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await generateSyntheticCatalog(t.db, 300, { seed: 5 });
});
afterAll(() => t.close());

describe('the search warm-up at start', () => {
  it('builds the facet table every page needs first, then the word index, each once, then starts the search helper', async () => {
    const before = { facets: facetTableReads(), words: textIndexBuilds() };
    const seen: Array<{ name: string; facets: number; words: number }> = [];
    const failures: unknown[] = [];
    await warmUpSearch(
      t.db,
      (error) => failures.push(error),
      (name) =>
        seen.push({
          name,
          facets: facetTableReads() - before.facets,
          words: textIndexBuilds() - before.words,
        }),
    );
    expect(failures).toEqual([]);
    expect(seen).toEqual([
      { name: 'facet table', facets: 1, words: 0 },
      { name: 'word index', facets: 1, words: 1 },
      { name: 'search helper', facets: 1, words: 1 },
    ]);
  });
});
