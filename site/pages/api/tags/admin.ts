import { getDb } from '#db/client.ts';
import { listTagsForAdmin } from '#db/catalog/tags/tags.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';

/** Tags (active and retired) with their id and how many contents carry each: the admin lists' convention, `kind` and `status` filters. */
export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return listTagsForAdmin(await getDb(), context.url.searchParams);
});
