/** /api/lists/{id}/items/{contentId}: PUT `{note}` changes the item's note, DELETE takes it out of the list (the owner's). */
import { removeListItem, updateListNote } from '#db/shelf/list-items.ts';
import { handle } from '#site/lib/server/handle.ts';

export const PUT = handle('changeListItemNote', ({ db, user, params, body }) =>
  updateListNote(db, user.id, params.id, params.contentId, body),
);

export const DELETE = handle('removeListItem', ({ db, user, params }) =>
  removeListItem(db, user.id, params.id, params.contentId),
);
