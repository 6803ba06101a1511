/** /api/users/saved/bulk: POST `{action, contentIds, listId?, state?}` changes several of the caller's saves at once. */
import { bulkChangeSaves } from '#db/shelf/saved-page.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('bulkSaves', ({ db, user, body }) => bulkChangeSaves(db, user.id, body));
