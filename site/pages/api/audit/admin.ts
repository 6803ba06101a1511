import { getDb } from '#db/client.ts';
import { listAuditForAdmin } from '#db/reports/audit-table.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';

/** The admin lists' convention: page, pageSize, search, sort, order, and the filters action and admin. */
export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return listAuditForAdmin(await getDb(), context.url.searchParams);
});
