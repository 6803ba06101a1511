/** `skillshelf db migrate` as a real process on a database file that does not exist yet. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli, tempDb, type TempDb } from './harness.ts';
import { onSqld } from '../setup/test-database.ts';

let db: TempDb;
beforeEach(async () => (db = await tempDb()));
afterEach(() => db.remove());

const tableNames = async () =>
  (await db.query("SELECT name FROM sqlite_master WHERE type = 'table'")).map((r) => String(r.name));

it('db migrate on an empty file creates the tables and says so', async () => {
  const run = await runCli(db.url, ['db', 'migrate']);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  expect(run.stdout).toMatch(new RegExp(`^Migrated ${db.url}: applied 0000_init, .+; the schema is up to date.\\n$`));
  expect(await tableNames()).toEqual(expect.arrayContaining(['users', 'sessions', 'contents', 'reviews', 'outbox']));
});

it('db migrate a second time succeeds and leaves the data alone', async () => {
  await runCli(db.url, ['db', 'migrate']);
  await db.query("INSERT INTO outbox (\"to\", subject, text) VALUES ('a@b.io', 'kept', 'body')");
  const again = await runCli(db.url, ['db', 'migrate']);
  expect(again).toMatchObject({ code: 0, stdout: `Migrated ${db.url}: the schema is up to date.\n` });
  expect(await db.query('SELECT subject FROM outbox')).toEqual([expect.objectContaining({ subject: 'kept' })]);
});

// A bulk load is for a database file: on a libSQL server the seed writes through the triggers, with no phases.
it.skipIf(onSqld)(
  'db seed --synthetic loads a file in bulk and reports each phase, its speed and memory on stderr',
  async () => {
    const run = await runCli(db.url, ['db', 'seed', '--synthetic', '1500']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^Added 1,500 synthetic contents and [\\d,]+ reviews to ${db.url} in [\\d.]+ s.\\n$`),
    );
    const phases = run.stderr
      .trim()
      .split('\n')
      .map((line) => line.split(':')[0]);
    expect(phases).toEqual(['indexes and triggers set aside', 'rows', 'indexes', 'search index', 'triggers', 'commit']);
    expect(run.stderr).toMatch(/^rows: [\d,]+ in [\d.]+ s \([\d,]+\/s\), memory \d+ MB$/m);
    // The change feed says to reload the catalog once, not once per content.
    expect(await db.query(`SELECT count(*) AS n FROM catalog_changes WHERE kind = 'insert'`)).toEqual([{ n: 0 }]);
    expect(await db.query(`SELECT count(*) AS n FROM contents_fts WHERE contents_fts MATCH 'course'`)).not.toEqual([
      { n: 0 },
    ]);
  },
);
