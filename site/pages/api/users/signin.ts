import { getDb } from '#db/client.ts';
import { signIn } from '#db/accounts/users.ts';
import { setSessionCookie } from '#site/lib/server/cookies.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async ({ request, cookies, locals }) => {
  const { expiresAt, ...user } = await signIn(await getDb(), await readJson(request), { address: locals.client.address });
  setSessionCookie(cookies, locals.client.https, user.token, expiresAt, user._id);
  return user;
});
