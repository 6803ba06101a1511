/**
 * The visitor rule: the one place that decides which requests get the copy of a page made for everyone
 * (docs/decisions/014, 018). The catalog pages (home, search, content pages, comparisons, sitemap, feed, learners' public lists) and the public
 * catalog API's answers (search, filters, a content by slug) are the same for everyone who asks, signed in
 * or not: the middleware renders them without the session, and a signed-in user's browser draws who they
 * are. A GET of one is kept in the page cache and answered from it by the front door.
 *
 * The middleware (whether to read the session, whether to fill the cache) and the front door (whether to
 * look in the cache) both ask this function, so the page a visitor gets and the page the cache holds can
 * never be chosen by two different rules.
 */
import { config } from '#db/config.ts';
import { parseSearchParams, searchQueryString } from '#db/catalog/validation/search.ts';
import { TAG_KINDS } from '#db/catalog/taxonomy.ts';

/**
 * - 'cached': made for everyone, kept in the page cache and answered from it (a GET of a shared page);
 * - 'shared': made for everyone, rendered each time (a HEAD, or the caches are off: CATALOG_CACHE=off);
 * - 'personal': rendered per request, with the session (every other page and endpoint). Never stored.
 */
export type Audience = 'cached' | 'shared' | 'personal';

export function visitorRule(method: string | undefined, path: string): Audience {
  if (!sharedPage(path)) return 'personal';
  return method === 'GET' && config().CATALOG_CACHE !== 'off' ? 'cached' : 'shared';
}

/** The shared pages, and what each reads of its query: the search's parameters, or nothing. */
const SHARED_PAGES: ReadonlyArray<{ is: (path: string) => boolean; reads: 'search' | 'tags' | 'nothing' }> = [
  { is: (path) => path === '/' || path.startsWith('/content/') || path === '/sitemap.xml', reads: 'nothing' },
  // The Atom feed: the whole catalog's, or a tag's (decision 036): of the search's parameters only its tags.
  { is: (path) => path === '/feed.xml', reads: 'tags' },
  // A learner's public list (decision 033): the same for everyone, its owner's progress painted in the browser.
  { is: (path) => path.startsWith('/lists/'), reads: 'nothing' },
  // A comparison: its address names what it shows (docs/product.md#compare), its reads are the content pages'.
  { is: (path) => path === '/compare' || path.startsWith('/compare/'), reads: 'nothing' },
  { is: (path) => path === '/search' || path === '/search/' || path === '/api/contents/search', reads: 'search' },
  { is: (path) => path === '/api/contents/filters' || path.startsWith('/api/contents/slug/'), reads: 'nothing' },
];

const sharedPage = (path: string) => SHARED_PAGES.find((page) => page.is(path));

/**
 * The query of a URL as its page reads it ('' or '?…'): for a shared page, only the parameters it reads, in
 * one order, defaults left out, so `/?utm=1` and `/search?category=all&page=1` are the same page as `/` and
 * `/search` (one cache entry, one render); for any other page, the query as it came.
 */
export function canonicalSearch(url: URL): string {
  const page = sharedPage(url.pathname);
  if (!page) return url.search;
  if (page.reads === 'nothing') return '';
  const params = parseSearchParams(url.searchParams);
  return searchQueryString(
    page.reads === 'search' ? params : Object.fromEntries(TAG_KINDS.map((kind) => [kind, params[kind]])),
  );
}
