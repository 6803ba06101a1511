import { getDb } from '#db/client.ts';
import { resetPassword } from '#db/accounts/users.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async ({ request, locals }) => resetPassword(await getDb(), await readJson(request), { address: locals.client.address }));
