/**
 * Rendered pages for visitors, kept in this process while the catalog is unchanged (meta.catalog_version,
 * bumped by triggers in the same transaction as any change a catalog page shows). A change made through
 * any process is seen by the next request here: one indexed read per request decides.
 *
 * The middleware fills the cache (cachedRender); the server's front door (scripts/serve.ts) answers hits
 * before Astro sees the request (cachedPageResponse), which is most of the cost of a cached page. The two
 * load this module separately (the server from source, Astro from its bundle), so the pages live in one
 * process-wide store under a registered symbol.
 */
import { catalogVersion } from '#db/services/catalog-cache.ts';
import type { Db } from '#db/client.ts';
import { config } from '#db/config.ts';
import { SESSION_COOKIE } from '#site/lib/server/cookies.ts';
import { etagMatches, etagOf, notModified, validatorHeaders } from '#site/lib/server/http.ts';

const MAX_PAGES = 500;

interface CachedPage {
  version: number;
  status: number;
  /** The response's headers with its validators (ETag, cache-control, vary) already set. */
  headers: Array<[string, string]>;
  etag: string;
  body: Uint8Array<ArrayBuffer>;
}

const STORE = Symbol.for('skillshelf.pageCache');
const pages: Map<string, CachedPage> = ((globalThis as Record<symbol, unknown>)[STORE] as Map<string, CachedPage> | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[STORE] = pages;

/** The cache key of a page: its path and query as the URL parser normalises them. */
export const pageKey = (url: URL) => url.pathname + url.search;

/** Catalog pages whose HTML is the same for every visitor. */
export function isCacheablePage(path: string): boolean {
  return path === '/' || path === '/search' || path === '/search/' || path.startsWith('/content/') || path === '/sitemap.xml' || path === '/feed.xml';
}

const HAS_SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * Who may be answered from the cache: a request with neither a session cookie nor a token. Their pages are
 * the same for everyone; a signed-in user's are not (the top bar, their saves).
 */
export function isVisitorRequest(cookieHeader: string | null | undefined, authorization: string | null | undefined): boolean {
  return !authorization && !HAS_SESSION_COOKIE.test(cookieHeader ?? '');
}

/** The stored page for `key` if it was made for the catalog as it is now, marked recently used. */
async function currentPage(db: Db, key: string): Promise<{ page: CachedPage | undefined; version: number }> {
  const version = await catalogVersion(db);
  const page = pages.get(key);
  if (!page || page.version !== version) return { page: undefined, version };
  // Map keeps insertion order: re-inserting marks the page recently used, and the oldest go first.
  pages.delete(key);
  pages.set(key, page);
  return { page, version };
}

/**
 * The page for `key` from the cache while the catalog is unchanged, else rendered (and kept when it is a
 * plain 200). Either way it carries its ETag, hashed once when stored, and is a 304 when the request holds it.
 */
export async function cachedRender(db: Db, request: Request, key: string, render: () => Promise<Response>): Promise<Response> {
  if (config().CATALOG_CACHE === 'off') return render();
  let { page, version } = await currentPage(db, key);
  if (!page) {
    const response = await render();
    if (response.status !== 200 || response.headers.has('set-cookie')) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const etag = etagOf(body);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(validatorHeaders(etag))) headers.set(name, value);
    page = { version, status: response.status, headers: [...headers], etag, body };
    pages.set(key, page);
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  }
  if (notModified(request, page.etag)) return new Response(null, { status: 304, headers: page.headers });
  return new Response(page.body, { status: page.status, headers: page.headers });
}

/**
 * For the front door: the cached page for a visitor's GET of `url` if it is current, as status, headers
 * and body (or a 304 when the request holds its ETag); undefined sends the request on to Astro. Skips the
 * version read when nothing is cached for the key.
 */
export async function cachedPageResponse(
  db: Db,
  url: URL,
  ifNoneMatch: string | undefined,
): Promise<{ status: number; headers: Array<[string, string]>; body: Uint8Array | undefined } | undefined> {
  if (config().CATALOG_CACHE === 'off' || !isCacheablePage(url.pathname)) return undefined;
  const key = pageKey(url);
  if (!pages.has(key)) return undefined;
  const { page } = await currentPage(db, key);
  if (!page) return undefined;
  if (etagMatches(ifNoneMatch, page.etag)) return { status: 304, headers: page.headers, body: undefined };
  return { status: page.status, headers: page.headers, body: page.body };
}
