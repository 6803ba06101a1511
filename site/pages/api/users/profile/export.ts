import { getDb } from '#db/client.ts';
import { exportAccount, exportFileName } from '#db/account-data/account-export.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { jsonAttachment } from '#site/lib/server/http.ts';

/** Everything held about the signed-in user, as a file to download (docs/product.md §4). */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await exportAccount(await getDb(), user.id, context.locals.session?.id);
  return jsonAttachment(data, exportFileName(new Date(data.exportedAt)));
});
