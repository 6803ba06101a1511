/**
 * Where to send a user after signing in: only ever a path on this site. Shared by the server (the signed-in
 * guard of /signin) and the islands (after the sign-in and sign-up forms), so both decide alike.
 *
 * The URL parser decides, not string prefixes: it is what the browser will apply to a Location header or
 * `location.assign`, including what it silently drops (tab, CR, LF) and what it treats as a slash
 * (backslash). The target is resolved against the site's origin, must land on that origin, and is
 * returned re-serialised (percent-encoded, so it is also a valid header value) as a path that cannot be
 * read as protocol-relative.
 */

import { namesSecretPage } from '#db/validation/secret-links.ts';

/** Any origin works as the base: the answer is a path, and only its own origin is accepted. */
const SITE_BASE = 'https://skillshelf.invalid';

/**
 * Controls, whitespace of any kind and invisible format characters: a browser strips some of them from a
 * URL (tab, CR, LF), and none appear in a target this site made (its links are percent-encoded).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a redirect target holding controls is refused (a browser drops some of them)
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069]/;

/**
 * The path (with query and hash) that `target` names on this site, or `fallback` when it is missing,
 * malformed or leads anywhere else. `origin` is the site's own origin (the browser passes
 * `location.origin`); a full URL on that origin is accepted and reduced to its path.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/', origin: string = SITE_BASE): string {
  if (!target || INVISIBLE.test(target)) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  // The absolute form of our own origin is fine; anything relative must already be a rooted path.
  if (!target.startsWith('/') && !target.toLowerCase().startsWith(`${base.origin.toLowerCase()}/`)) return fallback;
  const path = url.pathname + url.search + url.hash;
  // "/.//evil.example" normalises to "//evil.example": as a Location it would be another host.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}

/**
 * The sign-in and sign-up pages, coming back to `redirect` afterwards. Never to an address that holds a
 * secret (a mailed link's token: db/validation/secret-links.ts): the link would carry it into the
 * browser's history and the request log, and signed in there is nothing left to do anyway.
 */
export const signInUrl = (redirect: string | null | undefined) => withRedirect('/signin', redirect);
export const signUpUrl = (redirect: string | null | undefined) => withRedirect('/signup', redirect);

const withRedirect = (page: string, redirect: string | null | undefined) =>
  redirect && !namesSecretPage(redirect) ? `${page}?redirect=${encodeURIComponent(redirect)}` : page;
