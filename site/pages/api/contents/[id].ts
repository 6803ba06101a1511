import { getDb } from '#db/client.ts';
import { deleteContent, getContent, updateContent } from '#db/catalog/content-admin.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin, requireAdminActor } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return getContent(await getDb(), context.params.id ?? '');
});

export const PUT = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return updateContent(await getDb(), actor, context.params.id ?? '', await readJson(context.request));
});

export const DELETE = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return deleteContent(await getDb(), actor, context.params.id ?? '');
});
