import { getDb } from '#db/client.ts';
import { readSaves } from '#db/services/saves.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

export const GET = endpoint(async (context) => readSaves(await getDb(), requireUser(context), context.params.userId ?? ''));
