/** A fresh, migrated database file for service tests (a real libSQL file, never a mock). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../db/client.ts';
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
