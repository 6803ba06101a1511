/**
 * The front door's answer from the page cache (site/server/page-cache.ts): a request the visitor rule says
 * is 'cached' is answered here, without Astro (most of a cached page's cost is the framework's request
 * pipeline), for visitors and signed-in users alike — the page holds nothing personal. Every miss goes on to
 * Astro, whose middleware fills the cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '#db/client.ts';
import { cachedPageResponse } from './page-cache.ts';
import { securityHeaders } from './security-headers.ts';
import { visitorRule } from './visitor-rule.ts';

/** What became of a request at the cache: answered ('hit', with the route that made the page), left for Astro ('miss'), or not the cache's (undefined). */
export type CacheResult = { result: 'hit'; route: string } | { result: 'miss' } | undefined;

/**
 * Answers the request from the cache when it holds the page. `https` decides HSTS, `requestId` is sent
 * back as X-Request-Id, `extra` are more headers (name, value, …) for this answer only.
 */
export async function serveCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  https: boolean,
  requestId: string,
  extra: string[] = [],
): Promise<CacheResult> {
  let url: URL;
  try {
    // Only the path and query matter (the cache key); the gate made sure the target is a plain path.
    url = new URL(req.url ?? '/', 'http://localhost');
    if (visitorRule(req.method, url.pathname) !== 'cached') return undefined;
    const page = await cachedPageResponse(await getDb(), url, req.headers);
    if (!page) return { result: 'miss' };
    res.writeHead(page.status, [...frontDoorHeaders(page.headers, https), 'x-request-id', requestId, ...extra]);
    res.end(page.body);
    return { result: 'hit', route: page.route };
  } catch {
    // Whatever went wrong, Astro answers the request (and reports it).
    return { result: 'miss' };
  }
}

/** A stored response's headers with the security headers, flattened once per stored variant (and https or not). */
const flatHeaders = [
  new WeakMap<Array<[string, string]>, string[]>(),
  new WeakMap<Array<[string, string]>, string[]>(),
] as const;
function frontDoorHeaders(headers: Array<[string, string]>, https: boolean): string[] {
  const store = flatHeaders[https ? 1 : 0];
  let flat = store.get(headers);
  if (!flat) {
    flat = [...headers.flat(), ...Object.entries(securityHeaders(https)).flat()];
    store.set(headers, flat);
  }
  return flat;
}
