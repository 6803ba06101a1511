/** /api/follows/digest: PUT `{weekly}` turns the weekly digest of the caller's follows on or off. */
import { changeDigest } from '#db/shelf/follows.ts';
import { handle } from '#site/lib/server/handle.ts';

export const PUT = handle('setDigest', ({ db, user, body }) => changeDigest(db, user.id, body));
