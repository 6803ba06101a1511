/** /api/lists/{id}/items/{contentId}/section: PUT `{section}` starts a section of the owner's path before the item. */
import { updateListSection } from '#db/shelf/list-items.ts';
import { handle } from '#site/lib/server/handle.ts';

export const PUT = handle('changeListItemSection', ({ db, user, params, body }) =>
  updateListSection(db, user.id, params.id, params.contentId, body),
);
