/**
 * In-process cache of catalog reads, valid while `meta.catalog_version` is unchanged. Triggers bump that
 * version in the same transaction as any change to contents, their tags or reviews, so a cached answer is
 * never served after a change is committed — in this process or any other sharing the database.
 */
import { getTableName } from 'drizzle-orm';
import { readRow, type Db } from '../client.ts';
import { config } from '../config.ts';
import { meta } from '../schema.ts';

const MAX_ENTRIES = 1000;

interface Entry {
  version: number;
  value: unknown;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

export async function catalogVersion(db: Db): Promise<number> {
  // Every cached read and page asks this first: plain SQL, without composing a query each time (drizzle's
  // builder costs more than the indexed read itself), prepared once where the database is a local file.
  const row = readRow(db, VERSION_QUERY.sql, VERSION_QUERY.args) ?? (await db.$client.execute(VERSION_QUERY)).rows[0];
  return Number(row?.[0] ?? 0);
}

const VERSION_QUERY = { sql: `SELECT value FROM ${getTableName(meta)} WHERE key = ?`, args: ['catalog_version'] };

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
