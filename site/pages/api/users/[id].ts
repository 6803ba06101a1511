import { getUserForAdmin, updateUserByAdmin } from '#db/accounts/user-admin.ts';
import { deleteUserByAdmin } from '#db/account-data/account-deletion.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('getUser', ({ db, params }) => getUserForAdmin(db, params.id));

export const PUT = handle('changeUser', ({ db, actor, params, body }) => updateUserByAdmin(db, actor, params.id, body));

export const DELETE = handle('deleteUser', ({ db, actor, params }) => deleteUserByAdmin(db, actor, params.id));
