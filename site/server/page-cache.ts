/**
 * The catalog pages (home, search, content pages, sitemap, feed) and the public catalog API's answers,
 * rendered once for everyone and kept in this process while the catalog is unchanged (meta.catalog_version,
 * bumped by triggers in the same transaction as any change a catalog page shows). A change made through any process is seen by the next
 * request here: one indexed read per request decides.
 *
 * They hold nothing personal: the middleware renders them without the session, and a signed-in user's
 * browser draws who they are (docs/decisions/014). So one copy serves visitors and signed-in users alike,
 * and pages rendered for a user (profile, saved, admin) are never among them. Which requests are kept and
 * answered here is the visitor rule's to say (site/server/visitor-rule.ts), not this module's.
 *
 * Each page is kept in every encoding we send (br, gzip, identity; docs/decisions/013), each with its own
 * ETag, compressed once when stored: a hit only picks the bytes the request accepts.
 *
 * The middleware fills the cache (cachedRender); the server's front door (site/server/cached-pages.ts)
 * answers hits before Astro sees the request (cachedPageResponse), which is most of the cost of a cached
 * page. The two load this module separately (the server from source, Astro from its bundle), so the pages
 * live in one process-wide store under a registered symbol.
 */
import { catalogVersion } from '#db/catalog/search/version.ts';
import type { Db } from '#db/client.ts';
import { chooseEncoding, compressVariants, type Encoding } from './content-encoding.ts';
import { etagMatches, etagOf, validatorHeaders } from './validators.ts';

const MAX_PAGES = 500;

interface Variant {
  body: Uint8Array;
  etag: string;
  /** The response's headers: the page's own, its validators, the content encoding and length. */
  headers: Array<[string, string]>;
  /** The same without the length, for a 304. */
  notModifiedHeaders: Array<[string, string]>;
}

interface CachedPage {
  version: number;
  /** The route that rendered it (Astro's routePattern), for the request log and the metrics. */
  route: string;
  status: number;
  encodings: Encoding[];
  variants: Partial<Record<Encoding, Variant>>;
}

export interface PageAnswer {
  route: string;
  status: number;
  headers: Array<[string, string]>;
  /** undefined for a 304. */
  body: Uint8Array | undefined;
}

const STORE = Symbol.for('skillshelf.pageCache');
const pages: Map<string, CachedPage> = ((globalThis as Record<symbol, unknown>)[STORE] as Map<string, CachedPage> | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[STORE] = pages;

/** The cache key of a page: its path and query as the URL parser normalises them. */
export const pageKey = (url: URL) => url.pathname + url.search;

/** ETags per encoding: a compressed body is another representation (RFC 9110 §8.8.3), so it has its own. */
const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

/** A rendered 200 made ready to keep: its bytes in every stored encoding, each with its headers. */
async function storablePage(version: number, route: string, response: Response): Promise<CachedPage> {
  const body = new Uint8Array(await response.arrayBuffer());
  const hash = etagOf(body).slice(0, -1);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  const compressed = await compressVariants(body);
  const variants: Partial<Record<Encoding, Variant>> = {};
  for (const [encoding, bytes] of Object.entries(compressed) as Array<[Encoding, Uint8Array]>) {
    const etag = `${hash}${ETAG_SUFFIX[encoding]}"`;
    const own = new Headers(headers);
    for (const [name, value] of Object.entries(validatorHeaders(etag))) own.set(name, value);
    // The same for every cookie: it varies only with the encoding.
    own.set('vary', 'accept-encoding');
    if (encoding !== 'identity') own.set('content-encoding', encoding);
    const notModifiedHeaders = [...own];
    variants[encoding] = { body: bytes, etag, notModifiedHeaders, headers: [...notModifiedHeaders, ['content-length', String(bytes.byteLength)]] };
  }
  return { version, route, status: response.status, encodings: Object.keys(variants) as Encoding[], variants };
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

/** The variant a request accepts, or a 304 when it holds that variant's ETag. */
function answer(page: CachedPage, acceptEncoding: string | null | undefined, ifNoneMatch: string | null | undefined): PageAnswer {
  const variant = page.variants[chooseEncoding(acceptEncoding, page.encodings)] ?? page.variants.identity!;
  if (etagMatches(ifNoneMatch, variant.etag)) return { route: page.route, status: 304, headers: variant.notModifiedHeaders, body: undefined };
  return { route: page.route, status: page.status, headers: variant.headers, body: variant.body };
}

/**
 * For a request the visitor rule says is 'cached': the page for `key` from the cache while the catalog is
 * unchanged, else rendered (and kept when it is a plain 200), in the encoding the request accepts. Either
 * way it carries its ETag, hashed once when stored, and is a 304 when the request holds it.
 */
export async function cachedRender(db: Db, request: Request, key: string, route: string, render: () => Promise<Response>): Promise<Response> {
  let { page, version } = await currentPage(db, key);
  if (!page) {
    const response = await render();
    if (response.status !== 200 || response.headers.has('set-cookie')) return response;
    page = await storablePage(version, route, response);
    pages.set(key, page);
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  }
  const { status, headers, body } = answer(page, request.headers.get('accept-encoding'), request.headers.get('if-none-match'));
  return new Response(body as BodyInit | undefined, { status, headers });
}

/**
 * For the front door, for a request the visitor rule says is 'cached': the page for `url` if it is
 * current, as status, headers and body in the encoding the request accepts (or a 304 when the request
 * holds its ETag); undefined sends the request on to Astro. Skips the version read when nothing is cached
 * for the key.
 */
export async function cachedPageResponse(
  db: Db,
  url: URL,
  headers: { 'accept-encoding'?: string | undefined; 'if-none-match'?: string | undefined },
): Promise<PageAnswer | undefined> {
  const key = pageKey(url);
  if (!pages.has(key)) return undefined;
  const { page } = await currentPage(db, key);
  if (!page) return undefined;
  return answer(page, headers['accept-encoding'], headers['if-none-match']);
}
