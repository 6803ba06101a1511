import { getDb } from '#db/client.ts';
import { requestPasswordReset } from '#db/services/users.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async ({ request, clientAddress }) => requestPasswordReset(await getDb(), await readJson(request), { address: clientAddress }));
