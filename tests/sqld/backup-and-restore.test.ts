/**
 * Operating a database on a libSQL server with the CLI: `db backup` makes a database file from one snapshot of
 * the server (sqld refuses VACUUM INTO), and that file restores into a new sqld as its database, with the same
 * rows and a working full-text index; `db stats` reports on the server (docs/decisions/027).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, startSqld, type Sqld } from '../setup/sqld.ts';

const servers: Sqld[] = [];
const dir = mkdtempSync(join(tmpdir(), 'skillshelf-sqld-backup-'));
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
});

async function counts(url: string) {
  const client = createClient({ url, authToken: SQLD_AUTH_TOKEN });
  try {
    const one = async (sql: string) => Number((await client.execute(sql)).rows[0]![0]);
    return {
      contents: await one('SELECT count(*) FROM contents'),
      reviews: await one('SELECT count(*) FROM reviews'),
      users: await one('SELECT count(*) FROM users'),
      matches: await one("SELECT count(*) FROM contents_fts WHERE contents_fts MATCH 'python'"),
      integrity: String((await client.execute('PRAGMA integrity_check')).rows[0]![0]),
    };
  } finally {
    client.close();
  }
}

describe.skipIf(!hasSqld)(`a database on a libSQL server${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
  it('backs up to a file that restores into a new sqld, with the same rows and search', async () => {
    const primary = await startSqld();
    servers.push(primary);
    expect((await runCli(primary.url, ['db', 'seed'])).code).toBe(0);
    const before = await counts(primary.url);
    expect(before.matches).toBeGreaterThan(0);

    const backup = join(dir, 'backup.db');
    const run = await runCli(primary.url, ['db', 'backup', backup]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^Backed up ${primary.url} to ${backup} \\([\\d.]+ (KB|MB)\\)\\.\\n$`));
    expect(await counts(`file:${backup}`)).toEqual({ ...before, integrity: 'ok' });

    // Restoring: a new sqld whose database is the backup file (docs/operations.md, "Past one machine").
    const restoredDir = join(dir, 'restored');
    mkdirSync(join(restoredDir, 'data.sqld/dbs/default'), { recursive: true });
    copyFileSync(backup, join(restoredDir, 'data.sqld/dbs/default/data'));
    const restored = await startSqld({ dir: restoredDir });
    servers.push(restored);
    expect(await counts(restored.url)).toEqual({ ...before, integrity: 'ok' });
    // It takes writes, and the migrations find nothing to do.
    const migrate = await runCli(restored.url, ['db', 'migrate']);
    expect(migrate.stdout).toContain('the schema is up to date');
    expect((await runCli(restored.url, ['tags', 'add', 'category', 'Quantum Computing', '--yes'])).code).toBe(0);
  });

  it('reports its stats: rows per table, and no file', async () => {
    const server = await startSqld();
    servers.push(server);
    await runCli(server.url, ['db', 'seed']);
    const run = await runCli(server.url, ['db', 'stats', '--json']);
    expect(run.code).toBe(0);
    const stats = JSON.parse(run.stdout) as { file: string | null; tables: Record<string, number>; migrations: number };
    expect(stats.file).toBeNull();
    expect(stats.tables).toMatchObject({ users: 9 });
    expect(stats.tables.contents).toBeGreaterThan(100);
    expect(stats.migrations).toBeGreaterThan(30);
  });
});
