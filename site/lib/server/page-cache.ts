/**
 * Rendered pages for visitors, kept in this process while the catalog is unchanged (meta.catalog_version,
 * bumped by triggers in the same transaction as any change a catalog page shows). A change made through
 * any process is seen by the next request here: one indexed read per request decides.
 */
import { catalogVersion } from '#db/services/catalog-cache.ts';
import type { Db } from '#db/client.ts';
import { config } from '#db/config.ts';

const MAX_PAGES = 500;

interface CachedPage {
  version: number;
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array<ArrayBuffer>;
}

const pages = new Map<string, CachedPage>();

/** Catalog pages whose HTML is the same for every visitor. */
export function isCacheablePage(path: string): boolean {
  return path === '/' || path === '/search' || path === '/search/' || path.startsWith('/content/') || path === '/sitemap.xml' || path === '/feed.xml';
}

export async function cachedRender(db: Db, key: string, render: () => Promise<Response>): Promise<Response> {
  if (config().CATALOG_CACHE === 'off') return render();
  const version = await catalogVersion(db);
  const hit = pages.get(key);
  if (hit && hit.version === version) {
    pages.delete(key);
    pages.set(key, hit);
    return new Response(hit.body, { status: hit.status, headers: hit.headers });
  }
  const response = await render();
  if (response.status !== 200 || response.headers.has('set-cookie')) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const page: CachedPage = { version, status: response.status, headers: [...response.headers], body };
  pages.set(key, page);
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  return new Response(body, { status: page.status, headers: page.headers });
}
