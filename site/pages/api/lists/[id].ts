/**
 * /api/lists/{id}: a list with its items. GET: its owner, or anyone when it is public (a private list is a
 * 404 to others, as if it did not exist; an admin reads one an admin unpublished); PUT (any of `{name,
 * description, isPublic}`) and DELETE: its owner.
 */
import { deleteList, readList, updateList } from '#db/shelf/lists.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('getList', ({ db, user, params }) =>
  readList(db, user?.id, params.id, user?.isAdmin === true),
);

export const PUT = handle('changeList', ({ db, user, params, body }) => updateList(db, user.id, params.id, body));

export const DELETE = handle('deleteList', ({ db, user, params }) => deleteList(db, user.id, params.id));
