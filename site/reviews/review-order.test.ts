import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_ORDER, isReviewOrder, REVIEW_ORDERS, sortReviews } from './review-order.ts';

const review = (id: string, helpful: number, rating: number, day: number) => ({
  id,
  helpful,
  rating,
  createdAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
});
const reviews = [review('a', 0, 5, 1), review('b', 3, 2, 2), review('c', 3, 4, 3), review('d', 1, 1, 4)];
const ids = (list: Array<{ id: string }>) => list.map((r) => r.id);

describe('the orders of a content page’s reviews', () => {
  it('most helpful first by default, the newest first among equals', () => {
    expect(DEFAULT_REVIEW_ORDER).toBe('helpful');
    expect(ids(sortReviews(reviews, 'helpful'))).toEqual(['c', 'b', 'd', 'a']);
  });

  it('newest, highest and lowest rated, ties to the newest; the input is left as it was', () => {
    expect(ids(sortReviews(reviews, 'newest'))).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(sortReviews(reviews, 'highest'))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(sortReviews(reviews, 'lowest'))).toEqual(['d', 'b', 'c', 'a']);
    expect(ids(reviews)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('knows its own names only', () => {
    expect(Object.keys(REVIEW_ORDERS).every(isReviewOrder)).toBe(true);
    for (const value of ['', 'toString', '__proto__', 'Helpful', undefined, 1])
      expect(isReviewOrder(value)).toBe(false);
  });
});
