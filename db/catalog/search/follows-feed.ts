/**
 * An in-memory index of the catalog kept by its change feed (decision 023): built once per database, then, at
 * each call, the changes since applied in place, or the index built again when there are too many of them or
 * they cannot be applied one by one. Best Match's word index is one.
 */
import type { Db } from '../../client.ts';
import { catalogVersion, changesSince, type CatalogChange } from './changes.ts';

export interface FeedFollower<T> {
  /** A name for the copy every module of the process shares (the server's and Astro's bundle's load db/ each). */
  name: string;
  build(db: Db): Promise<T>;
  /** Applies the changes to the index in place. */
  apply(db: Db, index: T, changes: readonly CatalogChange[]): Promise<void>;
  /** Whether these changes are better met by a new build (an import seen at once, a tag renamed). */
  rebuildFor(index: T, changes: readonly CatalogChange[]): boolean;
}

interface Held<T> {
  version: number;
  index: T;
  /** Changes being applied: a request arriving meanwhile waits for them rather than answer from half of them. */
  applying?: Promise<void> | undefined;
}

/** The function that answers the index for the catalog as it is now. */
export function followFeed<T>(follower: FeedFollower<T>): (db: Db) => Promise<T> {
  const key = Symbol.for(`skillshelf.${follower.name}`);
  const held = ((globalThis as Record<symbol, unknown>)[key] ??= new WeakMap<Db, Promise<Held<T>>>()) as WeakMap<
    Db,
    Promise<Held<T>>
  >;
  const build = async (db: Db): Promise<Held<T>> => {
    const version = await catalogVersion(db);
    return { version, index: await follower.build(db) };
  };
  return async (db) => {
    const version = await catalogVersion(db);
    let pending = held.get(db);
    if (!pending) {
      pending = build(db);
      held.set(db, pending);
      pending.catch(() => held.get(db) === pending && held.delete(db));
    }
    const entry = await pending;
    while (entry.applying) await entry.applying;
    if (entry.version >= version) return entry.index;
    const changes = changesSince(db, entry.version);
    if (!changes || follower.rebuildFor(entry.index, changes)) {
      const again = build(db);
      held.set(db, again);
      return (await again).index;
    }
    const reached = changes.at(-1)?.seq ?? version;
    // The version moves only once they are applied: a failed read leaves them for the next request.
    entry.applying = follower
      .apply(db, entry.index, changes)
      .then(() => {
        entry.version = Math.max(entry.version, reached);
      })
      .finally(() => {
        entry.applying = undefined;
      });
    await entry.applying;
    return entry.index;
  };
}
