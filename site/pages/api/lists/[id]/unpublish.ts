/**
 * /api/lists/{id}/unpublish (admins): POST `{reason}` takes a list off the site, saying why to its owner; it
 * stays theirs, private, until DELETE lifts it, after which its owner may publish it again. Both audited.
 */
import { liftUnpublishing, unpublishList } from '#db/shelf/lists.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('unpublishList', ({ db, actor, params, body }) => unpublishList(db, actor, params.id, body));

export const DELETE = handle('liftListUnpublishing', ({ db, actor, params }) => liftUnpublishing(db, actor, params.id));
