/**
 * The signed-in user's own review of a content, or null. The content page is the same for everyone: the
 * browser asks this to draw either the user's review or the form (site/reviews/mount.tsx).
 */
import { findUserReview } from '#db/catalog/catalog-reads.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('myReviewOf', async ({ db, user, params }) => {
  const review = await findUserReview(db, params.id, user.id);
  return { review: review ?? null };
});
