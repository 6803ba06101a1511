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

/** Answers the request from the cache (true), or leaves it for Astro (false). */
export async function serveCachedPage(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  try {
    // Only the path and query matter (the cache key); the gate made sure the target is a plain path.
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (visitorRule(req.method, url.pathname) !== 'cached') return false;
    const page = await cachedPageResponse(await getDb(), url, req.headers);
    if (!page) return false;
    res.writeHead(page.status, frontDoorHeaders(page.headers));
    res.end(page.body);
    return true;
  } catch {
    // Whatever went wrong, Astro answers the request (and reports it).
    return false;
  }
}

/** A stored response's headers with the security headers, flattened once per stored variant. */
const flatHeaders = new WeakMap<Array<[string, string]>, string[]>();
function frontDoorHeaders(headers: Array<[string, string]>): string[] {
  let flat = flatHeaders.get(headers);
  if (!flat) {
    // This server speaks plain http; securityHeaders adds HSTS when PUBLIC_URL is https (TLS ended in front).
    flat = [...headers.flat(), ...Object.entries(securityHeaders('http:')).flat()];
    flatHeaders.set(headers, flat);
  }
  return flat;
}
