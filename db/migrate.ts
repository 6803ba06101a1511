/** Applies the committed migrations (db/migrations, written by drizzle-kit). Safe to run at every start. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface MigrationReport {
  /** The tags of the migrations this run applied (e.g. '0005_audit_actor_label'), oldest first. */
  applied: string[];
}

export async function migrateDb(db: Db): Promise<MigrationReport> {
  const pending = await pendingMigrations(db);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { applied: pending };
}

/** Whether every committed migration is applied (the server is ready only then: GET /readyz). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  return (await pendingMigrations(db)).length === 0;
}

/** What drizzle's migrator will apply: the journal's entries newer than the last one recorded in the database. */
async function pendingMigrations(db: Db): Promise<string[]> {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const [table] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`,
  );
  let last = -1;
  if (table?.n) {
    const [row] = await db.all<{ last: number | null }>(sql`SELECT max(created_at) AS last FROM __drizzle_migrations`);
    last = Number(row?.last ?? -1);
  }
  return journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}
