/** What the review form knows of the rules without loading the validators (zod stays out of that island). */
export const REVIEW_COMMENT_MAX = 2000;
