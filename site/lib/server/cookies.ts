/**
 * The session cookie: HttpOnly, SameSite=Lax, and Secure whenever the site is served over https. Beside it,
 * `signed_in` (readable by the page's scripts, holding only the user's id) says that this browser holds a
 * session, so the catalog pages, made once for everyone, can draw the signed-in user before the first paint
 * (site/session/paint.ts). The two are set and cleared together, with the same lifetime. The `device`
 * cookie outlives them: it says that this browser signed in to the account before (db/accounts/known-devices.ts).
 */
import type { AstroCookies } from 'astro';
import { config } from '#db/config.ts';

import { DEVICE_COOKIE, SESSION_COOKIE, SIGNED_IN_COOKIE } from '#site/server/cookie-names.ts';

export { DEVICE_COOKIE, SESSION_COOKIE, SIGNED_IN_COOKIE };

/** `https`: whether this request came over https (locals.client.https: the socket, or a trusted proxy's word). */
export function setSessionCookie(
  cookies: AstroCookies,
  https: boolean,
  token: string,
  expiresAt: Date,
  userId: string,
): void {
  const secure = https || (config().PUBLIC_URL ?? '').startsWith('https:');
  cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
  cookies.set(SIGNED_IN_COOKIE, userId, { httpOnly: false, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

/**
 * A sign-in waiting for its second factor: the session cookie alone, without `signed_in`, so that no page
 * draws the person as signed in before the code is given (it becomes a session cookie of its own then).
 */
export function setPendingSessionCookie(cookies: AstroCookies, https: boolean, token: string): void {
  const secure = https || (config().PUBLIC_URL ?? '').startsWith('https:');
  cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 15 * 60 });
}

/** The known device's token: read only by the sign-in forms and API, which are posted from this site (SameSite=Strict). */
export function setDeviceCookie(
  cookies: AstroCookies,
  https: boolean,
  device: { token: string; expiresAt: Date },
): void {
  const secure = https || (config().PUBLIC_URL ?? '').startsWith('https:');
  cookies.set(DEVICE_COOKIE, device.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    expires: device.expiresAt,
  });
}

export function deleteSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
  cookies.delete(SIGNED_IN_COOKIE, { path: '/' });
}
