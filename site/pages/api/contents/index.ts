import { getDb } from '#db/client.ts';
import { createEmptyContent } from '#db/services/admin-contents.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';
import { json } from '#site/lib/server/http.ts';

/** SPEC §4: an empty content to edit next (the body, if any, is ignored). */
export const POST = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return json(await createEmptyContent(await getDb(), actor), 201);
});
