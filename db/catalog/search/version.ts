/**
 * In-process cache of catalog reads, valid while `meta.catalog_version` is unchanged. Triggers bump that
 * version in the same transaction as any change to contents, their tags or reviews, so a cached answer is
 * never served after a change is committed — in this process or any other sharing the database.
 */
import type { Db } from '../../client.ts';
import { config } from '../../config.ts';
import { readCatalogVersion } from './fast-paths.ts';

const MAX_ENTRIES = 1000;

interface Entry {
  version: number;
  value: unknown;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

/** The version reads the callers of this moment share, one per database. */
const batches = new WeakMap<Db, Promise<number>>();

/**
 * The catalog version as committed now. Every cached page and read asks it, so the requests that arrive
 * together share one read: it starts once the I/O callbacks of this turn of the event loop have run
 * (setImmediate), after every request it answers arrived, so none of them can miss a change committed
 * before it asked; a caller that comes once the read has started waits for the next one.
 */
export function catalogVersion(db: Db): Promise<number> {
  let batch = batches.get(db);
  if (!batch) {
    batch = new Promise<number>((resolve, reject) =>
      setImmediate(() => {
        batches.delete(db);
        readCatalogVersion(db).then(resolve, reject);
      }),
    );
    batches.set(db, batch);
  }
  return batch;
}


/** Returns the cached value for `key` if the catalog has not changed since it was computed. */
export async function cachedRead<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  if (config().CATALOG_CACHE === 'off') return compute();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const version = await catalogVersion(db);
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    // Refresh recency: Map keeps insertion order, so the oldest entries are evicted first.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as T;
  }
  const value = await compute();
  cache.set(key, { version, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
