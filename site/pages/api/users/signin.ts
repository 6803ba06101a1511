import { getDb } from '#db/client.ts';
import { signIn } from '#db/services/users.ts';
import { setSessionCookie } from '#site/lib/server/cookies.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { readJson } from '#site/lib/server/http.ts';
import { sessionExpiry } from '#site/lib/server/session-expiry.ts';

export const POST = endpoint(async ({ request, cookies, locals }) => {
  const user = await signIn(await getDb(), await readJson(request), { address: locals.client.address });
  setSessionCookie(cookies, locals.client.https, user.token, sessionExpiry(), user._id);
  return user;
});
