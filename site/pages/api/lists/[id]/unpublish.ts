/** POST /api/lists/{id}/unpublish: an admin takes a public list off the site (audited); it stays its owner's, private. */
import { getDb } from '#db/client.ts';
import { unpublishList } from '#db/contributions/lists.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';

export const POST = endpoint(async (context) => unpublishList(await getDb(), requireAdminActor(context), context.params.id ?? ''));
