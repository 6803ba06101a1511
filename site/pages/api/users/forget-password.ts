import { getDb } from '#db/client.ts';
import { requestPasswordReset } from '#db/accounts/password-resets.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async ({ request, locals }) => requestPasswordReset(await getDb(), await readJson(request), { address: locals.client.address }));
