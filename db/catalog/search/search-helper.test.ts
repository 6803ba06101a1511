/**
 * A search's first pass and counts cut in chunks, the search's helper thread taking its share (decision 055),
 * give the answers of one thread: the same pages, counts, missing words and matches, for broad words, several
 * words, filters, contents written since the build and suggestions as one types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDb } from '../../../tests/setup/db.ts';
import { searchCatalog } from '../../../tests/setup/search-catalog.ts';
import { analyzeQuery, bestMatches, NAME_ONLY } from './best-match.ts';
import { countFacets, TALLIED_IN_CHUNKS } from './counts.ts';
import type { FacetFilters, FacetTable } from './facet-types.ts';
import { MARKED_IN_CHUNKS } from './first-pass.ts';
import { compile, MADE_IN_CHUNKS, passing, seqsPassing } from './filters.ts';
import { pageRows } from './pages.ts';
import { CHUNKS, chunksTakenByHelper, PARALLEL, prepareSearchHelper } from './search-helper.ts';
import type { TextIndex } from './text-index.ts';

let t: TestDb;
let index: TextIndex;
let table: FacetTable;
const thresholds = {
  from: PARALLEL.from,
  marked: MARKED_IN_CHUNKS.from,
  tallied: TALLIED_IN_CHUNKS.from,
  made: MADE_IN_CHUNKS.from,
};

beforeAll(async () => {
  ({ t, index, table } = await searchCatalog(4000, 23, 25));
  // Every search in chunks, however small.
  Object.assign(PARALLEL, { from: 0 });
  Object.assign(MARKED_IN_CHUNKS, { from: 0 });
  Object.assign(TALLIED_IN_CHUNKS, { from: 0 });
  Object.assign(MADE_IN_CHUNKS, { from: 0 });
  expect(await prepareSearchHelper(index.size)).toBe(true);
}, 120_000);
afterAll(() => {
  Object.assign(PARALLEL, { from: thresholds.from, requestThreadTakes: true });
  Object.assign(MARKED_IN_CHUNKS, { from: thresholds.marked });
  Object.assign(TALLIED_IN_CHUNKS, { from: thresholds.tallied });
  Object.assign(MADE_IN_CHUNKS, { from: thresholds.made });
  t.close();
});

/**
 * A search's answer: its first page, counts, missing words and matches; on one thread, with the helper taking
 * every chunk, or with both threads taking chunks as they come.
 */
function answer(query: string, filters: FacetFilters, typing: boolean, threads: 'one' | 'helper' | 'both') {
  PARALLEL.from = threads === 'one' ? Number.POSITIVE_INFINITY : 0;
  PARALLEL.requestThreadTakes = threads !== 'helper';
  const analysis = analyzeQuery(index, query, typing);
  const found = bestMatches(index, table, analysis, filters, [], typing ? NAME_ONLY : undefined, 24);
  return {
    query,
    page: pageRows(table, filters, 'relevance', 0, 24, found.matches),
    counts: countFacets(table, filters, found.matches.rows),
    missingWords: found.missingWords,
    seqs: [...found.matches.seqs],
  };
}

describe("a search with the helper thread's share", () => {
  it('answers as one thread does, the helper taking every chunk or its share', () => {
    const before = chunksTakenByHelper();
    let searches = 0;
    const categories = table.tags.category.values;
    const queries = ['data', 'web learning course', 'data web', 'learning for beginners', 'python', 'cou', 'da'];
    for (const [q, query] of queries.entries())
      for (const filters of [{}, { category: [categories[q % categories.length]!] }])
        for (const typing of [false, true]) {
          const one = answer(query, filters, typing, 'one');
          expect(answer(query, filters, typing, 'helper')).toEqual(one);
          expect(answer(query, filters, typing, 'both')).toEqual(one);
          searches++;
        }
    // Every chunk of a first pass and of a tally, in each search the helper took whole.
    expect(chunksTakenByHelper() - before).toBeGreaterThanOrEqual(searches * 2 * CHUNKS);
  });

  it("marks the contents passing a search's filters, the helper taking every chunk", () => {
    PARALLEL.from = 0;
    PARALLEL.requestThreadTakes = false;
    const before = chunksTakenByHelper();
    const categories = table.tags.category.values;
    // Filter sets no search above used, so each map is made here.
    const cases: FacetFilters[] = [
      { category: [categories[1]!], cost: ['Paid'] },
      { cost: ['Free'], hasCert: 1 },
      { hasCert: 0 },
    ];
    for (const filters of cases) {
      const map = seqsPassing(table, filters);
      const passes = passing(table, compile(table, filters));
      const expected: number[] = [];
      for (let row = 0; row < table.size; row++) if (passes(row)) expected.push(table.seq[row]!);
      const marked: number[] = [];
      for (const [seq, on] of map.entries()) if (on) marked.push(seq);
      expect(marked, JSON.stringify(filters)).toEqual(expected.sort((a, b) => a - b));
    }
    expect(chunksTakenByHelper() - before).toBe(cases.length * CHUNKS);
    PARALLEL.requestThreadTakes = true;
  });
});
