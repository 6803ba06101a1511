import { getDb } from '#db/client.ts';
import { toggleSave } from '#db/shelf/saves.ts';
import { saveInput } from '#db/shelf/validation/saves.ts';
import { parseInput } from '#db/validation/parse.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

/**
 * Toggles a save (docs/product.md §7); contentName/contentSlug/contentUrl in the payload are ignored (the content row
 * decides). A client that knows the state it wants, and may retry, uses PUT / DELETE /api/users/saves/{id}.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const { contentId } = parseInput(saveInput, await readJson(context.request));
  return toggleSave(await getDb(), user.id, contentId);
});
