/**
 * A content's rating and review count once a review is posted on this page: the review form sets it, the
 * rating summary at the top of the page follows it. Null until then (the server's numbers stand).
 */
import { atom } from 'nanostores';

export interface ReviewTotals {
  rating: number;
  numReviews: number;
}

export const reviewTotals = atom<ReviewTotals | null>(null);
