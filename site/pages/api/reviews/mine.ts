import { getDb } from '#db/client.ts';
import { listOwnReviews } from '#db/reviews/own-reviews.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

/** The signed-in user's reviews, newest first, each with its content. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return listOwnReviews(await getDb(), user.id, context.url.searchParams.get('page'));
});
