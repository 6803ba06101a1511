import { getDb } from '#db/client.ts';
import { listContentsForAdmin } from '#db/reports/content-table.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';

export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return listContentsForAdmin(await getDb(), context.url.searchParams);
});
