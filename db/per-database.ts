import type { Db } from './client.ts';

/**
 * `make`, run once per database and kept with it: for what is built from a database and used again on every
 * call, such as a prepared query (its SQL built once, not on each request).
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}
