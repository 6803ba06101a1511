/** The database a command works on: DATABASE_URL through db/config.ts, as the server reads it. */
import { getDb, type Db } from '#db/client.ts';
import { config } from '#db/config.ts';
import { migrateDb } from '#db/migrate.ts';

/**
 * Migrates before handing out the database, as the server does at start, so every command works on a
 * brand-new file (creating the first admin comes before anything else). Migrating is idempotent.
 */
export async function openMigratedDb(): Promise<Db> {
  const db = await getDb();
  await migrateDb(db);
  return db;
}

/** DATABASE_URL as safe to print: without credentials or query string (which may carry an auth token). */
export function databaseLabel(): string {
  return config()
    .DATABASE_URL.replace(/\/\/[^/@]*@/, '//')
    .replace(/\?.*$/, '');
}
