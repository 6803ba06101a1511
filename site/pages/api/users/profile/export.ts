import { exportAccount, exportFileName } from '#db/account-data/account-export.ts';
import { handle } from '#site/lib/server/handle.ts';
import { jsonAttachment } from '#site/lib/server/http.ts';

/** Everything held about the signed-in user, as a file to download (docs/product.md#how-things-change). */
export const GET = handle('exportAccount', async ({ db, user, context }) => {
  const data = await exportAccount(db, user.id, context.locals.session?.id);
  return jsonAttachment(data, exportFileName(new Date(data.exportedAt)));
});
