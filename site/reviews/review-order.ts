/**
 * The orders a content page's reviews can be read in (docs/product.md#pages, Content), named once: the page
 * renders the default, the visitor's sort control and the signed-in user's reviews island reorder with the
 * same comparison. Browser and server alike (no imports).
 */
export const REVIEW_ORDERS = {
  helpful: 'Most helpful',
  newest: 'Newest',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
} as const;

export type ReviewOrder = keyof typeof REVIEW_ORDERS;
export const DEFAULT_REVIEW_ORDER: ReviewOrder = 'helpful';

/** What the orders compare: a review as the API gives it, or as its element's data attributes carry it. */
export interface Orderable {
  helpful: number;
  rating: number;
  createdAt: string;
}

export const isReviewOrder = (value: unknown): value is ReviewOrder =>
  typeof value === 'string' && Object.hasOwn(REVIEW_ORDERS, value);

const newestFirst = (a: Orderable, b: Orderable) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

/** Each order's comparison; ties go to the newest. */
export const compareReviews: Record<ReviewOrder, (a: Orderable, b: Orderable) => number> = {
  helpful: (a, b) => b.helpful - a.helpful || newestFirst(a, b),
  newest: newestFirst,
  highest: (a, b) => b.rating - a.rating || newestFirst(a, b),
  lowest: (a, b) => a.rating - b.rating || newestFirst(a, b),
};

/** A sorted copy. */
export const sortReviews = <T extends Orderable>(reviews: readonly T[], order: ReviewOrder): T[] =>
  [...reviews].sort(compareReviews[order]);
