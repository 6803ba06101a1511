import { getDb } from '#db/client.ts';
import { signUp } from '#db/accounts/users.ts';
import { setDeviceCookie, setSessionCookie } from '#site/lib/server/cookies.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { json, readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async ({ request, cookies, locals }) => {
  const { expiresAt, device, ...user } = await signUp(await getDb(), await readJson(request), { address: locals.client.address });
  setSessionCookie(cookies, locals.client.https, user.token, expiresAt, user._id);
  setDeviceCookie(cookies, locals.client.https, device);
  return json(user, 201);
});
