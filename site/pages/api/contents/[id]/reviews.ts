import { getDb } from '#db/client.ts';
import { addReview } from '#db/reviews/reviews.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { json, readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const result = await addReview(await getDb(), user, context.params.id ?? '', await readJson(context.request));
  return json(result, 201);
});
