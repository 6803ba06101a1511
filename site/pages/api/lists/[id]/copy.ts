/** POST /api/lists/{id}/copy: a list the caller may read, copied as a new private list of theirs (201). */
import { getDb } from '#db/client.ts';
import { copyList } from '#db/shelf/lists.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { json } from '#site/lib/server/http.ts';

export const POST = endpoint(async (context) => json(await copyList(await getDb(), requireUser(context).id, context.params.id ?? ''), 201));
