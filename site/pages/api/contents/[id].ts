import { getDb } from '#db/client.ts';
import { deleteContent, getContent, updateContent } from '#db/catalog/content-admin.ts';
import { fetchPicture } from '#db/catalog/pictures.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin, requireAdminActor } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return getContent(await getDb(), context.params.id ?? '');
});

export const PUT = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  const db = await getDb();
  const id = context.params.id ?? '';
  const content = await updateContent(db, actor, id, await readJson(context.request));
  // A picture given by another site's address is fetched and kept here after the reply (db/catalog/pictures.ts).
  void fetchPicture(db, id, { givenOnly: true });
  return content;
});

export const DELETE = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return deleteContent(await getDb(), actor, context.params.id ?? '');
});
