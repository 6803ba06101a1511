import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './client.ts';

let dir: string;
let url: string;
let db: Db;
/** Another process's connection, as a CLI command or a second server process would hold one. */
let other: Client;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'busy-connection-'));
  url = `file:${join(dir, 'busy.db')}`;
  db = await openDb({ url, busyTimeoutMs: 100 });
  await db.$client.execute('CREATE TABLE notes (text TEXT NOT NULL)');
  other = createClient({ url });
});
afterEach(() => {
  other.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `refused` while `other` holds the write lock: it must fail with SQLITE_BUSY. */
async function refusedWhileLocked(refused: () => Promise<unknown>): Promise<void> {
  const held = await other.transaction('write');
  try {
    await expect(refused()).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
  } finally {
    await held.rollback();
    held.close();
  }
}

const notesSeenByOther = async () => (await other.execute('SELECT text FROM notes')).rows.map((row) => row.text);

describe('a file database whose writer was refused busy', () => {
  it('commits the next batch, once the lock is free', async () => {
    await refusedWhileLocked(() => db.$client.batch(["INSERT INTO notes VALUES ('refused')", 'SELECT 1']));
    await db.$client.batch(["INSERT INTO notes VALUES ('after')", 'SELECT 1']);
    expect(await notesSeenByOther()).toEqual(['after']);
  });

  it('commits a write outside a transaction, where the refused statement left it uncommitted', async () => {
    await refusedWhileLocked(() => db.$client.execute("INSERT INTO notes VALUES ('refused')"));
    await db.$client.execute("INSERT INTO notes VALUES ('after')");
    expect(await notesSeenByOther()).toEqual(['after']);
    // Committed, so the lock is free for another process.
    await other.execute("INSERT INTO notes VALUES ('other')");
  });

  it('commits the next write transaction after one refused at its start', async () => {
    await refusedWhileLocked(() => db.$client.transaction('write'));
    const transaction = await db.$client.transaction('write');
    await transaction.execute("INSERT INTO notes VALUES ('after')");
    await transaction.commit();
    expect(await notesSeenByOther()).toEqual(['after']);
  });

  it('gives the new connection every setting the old one was given', async () => {
    // As the checkpoint worker's process does, after openDb's own.
    await db.$client.execute('PRAGMA wal_autocheckpoint = 0');
    await refusedWhileLocked(() => db.$client.execute("INSERT INTO notes VALUES ('refused')"));
    const setting = async (name: string) => Number((await db.$client.execute(`PRAGMA ${name}`)).rows[0]![0]);
    expect(await setting('synchronous')).toBe(1); // NORMAL
    expect(await setting('foreign_keys')).toBe(1);
    expect(await setting('wal_autocheckpoint')).toBe(0);
  });
});
