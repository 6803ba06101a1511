/**
 * /api/follows: the tags the caller follows, with what is new in each since they last opened their
 * Following page, and their digest setting (GET, the admin lists' convention: page, pageSize, search, sort,
 * order and `kind`).
 */
import { listFollows } from '#db/shelf/follows.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('myFollows', ({ db, user, context }) => listFollows(db, user.id, context.url.searchParams));
