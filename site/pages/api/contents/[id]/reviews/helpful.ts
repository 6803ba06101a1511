/**
 * The reviews of a content the signed-in user voted helpful. The content page is the same for everyone: the
 * browser asks this to paint the user's votes (site/reviews/mount.tsx).
 */
import { ownHelpfulVotes } from '#db/reviews/review-votes.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('myHelpfulVotes', ({ db, user, params }) => ownHelpfulVotes(db, user.id, params.id));
