import { getDb } from '#db/client.ts';
import { signUp } from '#db/services/users.ts';
import { setSessionCookie } from '#site/lib/server/cookies.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { json, readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async ({ request, cookies, url, clientAddress }) => {
  const { expiresAt, ...user } = await signUp(await getDb(), await readJson(request), { address: clientAddress });
  setSessionCookie(cookies, url, user.token, expiresAt, user._id);
  return json(user, 201);
});
