import { getDb } from '#db/client.ts';
import { createEmptyContent } from '#db/catalog/content-admin.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';
import { json } from '#site/lib/server/http.ts';

/**
 * docs/product.md §4: an empty content (a draft) to edit next; the body, if any, is ignored. Clients read it as
 * `content` (with the message); its fields also stay at the top level for callers that read `_id` there.
 */
export const POST = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  const content = await createEmptyContent(await getDb(), actor);
  return json({ ...content, message: 'new content created successfully', content }, 201);
});
