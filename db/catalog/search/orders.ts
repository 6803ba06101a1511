/** The orders results are listed in, over the facet table's rows and over sort keys (a change's before and after). */
import type { Order } from '../validation/search.ts';
import type { FacetTable } from './facet-types.ts';

/**
 * What Most and Least Popular rank by (decision 030): the average rating pulled towards a prior of
 * PRIOR_MEAN stars as if every content had PRIOR_REVIEWS more reviews of that (IMDb's weighted rating), so
 * one 5★ review does not outrank fifty 4.8★ ones. The prior is fixed, not the catalog's live mean: a live
 * mean would reorder rated contents on every review, everywhere, where a fixed one lets a review move only
 * its own content (decision 023). A content without reviews scores 0, last in Most Popular as before.
 * Pages still show the plain average.
 */
export const PRIOR_MEAN = 4;
export const PRIOR_REVIEWS = 5;

/**
 * Reviews give whole stars, so a rating times its count is their sum, a whole number: rounding it makes the
 * score the same double wherever it is computed, whatever digits the average was stored or sent with.
 */
export const popularity = (rating: number, numReviews: number): number =>
  numReviews === 0 ? 0 : (Math.round(numReviews * rating) + PRIOR_REVIEWS * PRIOR_MEAN) / (numReviews + PRIOR_REVIEWS);

/**
 * What a content's reviews weigh in Best Match (decision 040): ±10% around the prior's 4 stars, 1 with none.
 * A review that does not raise it cannot lift its content into a word search's first page (decision 051).
 */
export const reviewsWeight = (rating: number, numReviews: number): number =>
  numReviews ? 1 + 0.1 * (popularity(rating, numReviews) - 4) : 1;

/** popularity in SQL, the same arithmetic (the tests compare the two orders). */
export const POPULARITY_SQL = (table: string) =>
  `CASE WHEN ${table}.num_reviews = 0 THEN 0 ELSE (round(${table}.num_reviews * ${table}.rating) + ${PRIOR_REVIEWS * PRIOR_MEAN}.0) / (${table}.num_reviews + ${PRIOR_REVIEWS}) END`;

const popularityOf = (t: FacetTable, i: number) => popularity(t.rating[i]!, t.numReviews[i]!);

/** How each order compares two rows (negative: a first). Ties fall back to the newest, then the latest added. */
export const COMPARE: Record<Order, (t: FacetTable, a: number, b: number) => number> = {
  latest: (t, a, b) => t.createdAt[b]! - t.createdAt[a]! || t.seq[b]! - t.seq[a]!,
  oldest: (t, a, b) => t.createdAt[a]! - t.createdAt[b]! || t.seq[a]! - t.seq[b]!,
  topRated: (t, a, b) =>
    popularityOf(t, b) - popularityOf(t, a) || t.numReviews[b]! - t.numReviews[a]! || COMPARE.latest(t, a, b),
  lowRated: (t, a, b) =>
    popularityOf(t, a) - popularityOf(t, b) || t.numReviews[a]! - t.numReviews[b]! || COMPARE.latest(t, a, b),
};

/** A row's sort key, for comparing rows that are not in the table's arrays (a change's before and after). */
export interface RowKey {
  seq: number;
  rating: number;
  numReviews: number;
  createdAt: number;
}

/** COMPARE over sort keys: the same orders, ties broken the same way. */
export function compareKeys(order: Order, a: RowKey, b: RowKey): number {
  const latest = b.createdAt - a.createdAt || b.seq - a.seq;
  if (order === 'latest') return latest;
  if (order === 'oldest') return -latest;
  const byPopularity = popularity(b.rating, b.numReviews) - popularity(a.rating, a.numReviews);
  if (order === 'topRated') return byPopularity || b.numReviews - a.numReviews || latest;
  return -byPopularity || a.numReviews - b.numReviews || latest;
}

/** The sort key of a table row. */
export const rowKey = (t: FacetTable, i: number): RowKey => ({
  seq: t.seq[i]!,
  rating: t.rating[i]!,
  numReviews: t.numReviews[i]!,
  createdAt: t.createdAt[i]!,
});
