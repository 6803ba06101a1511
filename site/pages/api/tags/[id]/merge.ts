import { getDb } from '#db/client.ts';
import { mergeTagById } from '#db/catalog/tags/tag-changes.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

/** `{into}` (the other tag's id or value): its contents carry `into` instead, and this tag goes away. */
export const POST = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return mergeTagById(await getDb(), actor, context.params.id, await readJson(context.request));
});
