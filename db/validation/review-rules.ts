/**
 * What the review form and the admin's reviews table know of the rules without loading the validators
 * (zod stays out of those islands): the comment's limit, and the reviews list's sorts and page sizes.
 */
export const REVIEW_COMMENT_MAX = 2000;

export const REVIEW_SORTS = ['createdAt', 'rating', 'name', 'content'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type SortOrder = 'asc' | 'desc';

/** What a column sorts by first: the newest and the best rated first, names from A. */
export const defaultOrder = (sort: ReviewSort): SortOrder => (sort === 'createdAt' || sort === 'rating' ? 'desc' : 'asc');
