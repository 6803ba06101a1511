/** GET /api/users/progress: where the caller stands with each content they marked. */
import { getDb } from '#db/client.ts';
import { listProgress } from '#db/shelf/progress.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

export const GET = endpoint(async (context) => listProgress(await getDb(), requireUser(context).id));
