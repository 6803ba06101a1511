import { getDb } from '#db/client.ts';
import { changeTag } from '#db/catalog/tags/tag-changes.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

/** `{label}` renames (the old value answers 301 in the catalog), `{status: 'retired'|'active'}` retires or restores. */
export const PUT = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return changeTag(await getDb(), actor, context.params.id, await readJson(context.request));
});
