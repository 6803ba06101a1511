import { getDb } from '#db/client.ts';
import { listUsers } from '#db/accounts/user-admin.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';

export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return listUsers(await getDb(), context.url.searchParams);
});
