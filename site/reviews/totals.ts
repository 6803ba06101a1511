/**
 * A content's rating and review count once a review is posted on this page: the review form sets it, the
 * rating summary at the top of the page follows it. Null until then (the server's numbers stand).
 */
import { atom } from 'nanostores';
import type { ReviewTotalsShape } from '#db/reviews/contract.ts';

/** The totals as the review operations answer them. */
export type ReviewTotals = Pick<ReviewTotalsShape, 'rating' | 'numReviews'>;

export const reviewTotals = atom<ReviewTotals | null>(null);
