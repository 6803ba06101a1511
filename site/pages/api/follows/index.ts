/**
 * /api/follows: the tags the caller follows, with what is new in each since they last opened their
 * Following page, and their digest setting (GET, the admin lists' convention: page, pageSize, search, sort,
 * order and `kind`).
 */
import { getDb } from '#db/client.ts';
import { listFollows } from '#db/shelf/follows.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

export const GET = endpoint(async (context) => listFollows(await getDb(), requireUser(context).id, context.url.searchParams));
