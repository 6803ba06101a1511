import { listUsers } from '#db/accounts/user-admin.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('adminUsers', ({ db, context }) => listUsers(db, context.url.searchParams));
