/**
 * /api/users/progress/{id}: PUT `{state}` (want, learning or done) marks the content {id}, and saves it when
 * Learning or Done; DELETE clears the mark. Each answers the caller's progress and saves.
 */
import { clearProgress, markProgress } from '#db/shelf/progress.ts';
import { handle } from '#site/lib/server/handle.ts';

export const PUT = handle('markProgress', ({ db, user, params, body }) => markProgress(db, user.id, params.id, body));

export const DELETE = handle('clearProgress', ({ db, user, params }) => clearProgress(db, user.id, params.id));
