import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/setup/db.ts';
import { startCheckpointer, type Checkpointer } from './checkpoints.ts';

let opened: TestDb | undefined;
let checkpointer: Checkpointer | undefined;
afterEach(async () => {
  await checkpointer?.stop();
  opened?.close();
});

/** Writes about `pages` pages of 4 kB into the log, one commit per page. */
async function fillLog(t: TestDb, pages: number): Promise<void> {
  await t.db.$client.execute('CREATE TABLE IF NOT EXISTS filler (n INTEGER PRIMARY KEY, body BLOB)');
  for (let i = 0; i < pages; i++)
    await t.db.$client.execute({ sql: 'INSERT INTO filler (body) VALUES (randomblob(3800))', args: [] });
}

describe('checkpoints off the event loop', () => {
  it('leave the commits to write the log only, while a worker copies it into the file', async () => {
    opened = await createTestDb();
    const path = opened.url.slice('file:'.length);
    checkpointer = await startCheckpointer(opened.db, path);
    expect(checkpointer).toBeDefined();
    expect(Number((await opened.db.$client.execute('PRAGMA wal_autocheckpoint')).rows[0]![0])).toBe(0);

    const before = statSync(path).size;
    // Past SQLite's default of 1,000 pages, where a commit would have checkpointed on this thread.
    await fillLog(opened, 1_200);
    await expect.poll(() => checkpointer!.pagesCopied(), { timeout: 10_000 }).toBeGreaterThan(1_000);
    // The rows reached the database file itself, not only the log.
    expect(statSync(path).size).toBeGreaterThan(before + 1_000 * 3_800);
  });

  it('are left to SQLite where the database is not a file of this process', async () => {
    opened = await createTestDb();
    expect(await startCheckpointer(opened.db, undefined)).toBeUndefined();
    expect(Number((await opened.db.$client.execute('PRAGMA wal_autocheckpoint')).rows[0]![0])).toBe(1000);
  });
});
