import { signIn } from '#db/accounts/users.ts';
import { DEVICE_COOKIE, setDeviceCookie, setPendingSessionCookie, setSessionCookie } from '#site/lib/server/cookies.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('signIn', async ({ db, body, context: { cookies, locals, request } }) => {
  const client = {
    address: locals.client.address,
    device: cookies.get(DEVICE_COOKIE)?.value,
    userAgent: request.headers.get('user-agent') ?? undefined,
  };
  const { expiresAt, device, ...user } = await signIn(db, body, client);
  if (user.twoFactor) setPendingSessionCookie(cookies, locals.client.https, user.token);
  else setSessionCookie(cookies, locals.client.https, user.token, expiresAt, user._id);
  setDeviceCookie(cookies, locals.client.https, device);
  return user;
});
