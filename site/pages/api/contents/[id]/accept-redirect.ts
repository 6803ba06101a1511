import { getDb } from '#db/client.ts';
import { acceptMovedLink } from '#db/links/link-health.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';

/** Makes the address the content's link permanently redirects to (found by the link checker) its URL. */
export const POST = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return acceptMovedLink(await getDb(), actor, context.params.id ?? '');
});
