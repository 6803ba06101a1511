/**
 * /api/users/saved: a page of the caller's saves (GET, the admin lists' convention: page, pageSize, search,
 * sort, order, `list` and `progress`), with their lists and progress marks counted.
 */
import { readSavedPage } from '#db/shelf/saved-page.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('mySaved', ({ db, user, context }) => readSavedPage(db, user.id, context.url.searchParams));
