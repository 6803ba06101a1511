/**
 * In-process cache of catalog reads (search results, the filters, a content with its reviews, …). Each
 * answer is kept with the catalog version it was made for and what it shows (db/catalog/search/deps.ts);
 * when the catalog has moved on, the changes since are checked against it, so an answer is recomputed only
 * when a change touches what it shows — in this process or any other sharing the database (decision 023).
 * Reads are exact: a touched answer is recomputed on its next use (the page cache is what may serve a page
 * a moment stale, never these).
 */
import type { Db } from '../../client.ts';
import { config } from '../../config.ts';
import { catalogVersion, changesSince } from './changes.ts';
import { collect, declare, effectOf, type Deps } from './deps.ts';

const MAX_ENTRIES = 1000;

interface Entry {
  version: number;
  value: unknown;
  deps: Deps;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * The cached answer for `key` while no change since touched it, else `compute`d again. `compute` declares
 * what its answer shows (deps.ts `declare`), and what the reads it uses show is gathered with it; an answer
 * that declares nothing is refreshed by any change.
 */
export async function cachedRead<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  if (config().CATALOG_CACHE === 'off') return compute();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const version = await catalogVersion(db);
  const hit = cache.get(key);
  if (hit) {
    const changes = hit.version < version ? changesSince(db, hit.version) : [];
    const effect = changes ? effectOf(hit.deps, changes) : 'dead';
    if (effect === 'none') {
      hit.version = Math.max(hit.version, version);
      // Refresh recency: Map keeps insertion order, so the oldest entries are evicted first.
      cache.delete(key);
      cache.set(key, hit);
      declare(hit.deps);
      return hit.value as T;
    }
    cache.delete(key);
  }
  const { value, deps } = await collect(compute);
  cache.set(key, { version, value, deps });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
