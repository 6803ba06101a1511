/** The session cookie: HttpOnly, SameSite=Lax, and Secure whenever the site is served over https. */
import type { AstroCookies } from 'astro';
import { config } from '#db/config.ts';

export const SESSION_COOKIE = 'session';

export function setSessionCookie(cookies: AstroCookies, url: URL, token: string, expiresAt: Date): void {
  cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:' || (config().PUBLIC_URL ?? '').startsWith('https:'),
    path: '/',
    expires: expiresAt,
  });
}

export function deleteSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}
