import { listReviewsForAdmin } from '#db/reviews/review-list.ts';
import { handle } from '#site/lib/server/handle.ts';

/** The admin lists' convention: page, pageSize, search, sort, order, and the filters content and rating. */
export const GET = handle('adminReviews', ({ db, context }) => listReviewsForAdmin(db, context.url.searchParams));
