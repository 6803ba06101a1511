import { getDb } from '#db/client.ts';
import { dashboardSummary } from '#db/reports/dashboard.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';

export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return dashboardSummary(await getDb());
});
