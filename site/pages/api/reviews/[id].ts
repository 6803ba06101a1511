/** A review changed or deleted by its author, or by an admin (audited). The content's totals follow. */
import { getDb } from '#db/client.ts';
import { changeReview, deleteReview } from '#db/reviews/reviews.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  return changeReview(await getDb(), user, context.params.id ?? '', await readJson(context.request));
});

export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  return deleteReview(await getDb(), user, context.params.id ?? '');
});
