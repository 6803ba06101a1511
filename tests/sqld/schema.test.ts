/**
 * The migrations make the same database on a libSQL server as on a file: every table, index, trigger and
 * virtual table, by name and by its SQL (docs/decisions/027).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/client.ts';
import { migrateDb } from '../../db/migrate.ts';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, startSqld } from '../setup/sqld.ts';

const schemaOf = (db: Db) =>
  db.all<Record<string, unknown>>(sql`SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name`);

describe.skipIf(!hasSqld)(`migrations on a libSQL server${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
  it('make the same schema on a fresh sqld as on a fresh database file', async () => {
    const server = await startSqld();
    const dir = mkdtempSync(join(tmpdir(), 'skillshelf-schema-'));
    const [remote, local] = await Promise.all([
      openDb({ url: server.url, authToken: SQLD_AUTH_TOKEN }),
      openDb({ url: `file:${join(dir, 'schema.db')}` }),
    ]);
    try {
      const [onServer, onFile] = await Promise.all([migrateDb(remote), migrateDb(local)]);
      expect(onServer.applied).toEqual(onFile.applied);
      const schema = await schemaOf(local);
      expect(schema.length).toBeGreaterThan(30);
      expect(await schemaOf(remote)).toEqual(schema);
    } finally {
      remote.$client.close();
      local.$client.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
