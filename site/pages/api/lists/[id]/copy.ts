/** POST /api/lists/{id}/copy: a list the caller may read, copied as a new private list of theirs (201). */
import { copyList } from '#db/shelf/lists.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('copyList', ({ db, user, params }) => copyList(db, user.id, params.id));
