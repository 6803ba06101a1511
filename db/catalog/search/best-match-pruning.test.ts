/**
 * Best Match scores only what a page may show (decision 050): the pages, counts and missing words it gives must
 * be those of scoring every match. Compared on a synthetic catalog over many queries: broad words, several
 * words, filters, the filters the words name, deep pages, broken links, contents written since the build, and
 * suggestions as one types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDb } from '../../../tests/setup/db.ts';
import { searchCatalog } from '../../../tests/setup/search-catalog.ts';
import { analyzeQuery, bestMatches, NAME_ONLY, SEEKING } from './best-match.ts';
import type { FacetFilters, FacetTable } from './facet-types.ts';
import { pageRows } from './pages.ts';
import type { TextIndex } from './text-index.ts';

const PAGE = 24;

/** mulberry32, seeded: the same queries on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestDb;
let index: TextIndex;
let table: FacetTable;

beforeAll(async () => {
  // Contents written since the build among them (scored from their own entry, with no bound from the build).
  ({ t, index, table } = await searchCatalog(5000, 11, 30));
}, 120_000);
afterAll(() => t.close());

/** The pages up to `pages`, the missing words and every match, scoring every match or only what `shown` may show. */
function answers(
  query: string,
  options: { filters?: FacetFilters; named?: FacetFilters[]; pages: number; typing?: boolean },
  pruned: boolean,
) {
  const { filters = {}, named = [], pages, typing = false } = options;
  const size = typing ? 8 : PAGE;
  const analysis = analyzeQuery(index, query, typing);
  const fields = typing ? NAME_ONLY : undefined;
  const found = bestMatches(index, table, analysis, filters, named, fields, pruned ? pages * size : undefined);
  return {
    pages: Array.from({ length: pages }, (_, p) =>
      pageRows(table, filters, 'relevance', p * size, size, found.matches),
    ),
    missingWords: found.missingWords,
    rows: [...found.matches.rows].sort((a, b) => a - b),
    seqs: [...found.matches.seqs],
    ranked: found.matches.ranked.length,
  };
}

describe('scoring only what a page may show', () => {
  it('gives the pages, missing words and matches of scoring every match, for 300 queries', () => {
    const rand = random(5);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    // Words the catalog holds, the commonest most often: broad words are where scoring is cut.
    const common = Array.from({ length: index.termCount }, (_, id) => index.termAt(id))
      .map((term) => ({ term, n: index.documentCount(term) }))
      .filter(({ term, n }) => n >= 20 && /^\p{L}{3,}$/u.test(term))
      .sort((a, b) => b.n - a.n)
      .slice(0, 80)
      .map(({ term }) => term);
    const extra = ['for', 'the', 'free', 'course', 'beginners', 'podcast', 'intro', 'pyhton', 'learn'];
    const categories = table.tags.category.values;
    let cut = 0;
    for (let q = 0; q < 300; q++) {
      const words = Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, i) =>
        i === 0 || rand() < 0.6 ? pick(common) : pick(extra),
      );
      const typing = q % 5 === 4;
      const query = typing ? `${words.join(' ')}`.slice(0, -Math.floor(1 + rand() * 2)) : words.join(' ');
      const options = {
        pages: typing ? 1 : 1 + Math.floor(rand() * 3),
        typing,
        ...(!typing && rand() < 0.3 ? { filters: { category: [pick(categories)] } } : {}),
        ...(!typing && rand() < 0.3 ? { named: [{ category: [pick(categories)] }] } : {}),
      };
      const all = answers(query, options, false);
      const pruned = answers(query, options, true);
      expect({ query, ...pruned, ranked: 0 }).toEqual({ query, ...all, ranked: 0 });
      if (pruned.ranked < all.ranked) cut++;
    }
    // The comparison is worth something only if scoring was cut often.
    expect(cut).toBeGreaterThan(60);
  });

  it("scores the same whether each word's list is sought content by content or read whole", () => {
    const { cost } = SEEKING;
    const ranks = (query: string, filters: FacetFilters, typing: boolean, seek: boolean) => {
      SEEKING.cost = seek ? 0 : Number.POSITIVE_INFINITY;
      const analysis = analyzeQuery(index, query, typing);
      const fields = typing ? NAME_ONLY : undefined;
      const { matches } = bestMatches(index, table, analysis, filters, [], fields, typing ? 8 : PAGE);
      return { query, ranked: [...matches.ranked], rank: [...matches.rank] };
    };
    const categories = table.tags.category.values;
    try {
      // Broad words, several words, a filter, the words of contents written since the build, a prefix.
      for (const [q, query] of ['data', 'web learning course', 'data web', 'learning for beginners', 'cou'].entries())
        for (const filters of [{}, { category: [categories[q % categories.length]!] }])
          for (const typing of [false, true])
            expect(ranks(query, filters, typing, true)).toEqual(ranks(query, filters, typing, false));
    } finally {
      SEEKING.cost = cost;
    }
  });

  it('names as contenders every match a review could lift into the page: any other, raised to the most, stays below', () => {
    const firstPage = (query: string, filters: FacetFilters) => {
      const { matches } = bestMatches(index, table, analyzeQuery(index, query, false), filters, [], undefined, PAGE);
      return { matches, page: pageRows(table, filters, 'relevance', 0, PAGE, matches) };
    };
    /** Gives the contents of `seqs` the best reviews there can be, runs `check`, then puts theirs back. */
    const raised = (seqs: number[], check: () => void) => {
      const rows = seqs.map((seq) => table.rowOfSeq[seq]!);
      const kept = rows.map((row) => [table.rating[row]!, table.numReviews[row]!] as const);
      for (const row of rows) [table.rating[row], table.numReviews[row]] = [5, 1_000_000];
      try {
        check();
      } finally {
        for (const [k, row] of rows.entries()) [table.rating[row], table.numReviews[row]] = kept[k]!;
      }
    };
    const categories = table.tags.category.values;
    let told = 0;
    let movedByContenders = 0;
    let outside = 0;
    for (const query of ['data', 'web', 'learning', 'course', 'intro', 'web learning course', 'learning for beginners'])
      for (const filters of [{}, { category: [categories[0]!] }]) {
        const { matches, page } = firstPage(query, filters);
        if (!matches.contenders) continue;
        told++;
        const contenders = new Set(matches.contenders);
        const shown = new Set(page.map((row) => table.seq[row]!));
        const others = [...matches.seqs].filter((seq) => !contenders.has(seq) && !shown.has(seq));
        outside += others.length;
        raised(others, () => expect(firstPage(query, filters).page).toEqual(page));
        const below = [...contenders].filter((seq) => !shown.has(seq));
        raised(below, () => {
          if (firstPage(query, filters).page.join() !== page.join()) movedByContenders++;
        });
      }
    // The contenders were told for most pages, thousands of matches were not among them, and the contenders
    // are the ones that can move a page.
    expect(told).toBeGreaterThan(8);
    expect(outside).toBeGreaterThan(2000);
    expect(movedByContenders).toBeGreaterThan(4);
  });

  it('scores every match of the best tier when one of them has a broken link', () => {
    const broad = analyzeQuery(index, 'data', false);
    const all = bestMatches(index, table, broad, {}, [], undefined);
    const worst = all.matches.ranked.reduce((w, _, k) => (all.matches.rank[k]! > all.matches.rank[w]! ? k : w), 0);
    const seq = table.seq[all.matches.ranked[worst]!]!;
    index.broken.add(seq);
    try {
      // Every match ranked, as when every match is scored.
      expect(answers('data', { pages: 2 }, true)).toEqual(answers('data', { pages: 2 }, false));
    } finally {
      index.broken.delete(seq);
    }
  });
});
