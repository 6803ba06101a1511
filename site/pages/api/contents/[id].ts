import { deleteContent, getContent, updateContent } from '#db/catalog/content-admin.ts';
import { fetchPicture } from '#db/catalog/pictures.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('getContent', ({ db, params }) => getContent(db, params.id));

export const PUT = handle('saveContent', async ({ db, actor, params, body }) => {
  const content = await updateContent(db, actor, params.id, body);
  // A picture given by another site's address is fetched and kept here after the reply (db/catalog/pictures.ts).
  void fetchPicture(db, params.id, { givenOnly: true });
  return content;
});

export const DELETE = handle('deleteContent', ({ db, actor, params }) => deleteContent(db, actor, params.id));
