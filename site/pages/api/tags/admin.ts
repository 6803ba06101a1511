import { getDb } from '#db/client.ts';
import { parseTagKind } from '#db/services/tag-changes.ts';
import { listTagUsage } from '#db/services/tags.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';

/** Every tag (active and retired) with its id and how many contents carry it; `?kind=` for one kind. */
export const GET = endpoint(async (context) => {
  requireAdmin(context);
  const kind = context.url.searchParams.get('kind');
  return listTagUsage(await getDb(), kind && kind !== 'all' ? parseTagKind(kind) : undefined);
});
