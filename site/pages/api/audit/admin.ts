import { listAuditForAdmin } from '#db/reports/audit-table.ts';
import { handle } from '#site/lib/server/handle.ts';

/** The admin lists' convention: page, pageSize, search, sort, order, and the filters action and admin. */
export const GET = handle('auditLog', ({ db, context }) => listAuditForAdmin(db, context.url.searchParams));
