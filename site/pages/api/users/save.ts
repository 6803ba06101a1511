import { toggleSave } from '#db/shelf/saves.ts';
import { saveInput } from '#db/shelf/validation/saves.ts';
import { parseInput } from '#db/validation/parse.ts';
import { handle } from '#site/lib/server/handle.ts';

/**
 * Toggles a save (docs/product.md#the-rest-api); contentName/contentSlug/contentUrl in the payload are ignored (the content row
 * decides). A client that knows the state it wants, and may retry, uses PUT / DELETE /api/users/saves/{id}.
 */
export const POST = handle('toggleSave', ({ db, user, body }) => {
  const { contentId } = parseInput(saveInput, body);
  return toggleSave(db, user.id, contentId);
});
