/**
 * The catalog pages (home, search, content pages, sitemap, feed) and the public catalog API's answers,
 * rendered once for everyone and kept in this process while no change touches what they show (decision
 * 023). Each page keeps what it shows (db/catalog/search/deps.ts, gathered from the reads that made it); a
 * change made through any process is seen by the next request here, through the catalog's change feed:
 * - a change to the content a page is about drops that page at once (its next request renders it);
 * - a change that moves a list a page shows (a card's rating, the counts, the order) makes it stale: it is
 *   still served for at most a second (MAX_STALE_MS) while one request renders it again, and a page is
 *   rendered at most once a second however many writes come (stale-while-revalidate, RFC 5861);
 * - a change that moves only the counts of its steps of stars (a review, on a list it does not reorder) has
 *   them set in its bytes rather than rendered again (count-patch.ts), at most once a second likewise;
 * - a review of the content a page is about has that page's reviews rendered alone and set in its bytes, at
 *   once (page-parts.ts), when the rest of the page is as it was; else the page is rendered again whole;
 * - a change to anything else leaves it as it is.
 *
 * They hold nothing personal: the middleware renders them without the session, and a signed-in user's
 * browser draws who they are (docs/decisions/014). So one copy serves visitors and signed-in users alike,
 * and pages rendered for a user (profile, saved, admin) are never among them. Which requests are kept and
 * answered here is the visitor rule's to say (site/server/visitor-rule.ts), not this module's.
 *
 * Each page is kept in every encoding we send (br, gzip, identity; docs/decisions/013), each with its own
 * ETag, compressed once: a hit only picks the bytes the request accepts. A render is compressed in the
 * encoding its request wants, and in another when a request first asks for it: under a stream of writes a
 * list page is rendered again every second, and browsers all ask for br.
 *
 * The middleware fills the cache (cachedRender); the server's front door (site/server/cached-pages.ts)
 * answers hits before Astro sees the request (cachedPageResponse), which is most of the cost of a cached
 * page. The two load this module separately (the server from source, Astro from its bundle), so the pages
 * live in one process-wide store under a registered symbol.
 */
import { catalogVersion, changesSince } from '#db/catalog/search/changes.ts';
import { collect, effectOf, type Deps, type Effect } from '#db/catalog/search/deps.ts';
import { patchableList, stepCounts } from '#db/catalog/search/step-counts.ts';
import type { Db } from '#db/client.ts';
import { chooseEncoding, compressAs, encodingsFor, type Encoding } from './content-encoding.ts';
import { patchStepCounts } from './count-patch.ts';
import { type GzipPieces, gzipInPieces } from './gzip-pieces.ts';
import { hasParts, PART_HEADER, REST_HEADER, type PagePart, withParts } from './page-parts.ts';
import { etagMatches, etagOf, notModifiedHeaders, validatorHeaders } from './validators.ts';
import { canonicalSearch } from './visitor-rule.ts';

const MAX_PAGES = 500;
/** How long a page touched by a change may still be served while it is rendered again. */
export const MAX_STALE_MS = 1000;
/**
 * A page whose counts are set again within this long of its last render or patch is changing under a stream
 * of reviews: its new bytes are compressed at the fastest levels (a fifth of the CPU, a quarter larger), as
 * they will most likely be replaced within seconds. A page patched after a quiet spell keeps the stored levels.
 */
const CHANGING_MS = 10_000;

interface Variant {
  body: Uint8Array;
  etag: string;
  /** The response's headers: the page's own, its validators, the content encoding and length. */
  headers: Array<[string, string]>;
  /** Those a 304 sends: none that describes the content (validators.ts). */
  notModifiedHeaders: Array<[string, string]>;
}

interface CachedPage {
  /** The catalog version it was checked against last: changes after it are not yet looked at. */
  version: number;
  /** What it shows: which changes touch it. */
  deps: Deps;
  renderedAt: number;
  /** Set when a change touched what it shows: when this process first saw that change. */
  staleSince?: number;
  /** Set when a change moved only its step counts, not yet set in place: when this process first saw it. */
  countsSince?: number;
  /** Set when a review moved the reviews of the content it is about, not yet rendered into it: not served meanwhile. */
  reviewsSince?: number;
  /** The fingerprint of what it shows besides its reviews, when its reviews can be rendered alone (page-parts.ts). */
  rest?: string;
  /** When its counts were last set in place (or it was rendered). */
  patchedAt: number;
  /** The route that rendered it (Astro's routePattern), for the request log and the metrics. */
  route: string;
  status: number;
  /** The encodings it is kept in (made, or made when first asked for). */
  encodings: Encoding[];
  variants: Partial<Record<Encoding, Variant>>;
  /** The variants being made, which requests for them wait for. */
  making: Partial<Record<Encoding, Promise<Variant>>>;
  /** The rendered bytes, their hash (the ETags' stem) and headers, for variants made later. */
  body: Uint8Array;
  hash: string;
  /** Its variants are made at the fastest levels: its counts are being set again and again (CHANGING_MS). */
  changing: boolean;
  /**
   * Where its counts lie, once set in place since it was rendered: it is then sent gzipped, in pieces around
   * them (gzip-pieces.ts), and a patch compresses only that span again.
   */
  countsAt?: readonly [start: number, end: number];
  /** Its gzip variant's pieces: the bytes outside their span have not changed since they were made. */
  gzipPieces?: GzipPieces;
  headers: Headers;
  /** Its step counts being set in place (a review moved only those): later requests wait for it. */
  patching?: Promise<boolean>;
}

export interface PageAnswer {
  route: string;
  status: number;
  headers: Array<[string, string]>;
  /** undefined for a 304. */
  body: Uint8Array | undefined;
}

interface Store {
  pages: Map<string, CachedPage>;
  /** The renders under way, by key: other requests for the page wait for it (or get the stale copy). */
  rendering: Map<string, Promise<CachedPage | undefined>>;
  /** Pages whose counts were set in place since the process started (/metrics). */
  patched: number;
  /** Pages whose reviews were rendered alone into them since the process started (/metrics). */
  reviewsPatched: number;
}

const STORE = Symbol.for('skillshelf.pageCache');
const store: Store = ((globalThis as Record<symbol, unknown>)[STORE] as Store | undefined) ?? {
  pages: new Map(),
  rendering: new Map(),
  patched: 0,
  reviewsPatched: 0,
};
(globalThis as Record<symbol, unknown>)[STORE] = store;
const { pages, rendering } = store;

/** How many times a cached page's counts were set in place rather than rendered again, since the process started. */
export const pageCachePatches = () => store.patched;
/** How many times a cached page's reviews were rendered alone into it, since the process started. */
export const pageCacheReviewPatches = () => store.reviewsPatched;

/**
 * The cache key of a page: its path and the query as the page reads it (visitor-rule.ts `canonicalSearch`),
 * so parameters it ignores, their order and its defaults cannot multiply its copies (nor evict others).
 */
export function pageKey(url: URL): string {
  const sent = url.pathname + url.search;
  let key = keysOfAddresses.get(sent);
  if (key === undefined) {
    key = url.pathname + canonicalSearch(url);
    if (sent.length <= MAX_REMEMBERED_ADDRESS) {
      if (keysOfAddresses.size >= 2 * MAX_PAGES) keysOfAddresses.clear();
      keysOfAddresses.set(sent, key);
    }
  }
  return key;
}

/**
 * The keys of the addresses lately asked for, as sent: reading a search's query for its key takes 6–8 µs, a
 * tenth of a cached page's whole cost, and a hit's address was almost always asked for before.
 */
const keysOfAddresses = new Map<string, string>();
const MAX_REMEMBERED_ADDRESS = 512;

/** ETags per encoding: a compressed body is another representation (RFC 9110 §8.8.3), so it has its own. */
const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };
/** A gzip variant made in pieces is other bytes than one made whole, so another representation too. */
const PIECES_ETAG_SUFFIX = '-gzp';
/**
 * The encodings a page whose counts were set in place prefers, of those a request accepts equally: gzip, patched
 * in pieces, before br, which is made whole.
 */
const PATCHED_PREFERENCE: readonly Encoding[] = ['gzip', 'br', 'identity'];

/** A rendered 200 made ready to keep, with the variant `encoding` made (the others when asked for). */
async function storablePage(
  version: number,
  deps: Deps,
  route: string,
  response: Response,
  body: Uint8Array,
  encoding: Encoding,
): Promise<CachedPage> {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  const rest = headers.get(REST_HEADER) ?? undefined;
  headers.delete(REST_HEADER);
  const encodings = encodingsFor(body);
  const page: CachedPage = {
    version,
    deps,
    renderedAt: Date.now(),
    patchedAt: Date.now(),
    route,
    status: response.status,
    encodings,
    variants: {},
    making: {},
    body,
    hash: etagOf(body).slice(0, -1),
    changing: false,
    headers,
    ...(rest !== undefined && hasParts(body) ? { rest } : {}),
  };
  await variantOf(page, encodings.includes(encoding) ? encoding : 'identity');
  return page;
}

/** The page's variant in `encoding`, compressed the first time it is asked for (once, however many ask). */
function variantOf(page: CachedPage, encoding: Encoding): Variant | Promise<Variant> {
  const made = page.variants[encoding];
  if (made) return made;
  const { body, countsAt } = page;
  const inPieces = encoding === 'gzip' && countsAt !== undefined;
  const compressed = inPieces
    ? gzipInPieces(body, countsAt, page.gzipPieces).then(({ bytes, pieces }) => {
        if (page.body === body) page.gzipPieces = pieces;
        return bytes;
      })
    : compressAs(body, encoding, { fast: page.changing });
  return (page.making[encoding] ??= compressed.then(
    (bytes) => {
      const etag = `${page.hash}${inPieces ? PIECES_ETAG_SUFFIX : ETAG_SUFFIX[encoding]}"`;
      const own = new Headers(page.headers);
      for (const [name, value] of Object.entries(validatorHeaders(etag))) own.set(name, value);
      // The same for every cookie: it varies only with the encoding.
      own.set('vary', 'accept-encoding');
      if (encoding !== 'identity') own.set('content-encoding', encoding);
      const variant = {
        body: bytes,
        etag,
        notModifiedHeaders: notModifiedHeaders(own),
        headers: [...own, ['content-length', String(bytes.byteLength)]] as Array<[string, string]>,
      };
      // A patch while it was compressed made another body: this variant is of the old one, not kept.
      if (page.body !== body) return variant;
      page.variants[encoding] = variant;
      delete page.making[encoding];
      return variant;
    },
    (error: unknown) => {
      delete page.making[encoding];
      throw error;
    },
  ));
}

/**
 * Sets the page's counts of the steps of stars to the catalog's as it is now (idempotent: a change seen twice
 * sets the same counts), its variants made again when asked for. False when the page cannot be patched: it
 * is then rendered again, as for any change it shows.
 */
async function patchCounts(db: Db, page: CachedPage): Promise<boolean> {
  const list = patchableList(page.deps);
  if (!list) return false;
  const patched = patchStepCounts(page.body, page.headers.get('content-type'), await stepCounts(db, list));
  if (!patched) return false;
  store.patched++;
  replaceBody(page, patched.body, patched.changed);
  return true;
}

/**
 * Puts `body` in place of the page's, its variants made again when asked for (at the fastest levels while it
 * keeps changing). `changed`: the span of counts set in place, outside which the bytes are as they were.
 */
function replaceBody(page: CachedPage, body: Uint8Array, changed?: readonly [number, number]): void {
  const now = Date.now();
  const changing = now - Math.max(page.patchedAt, page.renderedAt) < CHANGING_MS;
  page.patchedAt = now;
  if (Buffer.compare(body, page.body) === 0) return;
  const pieces = page.gzipPieces;
  const outsidePieces =
    !changed || (pieces && (changed[0] < pieces.start || body.byteLength - changed[1] < pieces.afterLength));
  if (outsidePieces) page.gzipPieces = undefined;
  page.countsAt = changed;
  page.body = body;
  page.hash = etagOf(body).slice(0, -1);
  page.changing = changing;
  page.variants = {};
  page.making = {};
}

type Freshness = 'fresh' | 'stale';

/** Notes on the page what a change seen at `seenAt` did to it: what to render or set again before or after serving it. */
function markChanged(page: CachedPage, effect: Effect, seenAt: number): void {
  if (effect === 'stale') page.staleSince ??= seenAt;
  if (effect === 'counts') page.countsSince ??= seenAt;
  if (effect === 'reviews') page.reviewsSince ??= seenAt;
}

/**
 * The stored page for `key`, checked against the changes since it was last looked at (a page a change
 * touched is dropped, or marked stale), and marked recently used.
 */
async function currentPage(
  db: Db,
  key: string,
): Promise<{ page: CachedPage | undefined; freshness?: Freshness; version: number }> {
  const version = await catalogVersion(db);
  const page = pages.get(key);
  if (!page) return { page: undefined, version };
  if (page.version < version) {
    const changes = changesSince(db, page.version);
    const effect = changes ? effectOf(page.deps, changes) : 'dead';
    // Its own reviews moved: they are rendered alone into it before it is served, when it can have that done.
    if (effect === 'dead' || (effect === 'reviews' && page.rest === undefined)) {
      pages.delete(key);
      return { page: undefined, version };
    }
    page.version = version;
    markChanged(page, effect, changes![0]!.seenAt);
  }
  // Only its steps' counts moved: they are set in place (unless it is rendered again anyway), at most once a
  // second while it was set less than a second ago, as a render is: a stream of reviews costs one patch a second.
  if (page.countsSince !== undefined && page.staleSince === undefined) {
    const now = Date.now();
    if (page.patching || now - page.countsSince >= MAX_STALE_MS || now - page.patchedAt >= MAX_STALE_MS) {
      const since = page.countsSince;
      const seen = page.version;
      page.patching ??= patchCounts(db, page).finally(() => (page.patching = undefined));
      if (!(await page.patching)) page.staleSince ??= since;
      else if (page.version === seen) page.countsSince = undefined;
    }
  }
  // Map keeps insertion order: re-inserting marks the page recently used, and the oldest go first.
  pages.delete(key);
  pages.set(key, page);
  return { page, freshness: page.staleSince === undefined ? 'fresh' : 'stale', version };
}

/**
 * Whether a stale page may still be served: for at most MAX_STALE_MS after the change, while a render is
 * under way or the page is less than MAX_STALE_MS old (so a burst of writes costs one render a second).
 */
function mayServeStale(key: string, page: CachedPage, now = Date.now()): boolean {
  return now - page.staleSince! < MAX_STALE_MS && (rendering.has(key) || now - page.renderedAt < MAX_STALE_MS);
}

const answerFrom = (page: CachedPage, variant: Variant, ifNoneMatch: string | null | undefined): PageAnswer =>
  etagMatches(ifNoneMatch, variant.etag)
    ? { route: page.route, status: 304, headers: variant.notModifiedHeaders, body: undefined }
    : { route: page.route, status: page.status, headers: variant.headers, body: variant.body };

/** The variant a request accepts, or a 304 when it holds that variant's ETag. */
function answer(
  page: CachedPage,
  acceptEncoding: string | null | undefined,
  ifNoneMatch: string | null | undefined,
): PageAnswer | Promise<PageAnswer> {
  const preference = page.countsAt ? PATCHED_PREFERENCE : undefined;
  const variant = variantOf(page, chooseEncoding(acceptEncoding, page.encodings, preference));
  return variant instanceof Promise
    ? variant.then((made) => answerFrom(page, made, ifNoneMatch))
    : answerFrom(page, variant, ifNoneMatch);
}

/**
 * For a request the visitor rule says is 'cached': the page for `key` from the cache while nothing it shows
 * has changed (or, stale, within the bound), else rendered (and kept when it is a plain 200), in the
 * encoding the request accepts; a page whose own reviews moved has them rendered alone (`render` is given the
 * part to render) and set into it. Requests for a page being rendered wait for that render. Either way it
 * carries its ETag, hashed once when stored, and is a 304 when the request holds it.
 */
export async function cachedRender(
  db: Db,
  request: Request,
  key: string,
  route: string,
  render: (part?: PagePart) => Promise<Response>,
): Promise<Response> {
  const acceptEncoding = request.headers.get('accept-encoding');
  const respond = async (page: CachedPage) => {
    const { status, headers, body } = await answer(page, acceptEncoding, request.headers.get('if-none-match'));
    return new Response(body as BodyInit | undefined, { status, headers });
  };
  const { page, freshness, version } = await currentPage(db, key);
  const reviewsMoved = page?.reviewsSince !== undefined;
  if (page && !reviewsMoved && (freshness === 'fresh' || mayServeStale(key, page))) return respond(page);
  const pending = rendering.get(key);
  if (pending) {
    const made = await pending;
    if (made) return respond(made);
  }
  let made: CachedPage | undefined;
  let done!: (page: CachedPage | undefined) => void;
  rendering.set(key, new Promise((resolve) => (done = resolve)));
  try {
    // Its reviews alone, unless the page is to be rendered again anyway.
    const part = reviewsMoved && page.staleSince === undefined ? { reviewsOf: page.rest! } : undefined;
    const seen = page?.version;
    // What the page shows is gathered from the reads that make it, through the whole render.
    const { value, deps } = await collect(async () => {
      const response = await render(part);
      if (response.status !== 200 || response.headers.has('set-cookie')) return { response };
      return { response, body: new Uint8Array(await response.arrayBuffer()) };
    });
    if (!value.body) {
      if (value.response.headers.has(REST_HEADER)) value.response.headers.delete(REST_HEADER);
      return value.response;
    }
    if (value.response.headers.get(PART_HEADER) === 'reviews') {
      made = withReviews(page!, value.body, seen!);
      return respond(made);
    }
    made = await storablePage(
      version,
      deps,
      route,
      value.response,
      value.body,
      chooseEncoding(acceptEncoding, ['br', 'gzip', 'identity']),
    );
    pages.set(key, made);
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
    return respond(made);
  } finally {
    rendering.delete(key);
    done(made);
  }
}

/**
 * The page with its reviews as `part` renders them. The part is rendered by the page's own code, as the
 * pieces it marks, so the two cannot mark other pieces: if they do, that is a fault of the page.
 */
function withReviews(page: CachedPage, part: Uint8Array, seen: number): CachedPage {
  const body = withParts(page.body, part);
  if (!body) throw new Error(`The reviews rendered alone do not mark the pieces their page marks (${page.route})`);
  replaceBody(page, body);
  store.reviewsPatched++;
  // A change seen while they were rendered is looked at by the next request.
  if (page.version === seen) page.reviewsSince = undefined;
  return page;
}

/**
 * For the front door, for a request the visitor rule says is 'cached': the page for `url` if it may be
 * served (current, or stale within the bound), as status, headers and body in the encoding the request
 * accepts (or a 304 when the request holds its ETag); undefined sends the request on to Astro, which renders
 * it. Skips the version read when nothing is cached for the key.
 */
export async function cachedPageResponse(
  db: Db,
  url: URL,
  headers: { 'accept-encoding'?: string | undefined; 'if-none-match'?: string | undefined },
): Promise<PageAnswer | undefined> {
  const key = pageKey(url);
  if (!pages.has(key)) return undefined;
  const { page, freshness } = await currentPage(db, key);
  // Its reviews moved: Astro renders them into it.
  if (!page || page.reviewsSince !== undefined) return undefined;
  if (freshness === 'fresh' || mayServeStale(key, page))
    return answer(page, headers['accept-encoding'], headers['if-none-match']);
  return undefined;
}
