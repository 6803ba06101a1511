/** /api/lists/{id}/items/{contentId}: PUT `{note}` changes the item's note, DELETE takes it out of the list (the owner's). */
import { getDb } from '#db/client.ts';
import { removeListItem, updateListNote } from '#db/shelf/list-items.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  return updateListNote(await getDb(), user.id, context.params.id ?? '', context.params.contentId ?? '', await readJson(context.request));
});

export const DELETE = endpoint(async (context) =>
  removeListItem(await getDb(), requireUser(context).id, context.params.id ?? '', context.params.contentId ?? ''),
);
