import { getDb } from '#db/client.ts';
import { listReviewsForAdmin } from '#db/reviews/review-list.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';

/** The admin lists' convention: page, pageSize, search, sort, order, and the filters content and rating. */
export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return listReviewsForAdmin(await getDb(), context.url.searchParams);
});
