/**
 * /api/lists: the caller's lists (GET, the admin lists' convention: page, pageSize, search, sort, order and
 * `visibility`) and a new one (POST `{name, description?, isPublic?}`: 201).
 */
import { getDb } from '#db/client.ts';
import { createList, listOwnLists } from '#db/shelf/lists.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { json, readJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async (context) => listOwnLists(await getDb(), requireUser(context).id, context.url.searchParams));

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  return json(await createList(await getDb(), user.id, await readJson(context.request)), 201);
});
