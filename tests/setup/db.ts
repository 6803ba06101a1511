/** A fresh, migrated database file for service tests (a real libSQL file, never a mock). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '../../db/accounts/users.ts';
import { openDb, type Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { migrateDb } from '../../db/migrate.ts';

export interface TestDb {
  db: Db;
  url: string;
  close: () => void;
}

export async function createTestDb(): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-unit-'));
  const url = `file:${join(dir, 'test.db')}`;
  const db = await openDb({ url });
  await migrateDb(db);
  return {
    db,
    url,
    close: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new account in `db`, by name (its email unique, its password the same for all): its id. */
export async function newUserId(db: Db, name = 'Ada'): Promise<string> {
  return (await createUser(db, { name, email: `${name}-${newId()}@example.com`, password: 'correct horse battery' }))
    .id;
}

/** How a service refused: its error's code and message. A promise that does not fail fails the test. */
export function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
  );
}
