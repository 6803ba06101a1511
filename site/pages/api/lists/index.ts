/**
 * /api/lists: the caller's lists (GET, the admin lists' convention: page, pageSize, search, sort, order and
 * `visibility`) and a new one (POST `{name, description?, isPublic?}`: 201).
 */
import { createList, listOwnLists } from '#db/shelf/lists.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('myLists', ({ db, user, context }) => listOwnLists(db, user.id, context.url.searchParams));

export const POST = handle('createList', ({ db, user, body }) => createList(db, user.id, body));
