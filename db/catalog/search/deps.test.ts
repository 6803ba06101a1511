import { describe, expect, it } from 'vitest';
import { FACET_TABLE_COLUMNS, type FacetTableColumn } from '../facets.ts';
import type { CatalogChange, FacetValues } from './changes.ts';
import { collect, declare, effectOf, type ListShown } from './deps.ts';

const DAY = 86_400_000;
/** A content's facet values; the facets these tests do not name are unset (null). */
const values = (
  rating: number,
  numReviews: number,
  createdAt = 100 * DAY,
  tagKey = 'category=web-development;type=courses',
  cost = 'Free',
): FacetValues => ({
  ...(Object.fromEntries(FACET_TABLE_COLUMNS.map((column) => [column, null])) as Record<FacetTableColumn, null>),
  cost,
  has_cert: 0,
  rating,
  num_reviews: numReviews,
  created_at: createdAt,
  tag_key: tagKey,
});
const change = (
  kind: CatalogChange['kind'],
  contentSeq: number | null,
  before?: FacetValues,
  after?: FacetValues,
  textChanged = false,
): CatalogChange => ({
  seq: 1,
  kind,
  contentSeq,
  before,
  after,
  textChanged,
  seenAt: 0,
});
const review = (seq: number, from: [number, number], to: [number, number], tagKey?: string) =>
  change('update', seq, values(from[0], from[1], 100 * DAY, tagKey), values(to[0], to[1], 100 * DAY, tagKey));

/** A full page of the web-development category, newest first, showing contents 1–20. */
const latestPage: ListShown = {
  filters: { category: 'web-development' },
  order: 'latest',
  words: false,
  counts: true,
  first: { seq: 20, rating: 3, numReviews: 2, createdAt: 200 * DAY },
  last: { seq: 1, rating: 3, numReviews: 2, createdAt: 150 * DAY },
  full: true,
};
/** Page 1 of top rated, full, its last row rated 4.2 by 9 reviews. */
const topPage: ListShown = {
  ...latestPage,
  order: 'topRated',
  first: { seq: 7, rating: 5, numReviews: 30, createdAt: DAY },
  last: { seq: 9, rating: 4.2, numReviews: 9, createdAt: DAY },
};

describe('what a change does to a cached answer', () => {
  it("a learner's public list changing drops its own page and the page of a content it gained or lost, nothing else", () => {
    const listChange = (contentSeq: number | null, listId = 'list-a'): CatalogChange => ({
      ...change('list', contentSeq),
      listId,
    });
    expect(effectOf({ userLists: ['list-a'], cards: [5] }, [listChange(null)])).toBe('dead');
    expect(effectOf({ userLists: ['list-b'] }, [listChange(null)])).toBe('none');
    expect(effectOf({ subjects: [5] }, [listChange(5)])).toBe('dead');
    // A result list showing the content as a card, and the sitemap, show nothing of the lists holding it.
    expect(effectOf({ lists: [latestPage], cards: [5] }, [listChange(5)])).toBe('none');
    expect(effectOf({ everything: true }, [listChange(5)])).toBe('none');
  });

  it('a save refreshes what counts saves (the home page) and its content’s page (its learners), within the bound', () => {
    expect(effectOf({ saves: true, cards: [9] }, [change('saved', 5)])).toBe('stale');
    expect(effectOf({ subjects: [5] }, [change('saved', 5)])).toBe('stale');
    expect(effectOf({ subjects: [6] }, [change('saved', 5)])).toBe('none');
    expect(effectOf({ lists: [latestPage], cards: [5] }, [change('saved', 5)])).toBe('none');
    expect(effectOf({ everything: true }, [change('saved', 5)])).toBe('none');
  });

  it('a co-saved pair crossing the threshold drops the page of each of its contents, nothing else', () => {
    expect(effectOf({ subjects: [5] }, [change('related', 5)])).toBe('dead');
    expect(effectOf({ subjects: [6], cards: [5] }, [change('related', 5)])).toBe('none');
    expect(effectOf({ lists: [latestPage], cards: [5], saves: true }, [change('related', 5)])).toBe('none');
  });

  it('a review refreshes nothing of a list that does not show the content, when its stars stay in the same step', () => {
    expect(effectOf({ lists: [latestPage], cards: [1, 2, 3] }, [review(500, [3.2, 4], [3.4, 5])])).toBe('none');
  });

  it('a review that moves a content to another step of stars moves only the step counts of a list it is in', () => {
    expect(effectOf({ lists: [latestPage] }, [review(500, [3.8, 4], [4, 5])])).toBe('counts');
    // A card of it, or a list of words (counted over their matches, and ranked by the rating), is rendered again.
    expect(effectOf({ lists: [latestPage], cards: [500] }, [review(500, [3.8, 4], [4, 5])])).toBe('stale');
    expect(effectOf({ lists: [{ ...latestPage, words: true }] }, [review(500, [3.8, 4], [4, 5])])).toBe('stale');
    // Two lists, one moved in its order: the stronger effect.
    expect(effectOf({ lists: [latestPage, topPage] }, [review(500, [3.8, 4], [4.5, 5])])).toBe('stale');
    // An edit that moves the same counts is no review: dropped.
    const edited = change('update', 500, values(3.8, 4), values(4, 5, 100 * DAY, undefined, 'Paid'));
    expect(effectOf({ lists: [latestPage] }, [edited])).toBe('dead');
    // Not in the list, nor one filter away from it: its counts do not move.
    expect(effectOf({ lists: [latestPage] }, [review(500, [3.8, 4], [4, 5], 'category=databases;type=books')])).toBe(
      'none',
    );
  });

  it('a review on a first page of words moves it only when the content’s reviews weigh more; its counts are set in place', () => {
    const words: ListShown = {
      ...latestPage,
      order: 'relevance',
      words: true,
      matched: Int32Array.of(3, 500),
      top: true,
    };
    // Lower (3.2 by 4 → 3.16 by 5), the same step: it cannot climb into the page.
    expect(effectOf({ lists: [words], cards: [1, 2] }, [review(500, [3.2, 4], [3.16, 5])])).toBe('none');
    // Lower and to another step: only the counts of its matches move.
    expect(effectOf({ lists: [words], cards: [1, 2] }, [review(500, [3.2, 4], [2.8, 5])])).toBe('counts');
    // Higher: it may climb into the page.
    expect(effectOf({ lists: [words], cards: [1, 2] }, [review(500, [3.2, 4], [3.4, 5])])).toBe('stale');
    // A second page: a content above it that falls may enter it.
    expect(effectOf({ lists: [{ ...words, top: false }] }, [review(500, [3.2, 4], [3.16, 5])])).toBe('stale');
    // Words whose matches are not known: any step moved renders it again.
    expect(effectOf({ lists: [{ ...words, matched: undefined }] }, [review(500, [3.2, 4], [2.8, 5])])).toBe('stale');
  });

  it('a review raising a match the ranking found could never reach the page leaves it; a contender moves it', () => {
    const words: ListShown = {
      ...latestPage,
      order: 'relevance',
      words: true,
      matched: Int32Array.of(3, 7, 500),
      contenders: Int32Array.of(3, 7),
      top: true,
    };
    // Higher, but too far below the page at any weight: it stays below; only its step's count may move.
    expect(effectOf({ lists: [words], cards: [1, 2] }, [review(500, [3.2, 4], [3.4, 5])])).toBe('none');
    expect(effectOf({ lists: [words], cards: [1, 2] }, [review(500, [3.8, 4], [4, 5])])).toBe('counts');
    // A contender raised may climb into the page.
    expect(effectOf({ lists: [words], cards: [1, 2] }, [review(7, [3.2, 4], [3.4, 5])])).toBe('stale');
    // A change that names no content: whether it could climb is not known.
    expect(
      effectOf(
        { lists: [words], cards: [1, 2] },
        [review(500, [3.2, 4], [3.4, 5])].map((c) => ({ ...c, contentSeq: null })),
      ),
    ).toBe('stale');
  });

  it('a review that takes a content from failing two filters to failing one moves another group: rendered again', () => {
    const rated: ListShown = { ...latestPage, filters: { category: 'web-development', rating: 4 } };
    // Another category and under 4 stars; then 4 stars: it now counts in the category group of the page.
    expect(effectOf({ lists: [rated] }, [review(500, [3.8, 4], [4, 5], 'category=databases;type=books')])).toBe(
      'stale',
    );
    // In the category, under 4 stars both times: it fails the rating filter alone, moving only the step counts.
    expect(effectOf({ lists: [rated] }, [review(500, [2.8, 4], [3.1, 5])])).toBe('counts');
  });

  it("a list showing only its tag counts (the home page's cards) is left alone by a review, and refreshed by a retagged content", () => {
    const tagCards: ListShown = {
      filters: {},
      order: 'latest',
      words: false,
      counts: true,
      countsOf: ['category', 'techStack', 'type'],
      full: false,
    };
    expect(effectOf({ lists: [tagCards] }, [review(500, [3.8, 4], [4, 5])])).toBe('none');
    const retagged = change('update', 500, values(4, 5), values(4, 5, 100 * DAY, 'category=databases;type=courses'));
    expect(effectOf({ lists: [tagCards] }, [retagged])).toBe('dead');
    // Failing one filter, a content counts in that group only: a group not shown moves nothing.
    const paidOnly: ListShown = { ...tagCards, filters: { cost: 'Paid' } };
    expect(
      effectOf({ lists: [paidOnly] }, [
        change('update', 500, values(4, 5), values(4, 5, 100 * DAY, undefined, 'Subscription')),
      ]),
    ).toBe('none');
  });

  it('moves the reviews of the page of the content reviewed, and refreshes the lists showing it as a card', () => {
    expect(effectOf({ subjects: [500] }, [review(500, [3, 1], [3.1, 2])])).toBe('reviews');
    expect(effectOf({ lists: [latestPage], cards: [500] }, [review(500, [3, 1], [3.1, 2])])).toBe('stale');
    expect(effectOf({ subjects: [501] }, [review(500, [3, 1], [3.1, 2])])).toBe('none');
  });

  it('drops the page of a content whose facets, text or place changed, or whose reviews moved beside another change', () => {
    expect(
      effectOf({ subjects: [500] }, [
        change('update', 500, values(3, 1), values(3, 1, 100 * DAY, 'category=databases')),
      ]),
    ).toBe('dead');
    expect(effectOf({ subjects: [500] }, [change('update', 500, values(3, 1), values(3, 1), true)])).toBe('dead');
    expect(effectOf({ subjects: [500] }, [change('delete', 500, values(3, 1))])).toBe('dead');
    // Its reviews and a card it shows: the page is made again whole, at once.
    expect(effectOf({ subjects: [500], cards: [7] }, [review(500, [3, 1], [3.1, 2]), review(7, [3, 1], [4, 2])])).toBe(
      'dead',
    );
    expect(
      effectOf({ subjects: [500], cards: [7] }, [review(500, [3, 1], [3.1, 2]), review(500, [3.1, 2], [3, 3])]),
    ).toBe('reviews');
  });

  it('a top-rated page is refreshed when a content climbs into it, not when one moves below it', () => {
    expect(effectOf({ lists: [{ ...topPage, counts: false }] }, [review(500, [4, 3], [4.5, 4])])).toBe('stale');
    expect(effectOf({ lists: [{ ...topPage, counts: false }] }, [review(500, [3.1, 3], [3.3, 4])])).toBe('none');
    // Newest first, a review changes no one's place.
    expect(effectOf({ lists: [{ ...latestPage, counts: false }] }, [review(500, [4, 3], [4.5, 4])])).toBe('none');
  });

  it('a new or deleted content that the list would hold drops it at once; one two filters away does not', () => {
    const inList = values(0, 0, 300 * DAY);
    expect(effectOf({ lists: [latestPage] }, [change('insert', 900, undefined, inList)])).toBe('dead');
    expect(effectOf({ lists: [latestPage] }, [change('delete', 900, inList)])).toBe('dead');
    const farAway = values(0, 0, 300 * DAY, 'category=databases');
    expect(
      effectOf({ lists: [{ ...latestPage, filters: { category: 'web-development', cost: 'Paid' } }] }, [
        change('insert', 900, undefined, farAway),
      ]),
    ).toBe('none');
  });

  it('a review of a content the words do not match leaves a word search as it is; one they match moves its counts', () => {
    const wordPage: ListShown = { ...latestPage, filters: {}, words: true, matched: Int32Array.from([3, 40, 500]) };
    expect(effectOf({ lists: [wordPage] }, [review(41, [3.8, 4], [4, 5])])).toBe('none');
    expect(effectOf({ lists: [wordPage] }, [review(500, [3.8, 4], [4, 5])])).toBe('counts');
    expect(effectOf({ lists: [wordPage], cards: [500] }, [review(500, [3.8, 4], [4, 5])])).toBe('stale');
    // Its matches unknown, a word search counts every content its filters pass.
    expect(effectOf({ lists: [{ ...wordPage, matched: undefined }] }, [review(41, [3.8, 4], [4, 5])])).toBe('stale');
    // A new content, or one whose text changed, may match the words now.
    expect(effectOf({ lists: [wordPage] }, [change('update', 41, values(3, 1), values(3, 1), true)])).toBe('dead');
    expect(effectOf({ lists: [wordPage] }, [change('insert', 41, undefined, values(0, 0, 300 * DAY))])).toBe('dead');
  });

  it('a renamed content drops the word searches it may now match at once, not the lists without words', () => {
    const same = values(3, 1);
    const renamed = change('update', 500, same, same, true);
    expect(effectOf({ lists: [{ ...latestPage, words: true }] }, [renamed])).toBe('dead');
    expect(effectOf({ lists: [latestPage] }, [renamed])).toBe('none');
  });

  it('a change of tag rows drops what shows tags; a reset drops everything; a broken link changes its own page only', () => {
    expect(effectOf({ tags: true }, [change('tags', null)])).toBe('dead');
    expect(effectOf({ lists: [latestPage] }, [change('tags', null)])).toBe('none');
    expect(effectOf({ lists: [latestPage] }, [change('reset', null)])).toBe('dead');
    expect(effectOf({ subjects: [500] }, [change('shown', 500)])).toBe('dead');
    expect(effectOf({ lists: [latestPage], cards: [500] }, [change('shown', 500)])).toBe('none');
  });

  it('the filters offered are dropped when a content brings or takes away a tag or a cost, not by a review', () => {
    expect(effectOf({ offered: true }, [review(500, [3, 1], [4.5, 2])])).toBe('none');
    expect(
      effectOf({ offered: true }, [change('update', 500, values(3, 1), values(3, 1, 100 * DAY, 'category=databases'))]),
    ).toBe('dead');
    expect(effectOf({ offered: true }, [change('insert', 900, undefined, values(0, 0))])).toBe('dead');
  });

  it('only a review’s change may leave a list a moment stale: an edit moving the same list drops it', () => {
    const edited = change(
      'update',
      500,
      values(3.8, 4),
      values(4, 5, 100 * DAY, 'category=web-development;type=courses', 'Paid'),
    );
    expect(effectOf({ lists: [latestPage] }, [edited])).toBe('dead');
    expect(effectOf({ lists: [latestPage] }, [review(500, [3.8, 4], [4, 5]), edited])).toBe('dead');
  });

  it('an answer that declared nothing is refreshed by a review and dropped by any other change', () => {
    expect(effectOf({}, [review(500, [3, 1], [3.1, 2])])).toBe('stale');
    expect(effectOf({}, [change('tags', null)])).toBe('dead');
    expect(effectOf({}, [])).toBe('none');
  });

  it('gathers what the reads inside an answer declared, nested', async () => {
    const { deps } = await collect(async () => {
      declare({ subjects: [1] });
      await collect(async () => declare({ tags: true, cards: [2] }));
      await new Promise((resolve) => setTimeout(resolve, 1));
      declare({ lists: [latestPage] });
    });
    expect(deps).toEqual({ subjects: [1], cards: [2], tags: true, lists: [latestPage] });
  });
});
