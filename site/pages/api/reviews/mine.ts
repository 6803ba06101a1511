import { listOwnReviews } from '#db/reviews/own-reviews.ts';
import { handle } from '#site/lib/server/handle.ts';

/** The signed-in user's reviews, newest first, each with its content. */
export const GET = handle('myReviews', ({ db, user, context }) =>
  listOwnReviews(db, user.id, context.url.searchParams.get('page')),
);
