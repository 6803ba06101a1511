import { listContentsForAdmin } from '#db/reports/content-table.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('adminContents', ({ db, context }) => listContentsForAdmin(db, context.url.searchParams));
