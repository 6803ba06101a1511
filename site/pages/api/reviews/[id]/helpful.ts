/** A signed-in user marks a review helpful (PUT) or takes it back (DELETE); never their own. */
import { retractHelpful, voteHelpful } from '#db/reviews/review-votes.ts';
import { handle } from '#site/lib/server/handle.ts';

export const PUT = handle('voteHelpful', ({ db, user, params }) => voteHelpful(db, user, params.id));

export const DELETE = handle('retractHelpfulVote', ({ db, user, params }) => retractHelpful(db, user, params.id));
