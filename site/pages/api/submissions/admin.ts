import { getDb } from '#db/client.ts';
import { listSubmissions } from '#db/submissions/submission-list.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';

export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return listSubmissions(await getDb(), context.url.searchParams);
});
