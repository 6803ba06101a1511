/** PUT /api/lists/{id}/order `{contentIds}`: the owner's list in the order given (every item, each once). */
import { getDb } from '#db/client.ts';
import { reorderList } from '#db/shelf/list-items.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  return reorderList(await getDb(), user.id, context.params.id ?? '', await readJson(context.request));
});
