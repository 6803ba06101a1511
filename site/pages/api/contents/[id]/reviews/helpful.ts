/**
 * The reviews of a content the signed-in user voted helpful. The content page is the same for everyone: the
 * browser asks this to paint the user's votes (site/reviews/mount.tsx).
 */
import { getDb } from '#db/client.ts';
import { ownHelpfulVotes } from '#db/reviews/review-votes.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

export const GET = endpoint(async (context) => ownHelpfulVotes(await getDb(), requireUser(context).id, context.params.id ?? ''));
