import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { generateSyntheticCatalog } from '../maintenance/seed/synthetic.ts';
import { warmUpSearch } from './jobs.ts';
import { facetTableReads } from './search/facet-table.ts';
import { suggestIndexReads } from './search/suggestions.ts';
import { textIndexBuilds } from './search/text-index-held.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await generateSyntheticCatalog(t.db, 300, { seed: 5 });
});
afterAll(() => t.close());

describe('the search warm-up at start', () => {
  it('builds the facet table every page needs first, then the suggestions, then the word index, each once', async () => {
    const before = { facets: facetTableReads(), names: suggestIndexReads(), words: textIndexBuilds() };
    const seen: Array<{ name: string; facets: number; names: number; words: number }> = [];
    const failures: unknown[] = [];
    await warmUpSearch(
      t.db,
      (error) => failures.push(error),
      (name) =>
        seen.push({
          name,
          facets: facetTableReads() - before.facets,
          names: suggestIndexReads() - before.names,
          words: textIndexBuilds() - before.words,
        }),
    );
    expect(failures).toEqual([]);
    expect(seen).toEqual([
      { name: 'facet table', facets: 1, names: 0, words: 0 },
      { name: 'suggestions', facets: 1, names: 1, words: 0 },
      { name: 'word index', facets: 1, names: 1, words: 1 },
    ]);
  });
});
