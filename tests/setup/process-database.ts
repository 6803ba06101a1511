/**
 * The process's own database (db/client.ts's getDb, from DATABASE_URL) on a temporary file, for the tests of
 * what the server does only there: its own read connection, its worker threads. Each such test file runs in a
 * fresh worker (PROCESS_DATABASE in vitest.config.ts): the process's database is opened once per process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { closeDb, getDb, openDb, type Db } from '../../db/client.ts';
import { migrateDb } from '../../db/migrate.ts';

export interface ProcessDatabase {
  /** The file. */
  readonly path: string;
  /** The process's client on it, as the server's. */
  readonly db: Db;
  /** A client of its own on the same file, as any other database's: what the process reads must equal its reads. */
  readonly other: Db;
}

/**
 * The file's process database, migrated and `fill`ed before the file's tests, and closed and removed after
 * them. Its fields are there once the tests run.
 */
export function useProcessDatabase({
  fill,
  timeoutMs,
}: {
  fill?: (db: Db, path: string) => Promise<unknown>;
  timeoutMs?: number;
} = {}): ProcessDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-process-'));
  const path = join(dir, 'process.db');
  let db: Db | undefined;
  let other: Db | undefined;
  beforeAll(async () => {
    process.env.DATABASE_URL = `file:${path}`;
    db = await getDb();
    await migrateDb(db);
    await fill?.(db, path);
    other = await openDb({ url: `file:${path}` });
  }, timeoutMs);
  afterAll(async () => {
    other?.$client.close();
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    path,
    get db() {
      return db!;
    },
    get other() {
      return other!;
    },
  };
}
