/**
 * The signed-in user's own review of a content, or null. The content page is the same for everyone: the
 * browser asks this to draw either the user's review or the form (site/reviews/mount.tsx).
 */
import { getDb } from '#db/client.ts';
import { findUserReview } from '#db/catalog/catalog-reads.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const review = await findUserReview(await getDb(), context.params.id ?? '', user.id);
  return { review: review ?? null };
});
