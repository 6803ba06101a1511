/** The orders results are listed in, over the facet table's rows and over sort keys (a change's before and after). */
import type { Order } from '../validation/search.ts';
import type { FacetTable } from './facet-types.ts';

/** How each order compares two rows (negative: a first). Ties fall back to the newest, then the latest added. */
export const COMPARE: Record<Order, (t: FacetTable, a: number, b: number) => number> = {
  latest: (t, a, b) => t.createdAt[b]! - t.createdAt[a]! || t.seq[b]! - t.seq[a]!,
  oldest: (t, a, b) => t.createdAt[a]! - t.createdAt[b]! || t.seq[a]! - t.seq[b]!,
  topRated: (t, a, b) => t.rating[b]! - t.rating[a]! || t.numReviews[b]! - t.numReviews[a]! || COMPARE.latest(t, a, b),
  lowRated: (t, a, b) => t.rating[a]! - t.rating[b]! || t.numReviews[a]! - t.numReviews[b]! || COMPARE.latest(t, a, b),
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
  if (order === 'topRated') return b.rating - a.rating || b.numReviews - a.numReviews || latest;
  return a.rating - b.rating || a.numReviews - b.numReviews || latest;
}

/** The sort key of a table row. */
export const rowKey = (t: FacetTable, i: number): RowKey => ({
  seq: t.seq[i]!,
  rating: t.rating[i]!,
  numReviews: t.numReviews[i]!,
  createdAt: t.createdAt[i]!,
});
