/**
 * /api/follows/{kind}/{value}: PUT follows the tag (its body, optional, may answer the digest question
 * asked at the first follow: `{digest}`); DELETE unfollows it. Each answers the caller's follows.
 */
import { getDb } from '#db/client.ts';
import { followTag, unfollowTag } from '#db/shelf/follows.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const { kind = '', value = '' } = context.params;
  return followTag(await getDb(), user.id, kind, value, await readJson(context.request, { allowEmpty: true }));
});

export const DELETE = endpoint(async (context) => {
  const { kind = '', value = '' } = context.params;
  return unfollowTag(await getDb(), requireUser(context).id, kind, value);
});
