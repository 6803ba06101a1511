/**
 * One spelling per address. The rules behind the front door compare paths as written (the sign-in guard,
 * the visitor rule, the account forms), while Astro's router reads "/profile/", "/profile/." and
 * "/profile//" as /profile: another spelling reached the page past its rules (docs/product.md#pages).
 */

/** What may be another spelling: a slash at the end, two in a row, or a dot segment (maybe percent-encoded). */
const MAYBE_ANOTHER_SPELLING = /\/$|\/\/|\/(?:\.|%2e)/i;

/**
 * The one spelling of `path` (a request's path, without its query) when it was sent another, else
 * undefined: dot segments resolved as the URL parser resolves them (as Astro will), repeated slashes
 * made one, and no slash at the end but the root's.
 */
export function canonicalPath(path: string): string | undefined {
  if (path === '/' || !MAYBE_ANOTHER_SPELLING.test(path)) return undefined;
  const canonical = new URL(path, 'http://localhost').pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return canonical === path ? undefined : canonical;
}
