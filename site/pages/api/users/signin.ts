import { getDb } from '#db/client.ts';
import { signIn } from '#db/accounts/users.ts';
import { DEVICE_COOKIE, setDeviceCookie, setSessionCookie } from '#site/lib/server/cookies.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async ({ request, cookies, locals }) => {
  const client = { address: locals.client.address, device: cookies.get(DEVICE_COOKIE)?.value };
  const { expiresAt, device, ...user } = await signIn(await getDb(), await readJson(request), client);
  setSessionCookie(cookies, locals.client.https, user.token, expiresAt, user._id);
  setDeviceCookie(cookies, locals.client.https, device);
  return user;
});
