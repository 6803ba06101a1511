/** PUT /api/lists/{id}/order `{contentIds}`: the owner's list in the order given (every item, each once). */
import { reorderList } from '#db/shelf/list-items.ts';
import { handle } from '#site/lib/server/handle.ts';

export const PUT = handle('reorderList', ({ db, user, params, body }) => reorderList(db, user.id, params.id, body));
