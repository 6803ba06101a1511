/** POST /api/lists/{id}/items `{contentId, note?}`: the content added at the end of the caller's list (adding it again changes nothing). */
import { getDb } from '#db/client.ts';
import { addListItem } from '#db/shelf/list-items.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  return addListItem(await getDb(), user.id, context.params.id ?? '', await readJson(context.request));
});
