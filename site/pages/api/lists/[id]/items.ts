/** POST /api/lists/{id}/items `{contentId, note?}`: the content added at the end of the caller's list (adding it again changes nothing). */
import { addListItem } from '#db/shelf/list-items.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('addListItem', ({ db, user, params, body }) => addListItem(db, user.id, params.id, body));
