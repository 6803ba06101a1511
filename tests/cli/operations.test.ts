/**
 * The operating commands as real processes: db seed / backup / stats, users list / promote / demote /
 * reset-password, contents list / delete, and the audit log every change lands in.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDb, type TempDb } from './harness.ts';

let db: TempDb;
beforeEach(async () => (db = await tempDb()));
afterEach(() => db.remove());

const osUser = () => userInfo().username;
const create = (email: string, admin = false) =>
  runCli(db.url, [
    'users',
    'create',
    ...(admin ? ['--admin'] : []),
    '--name',
    email.split('@')[0]!,
    '--email',
    email,
    '--password',
    'correct horse',
  ]);
const isAdmin = async (email: string) =>
  Number((await db.query('SELECT is_admin FROM users WHERE email = ?', [email]))[0]?.is_admin);

describe('db seed', () => {
  it('fills an empty database with the demo data and prints the demo accounts', async () => {
    const run = await runCli(db.url, ['db', 'seed']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(
      /^Seeded .+ with the demo data: \d+ contents, 9 users, \d+ reviews, 5 submissions waiting for review\.\n/,
    );
    expect(run.stdout).toContain('admin@skillshelf.dev');
    expect(Number((await db.query('SELECT count(*) AS n FROM contents'))[0]!.n)).toBeGreaterThan(100);
  });

  it('refuses a database that already has data, changing nothing', async () => {
    await create('ada@example.com', true);
    const run = await runCli(db.url, ['db', 'seed']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: .*empty.*\n$/);
    expect(Number((await db.query('SELECT count(*) AS n FROM contents'))[0]!.n)).toBe(0);
  });

  it('--synthetic N adds N generated contents to any database; a bad N is a usage error', async () => {
    const run = await runCli(db.url, ['db', 'seed', '--synthetic', '300']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Added 300 synthetic contents and [\d,]+ reviews to .+ in [\d.]+ s\.\n$/);
    expect(Number((await db.query('SELECT count(*) AS n FROM contents'))[0]!.n)).toBe(300);
    expect((await runCli(db.url, ['db', 'seed', '--synthetic', '-5'])).code).toBe(2);
  });
});

describe('db backup and stats', () => {
  it('backup writes a complete, openable copy and refuses to overwrite without --force', async () => {
    await runCli(db.url, ['db', 'seed']);
    const target = join(db.dir, 'backup.db');
    const run = await runCli(db.url, ['db', 'backup', target]);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toMatch(new RegExp(`^Backed up ${db.url} to ${target} \\([\\d.]+ (KB|MB)\\)\\.\\n$`));
    const copy = createClient({ url: `file:${target}` });
    try {
      const [original] = await db.query('SELECT count(*) AS n FROM contents');
      expect((await copy.execute('SELECT count(*) AS n FROM contents')).rows[0]!.n).toBe(original!.n);
      expect((await copy.execute('PRAGMA integrity_check')).rows[0]![0]).toBe('ok');
      // The full-text index came along (on a libSQL server the copy is made from its dump).
      const matches = "SELECT count(*) AS n FROM contents_fts WHERE contents_fts MATCH 'python'";
      const [searched] = await db.query(matches);
      expect(Number(searched!.n)).toBeGreaterThan(0);
      expect((await copy.execute(matches)).rows[0]!.n).toBe(searched!.n);
    } finally {
      copy.close();
    }
    const again = await runCli(db.url, ['db', 'backup', target]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('--force');
    expect((await runCli(db.url, ['db', 'backup', target, '--force'])).code).toBe(0);
    expect(existsSync(target)).toBe(true);
  });

  it('backup into a folder writes a dated file, and --keep removes the oldest dated backups beyond the newest n', async () => {
    const folder = join(db.dir, 'nightly');
    mkdirSync(folder);
    const old = [
      'skillshelf-2020-01-01T03-00-00Z.db',
      'skillshelf-2020-01-02T03-00-00Z.db',
      'skillshelf-2020-01-03T03-00-00Z.db',
    ];
    for (const name of [...old, 'notes.txt']) writeFileSync(join(folder, name), 'old');
    const run = await runCli(db.url, ['db', 'backup', folder, '--keep', '2']);
    expect(run.code).toBe(0);
    const kept = readdirSync(folder).sort();
    expect(kept).toHaveLength(3);
    expect(kept).toContain('notes.txt');
    expect(kept).toContain(old[2]);
    const fresh = kept.find(
      (name) => /^skillshelf-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.db$/.test(name) && !old.includes(name),
    )!;
    expect(statSync(join(folder, fresh)).size).toBeGreaterThanOrEqual(4096);
    expect(run.stdout).toContain(`Removed 2 older backups: ${old[0]}, ${old[1]}.`);
    const withoutFolder = await runCli(db.url, ['db', 'backup', join(folder, 'one.db'), '--keep', '2']);
    expect(withoutFolder.code).toBe(2);
    expect((await runCli(db.url, ['db', 'backup', folder, '--keep', '0'])).code).toBe(2);
  });

  it('stats counts the rows of every table (--json for scripts)', async () => {
    await runCli(db.url, ['db', 'seed']);
    const run = await runCli(db.url, ['db', 'stats', '--json']);
    const stats = JSON.parse(run.stdout) as { tables: Record<string, number>; journalMode: string; migrations: number };
    expect(stats.tables).toMatchObject({ users: 9, contents: expect.any(Number) });
    expect(stats.tables.contents).toBeGreaterThan(100);
    expect(stats.journalMode).toBe('wal');
    const text = await runCli(db.url, ['db', 'stats']);
    expect(text.stdout).toMatch(/\n {2}users +9\n/);
  });
});

describe('users', () => {
  it('list shows every account with its role; --json for scripts', async () => {
    await create('ada@example.com', true);
    await create('grace@example.com');
    const run = await runCli(db.url, ['users', 'list']);
    expect(run.stdout).toMatch(/ada@example\.com +admin/);
    expect(run.stdout).toMatch(/grace@example\.com +user/);
    expect(run.stdout).toContain('2 users, 1 admin.');
    const list = JSON.parse((await runCli(db.url, ['users', 'list', '--json'])).stdout) as Array<{
      email: string;
      isAdmin: boolean;
    }>;
    expect(list.map((u) => [u.email, u.isAdmin]).sort()).toEqual([
      ['ada@example.com', true],
      ['grace@example.com', false],
    ]);
  });

  it('promote and demote change the role, end the user’s sessions and are audited; the last admin stays', async () => {
    await create('ada@example.com', true);
    await create('grace@example.com');
    await db.query(
      "INSERT INTO sessions (id, user_id, expires_at) SELECT 'session-hash', id, 9999999999 FROM users WHERE email = 'grace@example.com'",
    );
    expect(await runCli(db.url, ['users', 'promote', 'grace@example.com'])).toMatchObject({
      code: 0,
      stdout: 'grace <grace@example.com> is an admin.\n',
    });
    expect(await isAdmin('grace@example.com')).toBe(1);
    expect(await db.query('SELECT id FROM sessions')).toEqual([]);

    expect((await runCli(db.url, ['users', 'demote', 'ada@example.com'])).code).toBe(0);
    const last = await runCli(db.url, ['users', 'demote', 'grace@example.com']);
    expect(last.code).toBe(1);
    expect(last.stderr).toBe('error: There must be at least one admin: make another user an admin first\n');
    expect(await isAdmin('grace@example.com')).toBe(1);

    const unknown = await runCli(db.url, ['users', 'promote', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: No user with the email nobody@example.com\n');
    const actions = (await db.query("SELECT actor, action FROM audit_log WHERE action LIKE 'user.%' ORDER BY id")).map(
      (r) => `${r.actor} ${r.action}`,
    );
    expect(actions).toEqual(expect.arrayContaining([`cli:${osUser()} user.promote`, `cli:${osUser()} user.demote`]));
  });

  it('reset-password puts the reset mail with its link in the outbox when SMTP is not set', async () => {
    await create('grace@example.com');
    const run = await runCli(db.url, ['users', 'reset-password', 'grace@example.com']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('in the outbox');
    const [mail] = await db.query('SELECT "to", text FROM outbox');
    expect(mail!.to).toBe('grace@example.com');
    expect(String(mail!.text)).toMatch(/\/reset-password\/\S+/);
  });
});

describe('contents', () => {
  beforeEach(async () => {
    await runCli(db.url, ['db', 'seed']);
  });

  it('list shows the newest; --search uses the site’s search, typo fallback included', async () => {
    const newest = await runCli(db.url, ['contents', 'list', '--limit', '3']);
    expect(newest.stdout).toMatch(/Showing 3 of [\d,]+ contents, newest first\.\n$/);
    const typo = await runCli(db.url, ['contents', 'list', '--search', 'javscript', '--limit', '2']);
    expect(typo.stdout).toContain("Nothing matched 'javscript': showing results for 'javascript'.");
    const json = JSON.parse(
      (await runCli(db.url, ['contents', 'list', '--search', 'odin project', '--json'])).stdout,
    ) as Array<{ slug: string; _id: string }>;
    expect(json[0]).toMatchObject({ slug: 'the-odin-project', _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect((await runCli(db.url, ['contents', 'list', '--search', 'zzqqxxyy'])).stdout).toBe(
      "No contents match 'zzqqxxyy'.\n",
    );
  });

  it('delete by slug or id removes the content with its reviews and saves, audited', async () => {
    const [odin] = await db.query("SELECT id FROM contents WHERE slug = 'the-odin-project'");
    const run = await runCli(db.url, ['contents', 'delete', 'the-odin-project', '--yes']);
    expect(run).toMatchObject({ code: 0, stdout: `Deleted 'The Odin Project' (the-odin-project, id ${odin!.id}).\n` });
    expect(await db.query('SELECT id FROM reviews WHERE content_id = ?', [String(odin!.id)])).toEqual([]);
    expect(await db.query("SELECT action, target_id FROM audit_log WHERE action = 'content.delete'")).toEqual([
      expect.objectContaining({ target_id: odin!.id }),
    ]);

    const [other] = await db.query("SELECT id FROM contents WHERE slug <> 'the-odin-project' LIMIT 1");
    expect((await runCli(db.url, ['contents', 'delete', String(other!.id), '--yes'])).code).toBe(0);
    const gone = await runCli(db.url, ['contents', 'delete', 'the-odin-project', '--yes']);
    expect(gone).toMatchObject({ code: 1, stderr: "error: No content with the id or slug 'the-odin-project'\n" });
  });

  it('delete without --yes and without a terminal is a usage error that deletes nothing', async () => {
    const run = await runCli(db.url, ['contents', 'delete', 'the-odin-project']);
    expect(run.code).toBe(2);
    expect(await db.query("SELECT id FROM contents WHERE slug = 'the-odin-project'")).toHaveLength(1);
  });
});

describe('audit', () => {
  it('lists who changed what, newest first; --as names the admin; --since filters; --json for scripts', async () => {
    await create('ada@example.com', true);
    await create('grace@example.com');
    await runCli(db.url, ['--as', 'ada@example.com', 'users', 'promote', 'grace@example.com']);
    const run = await runCli(db.url, ['audit']);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/ada@example\.com.* user\.promote {2}user:[0-9a-f]{24}/);
    expect(lines.at(-1)).toMatch(new RegExp(`${osUser()} \\(cli\\) {2}user\\.create`));
    const entries = JSON.parse((await runCli(db.url, ['audit', '--json'])).stdout) as Array<{ action: string }>;
    expect(entries.map((e) => e.action)).toEqual(['user.promote', 'user.create', 'user.create']);
    expect((await runCli(db.url, ['audit', '--since', '2999-01-01'])).stdout).toBe(
      'No audit entries since 2999-01-01 00:00:00 UTC.\n',
    );
    expect((await runCli(db.url, ['audit', '--since', 'yesterday'])).code).toBe(2);
  });
});
