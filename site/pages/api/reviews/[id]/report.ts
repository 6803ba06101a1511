/** A signed-in user reports a review to the admins, with a reason (once; never their own). */
import { getDb } from '#db/client.ts';
import { reportReview } from '#db/reviews/review-reports.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { json, readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  return json(await reportReview(await getDb(), user, context.params.id ?? '', await readJson(context.request)), 201);
});
