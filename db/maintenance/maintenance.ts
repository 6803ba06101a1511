/** Operating the database: seeding, online backups and size statistics (`skillshelf db …`). */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import Database from 'libsql';
import { processFileOf, type Db } from '../client.ts';
import { AppError, conflict, invalid, isAppError } from '../errors.ts';
import { contents, users } from '../schema.ts';
import { seedDemo, type SeedReport } from './seed/demo.ts';
import { generateSyntheticCatalog, type SyntheticOptions } from './seed/synthetic.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import { catalogVersion } from '../catalog/search/changes.ts';
import { plural } from '../validation/text.ts';

const isLocal = (db: Db) => db.$client.protocol === 'file';

/** The demo world (db/maintenance/seed/demo.ts), into an empty database only: anything else is refused, untouched. */
export async function seedDemoData(db: Db, actor: Actor): Promise<SeedReport> {
  const report = await seedDemo(db);
  if (!report.seeded) {
    const [[u], [c]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(contents),
    ]);
    throw conflict(
      `The database is not empty (${plural(u?.n ?? 0, 'user')}, ${plural(c?.n ?? 0, 'content')}): the demo data goes only into an empty database, so nothing was added`,
    );
  }
  await auditEntry(
    db,
    actor,
    'db.seed',
    { type: 'database', id: 'demo' },
    { contents: report.contents, users: report.users, reviews: report.reviews, submissions: report.submissions },
  );
  return report;
}

/**
 * Adds `total` generated contents (with reviewers and reviews) to any database, e.g. for benchmarks. On the
 * process's database file they are loaded in bulk (seed/bulk-load.ts): a million in minutes, not an hour.
 */
export async function seedSyntheticData(
  db: Db,
  actor: Actor,
  total: number,
  options: Pick<SyntheticOptions, 'onProgress' | 'onReport'> = {},
): Promise<{ contents: number; reviews: number }> {
  if (!Number.isInteger(total) || total < 1)
    throw invalid('The number of synthetic contents must be a whole number of at least 1');
  const file = processFileOf(db);
  const report = await generateSyntheticCatalog(db, total, { ...options, ...(file ? { bulkInto: file } : {}) });
  await auditEntry(db, actor, 'db.seed', { type: 'database', id: 'synthetic' }, report);
  return report;
}

export interface BackupReport {
  path: string;
  bytes: number;
}

/**
 * A consistent copy of the live database, as a database file. On a file, `VACUUM INTO` reads one snapshot (WAL
 * lets the site keep writing meanwhile) and writes a compact file. On a libSQL server, which refuses VACUUM INTO,
 * the database is copied table by table from one snapshot (copyServerDatabase). An existing
 * file is replaced only with `force`, and then only once the new copy is complete (written beside it, then
 * renamed over it).
 */
export async function backupDatabase(db: Db, path: string, options: { force?: boolean } = {}): Promise<BackupReport> {
  const exists = existsSync(path);
  if (exists && !options.force) throw conflict(`${path} already exists: pass --force to replace it`);
  if (exists && statSync(path).isDirectory()) throw invalid(`${path} is a directory: name the backup file`);
  const target = join(dirname(path), `.${randomBytes(6).toString('hex')}.backup-in-progress`);
  try {
    if (isLocal(db)) await db.run(sql`VACUUM INTO ${target}`);
    else await copyServerDatabase(db, target);
    renameSync(target, path);
  } catch (error) {
    rmSync(target, { force: true });
    if (isAppError(error)) throw error;
    throw Object.assign(new AppError('VALIDATION', `Cannot write the backup to ${path}`), { cause: error });
  }
  return { path, bytes: statSync(path).size };
}

/**
 * A copy of a database on a libSQL server in a new file, read in one read transaction (one snapshot): the tables
 * and their rows, then the indexes and triggers (so that no trigger runs on the copied rows), then the
 * full-text index rebuilt from the rows. sqld's own `/dump` would be simpler, but it writes the full-text
 * table's definition unquoted, so its dump does not load (docs/decisions/027).
 */
async function copyServerDatabase(db: Db, target: string): Promise<void> {
  const unreachable = (error: unknown) => {
    throw Object.assign(new AppError('VALIDATION', 'Cannot reach the database server to back it up'), { cause: error });
  };
  const read = await db.$client.transaction('read').catch(unreachable);
  const rows = await read
    .execute(
      "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    )
    .catch((error: unknown) => {
      read.close();
      return unreachable(error);
    });
  const file = new Database(target);
  try {
    const schema = rows.rows as unknown as Array<{ type: string; name: string; sql: string }>;
    const virtual = schema.filter((row) => row.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(row.sql));
    // A full-text table's own tables (contents_fts_data, …) come with it.
    const shadow = (name: string) => virtual.some((table) => name.startsWith(`${table.name}_`));
    const tables = schema.filter((row) => row.type === 'table' && !virtual.includes(row) && !shadow(row.name));
    // The rows come table by table, in no order the foreign keys know: the snapshot they come from is consistent.
    file.exec('PRAGMA journal_mode = DELETE; PRAGMA foreign_keys = OFF');
    file.exec('BEGIN');
    for (const table of tables) {
      file.exec(table.sql);
      const quoted = `"${table.name.replaceAll('"', '""')}"`;
      // The stored columns only: a generated column (hidden 2 or 3) is computed again, and cannot be written.
      const stored = (
        file.prepare('SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0').all(table.name) as Array<{
          name: string;
        }>
      ).map((column) => `"${column.name.replaceAll('"', '""')}"`);
      const { rows } = await read.execute(`SELECT ${stored.join(', ')} FROM ${quoted}`);
      if (rows.length === 0) continue;
      const insert = file.prepare(
        `INSERT INTO ${quoted} (${stored.join(', ')}) VALUES (${stored.map(() => '?').join(', ')})`,
      );
      for (const row of rows)
        insert.run(...Array.from(row, (value) => (value instanceof ArrayBuffer ? Buffer.from(value) : value)));
    }
    const sequences = (await read.execute("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'sqlite_sequence'"))
      .rows[0]?.n
      ? (await read.execute('SELECT name, seq FROM sqlite_sequence')).rows
      : [];
    for (const { name, seq } of sequences)
      file.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(name, seq);
    for (const table of virtual) file.exec(table.sql);
    for (const table of virtual)
      if (/USING\s+fts5\s*\(/i.test(table.sql) && /content\s*=/i.test(table.sql))
        file.exec(`INSERT INTO "${table.name}"("${table.name}") VALUES ('rebuild')`);
    for (const row of schema.filter((row) => row.type === 'index' || row.type === 'trigger' || row.type === 'view'))
      file.exec(row.sql);
    // Also writes the file's header: a database with no table is still a database file, as VACUUM INTO makes it.
    file.exec(`PRAGMA user_version = ${Number((await read.execute('PRAGMA user_version')).rows[0]?.[0] ?? 0)}`);
    file.exec('COMMIT');
  } finally {
    read.close();
    file.close();
  }
}

/** The name of a dated backup in a backup folder: `skillshelf-2026-11-24T03-00-00Z.db` (names sort by time). */
export function datedBackupName(now = new Date()): string {
  return `skillshelf-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.db`;
}

const DATED_BACKUP = /^skillshelf-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.db$/;

/**
 * Retention: removes the oldest dated backups in `folder` beyond the newest `keep`. Only files named as
 * datedBackupName names them are touched; anything else in the folder stays. Returns the removed names.
 */
export function pruneBackups(folder: string, keep: number): string[] {
  if (!Number.isInteger(keep) || keep < 1) throw invalid('--keep must be a whole number of backups, at least 1');
  const dated = readdirSync(folder)
    .filter((name) => DATED_BACKUP.test(name))
    .sort();
  const removed = dated.slice(0, Math.max(0, dated.length - keep));
  for (const name of removed) rmSync(join(folder, name));
  return removed;
}

export interface DatabaseStats {
  /** The database file; null on a libSQL server. */
  file: string | null;
  fileBytes: number | null;
  /** The write-ahead log beside the file (0 right after a checkpoint); null on a libSQL server. */
  walBytes: number | null;
  pageSize: number;
  pageCount: number;
  freePages: number;
  journalMode: string;
  /** Bumped by every change to what catalog pages show (the cache key of every app process). */
  catalogVersion: number;
  migrations: number;
  /** Rows per table (the full-text index's internal tables left out). */
  tables: Record<string, number>;
}

export async function databaseStats(db: Db): Promise<DatabaseStats> {
  const names = await db.all<{ name: string }>(sql`
    SELECT name FROM sqlite_master
    WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
      AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%' AND sqlite_master.name LIKE v.name || '\\_%' ESCAPE '\\')
    ORDER BY name`);
  const tables: Record<string, number> = {};
  if (names.length > 0) {
    const [row] = await db.all<Record<string, number>>(
      sql.raw(
        `SELECT ${names.map(({ name }, i) => `(SELECT count(*) FROM "${name.replaceAll('"', '""')}") AS t${i}`).join(', ')}`,
      ),
    );
    for (const [i, { name }] of names.entries()) tables[name] = row?.[`t${i}`] ?? 0;
  }
  const pragma = async (name: string) => (await db.all<Record<string, unknown>>(sql.raw(`PRAGMA ${name}`)))[0]?.[name];
  const [pageSize, pageCount, freePages, journalMode] = await Promise.all(
    ['page_size', 'page_count', 'freelist_count', 'journal_mode'].map(pragma),
  );
  const [migrations] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM __drizzle_migrations`);
  const file = isLocal(db) ? await mainFile(db) : null;
  return {
    file,
    fileBytes: file ? sizeOf(file) : null,
    walBytes: file ? sizeOf(`${file}-wal`) : null,
    pageSize: Number(pageSize),
    pageCount: Number(pageCount),
    freePages: Number(freePages),
    journalMode: String(journalMode),
    catalogVersion: await catalogVersion(db),
    migrations: migrations?.n ?? 0,
    tables,
  };
}

async function mainFile(db: Db): Promise<string | null> {
  const rows = await db.all<{ name: string; file: string }>(sql`PRAGMA database_list`);
  return rows.find((r) => r.name === 'main')?.file || null;
}

function sizeOf(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}
