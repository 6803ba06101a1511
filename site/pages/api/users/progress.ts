/** GET /api/users/progress: where the caller stands with each content they marked. */
import { listProgress } from '#db/shelf/progress.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('myProgress', ({ db, user }) => listProgress(db, user.id));
