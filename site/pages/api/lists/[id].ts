/**
 * /api/lists/{id}: a list with its items. GET: its owner, or anyone when it is public (a private list is a
 * 404 to others, as if it did not exist; an admin reads one an admin unpublished); PUT (any of `{name,
 * description, isPublic}`) and DELETE: its owner.
 */
import { getDb } from '#db/client.ts';
import { deleteList, readList, updateList } from '#db/shelf/lists.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async (context) =>
  readList(await getDb(), context.locals.user?.id, context.params.id ?? '', context.locals.user?.isAdmin === true),
);

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  return updateList(await getDb(), user.id, context.params.id ?? '', await readJson(context.request));
});

export const DELETE = endpoint(async (context) => deleteList(await getDb(), requireUser(context).id, context.params.id ?? ''));
