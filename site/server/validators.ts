/**
 * HTTP validators (RFC 9110 §8.8): the ETag of a body and the If-None-Match check, shared by the front
 * door's stored answers (the page cache, the built files) and the rendered pages and API answers
 * (site/lib/server/http.ts).
 */
import { createHash } from 'node:crypto';

export const etagOf = (body: string | Uint8Array) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header (a list of ETags) names `etag`. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return ifNoneMatch?.split(/\s*,\s*/).includes(etag) ?? false;
}

/**
 * The fields of an answer that its 304 may send too (RFC 9110 §15.4.5): a 304 has no content, so nothing
 * that describes one (Content-Type, Content-Length, Content-Encoding…); the validators, the caching fields
 * and the security headers stay. Validating proxies (Prism) refuse a 304 with a Content-Type, and the
 * compression would mark an empty 304 of a compressible type as compressed.
 */
export function notModifiedHeaders(headers: Iterable<[string, string]>): Array<[string, string]> {
  return [...headers].filter(([name]) => !/^content-(?!location$|security-policy)/i.test(name));
}

/** A visitor's page: anyone may keep it, but must ask again (with its ETag) before using it; it varies with the session cookie. */
export const validatorHeaders = (etag: string) => ({
  etag,
  'cache-control': 'public, max-age=0, must-revalidate',
  vary: 'cookie',
});
