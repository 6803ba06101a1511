/** /api/follows/digest: PUT `{weekly}` turns the weekly digest of the caller's follows on or off. */
import { getDb } from '#db/client.ts';
import { changeDigest } from '#db/shelf/follows.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  return changeDigest(await getDb(), user.id, await readJson(context.request));
});
