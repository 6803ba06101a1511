/** A signed-in user marks a review helpful (PUT) or takes it back (DELETE); never their own. */
import { getDb } from '#db/client.ts';
import { retractHelpful, voteHelpful } from '#db/reviews/review-votes.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

export const PUT = endpoint(async (context) => voteHelpful(await getDb(), requireUser(context), context.params.id ?? ''));

export const DELETE = endpoint(async (context) => retractHelpful(await getDb(), requireUser(context), context.params.id ?? ''));
