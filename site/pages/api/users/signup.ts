import { signUp } from '#db/accounts/users.ts';
import { setDeviceCookie, setSessionCookie } from '#site/lib/server/cookies.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('signUp', async ({ db, body, context: { cookies, locals, request } }) => {
  const client = { address: locals.client.address, userAgent: request.headers.get('user-agent') ?? undefined };
  const { expiresAt, device, ...user } = await signUp(db, body, client);
  setSessionCookie(cookies, locals.client.https, user.token, expiresAt, user._id);
  setDeviceCookie(cookies, locals.client.https, device);
  return user;
});
