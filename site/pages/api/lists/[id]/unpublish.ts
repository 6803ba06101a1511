/**
 * /api/lists/{id}/unpublish (admins): POST `{reason}` takes a list off the site, saying why to its owner; it
 * stays theirs, private, until DELETE lifts it, after which its owner may publish it again. Both audited.
 */
import { getDb } from '#db/client.ts';
import { liftUnpublishing, unpublishList } from '#db/shelf/lists.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return unpublishList(await getDb(), actor, context.params.id ?? '', await readJson(context.request, { allowEmpty: true }));
});

export const DELETE = endpoint(async (context) => liftUnpublishing(await getDb(), requireAdminActor(context), context.params.id ?? ''));
