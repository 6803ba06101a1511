/**
 * The one libSQL client of this process. Every page, endpoint and CLI command shares it: opening a client per
 * request would open (and leak) connections and lose the busy-timeout setting.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import type { Logger } from 'drizzle-orm';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { encodeBlobsNatively } from './blob-base64.ts';
import { renewConnectionAfterBusy } from './busy-connection.ts';
import { answeredWithin, lostAfterMs, readAgainSoon, tuneRemoteClient } from './remote-client.ts';
import { PreparedReads } from './prepared-reads.ts';
import { appliedOnFile, replicaWithRemoteWrites } from './replica-client.ts';
import { countCatchUp, fetchNotingPositions, positionNote, sharedAsking, tagReplication } from './replication.ts';
import { config } from './config.ts';
import { timeQueries } from './query-time.ts';
import * as schema from './schema.ts';

encodeBlobsNatively();

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export interface OpenOptions {
  url: string;
  authToken?: string | undefined;
  /** Keep `url` (a file) as an embedded replica of this libSQL server, pulling its changes every `syncInterval` s. */
  syncUrl?: string | undefined;
  syncInterval?: number;
  busyTimeoutMs?: number;
  /** On a libSQL server, the most one call may take (db/remote-client.ts). */
  timeoutMs?: number;
  /** Sees every statement drizzle runs (tests use it to check query plans). */
  logger?: Logger;
}

/** Opens a database and applies what a web server on SQLite needs. Use `getDb()` unless you need another file. */
export async function openDb({
  url,
  authToken,
  syncUrl,
  syncInterval = 1,
  busyTimeoutMs = 10_000,
  timeoutMs = 8_000,
  logger,
}: OpenOptions): Promise<Db> {
  if (syncUrl && !url.startsWith('file:'))
    throw new Error(`An embedded replica is a file: DATABASE_URL must be file:…, not ${url}`);
  // An embedded replica's file is the replicator's: its journal is its own, and its writes are the server's.
  const local = url.startsWith('file:') && !syncUrl;
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).split('?')[0]!;
    if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  }
  let client: Client;
  if (syncUrl) {
    // Reads from the replica file; writes to the primary over HTTP, with a deadline (db/replica-client.ts).
    const seen = positionNote();
    const primary = createClient({
      url: syncUrl,
      authToken,
      fetch: answeredWithin(lostAfterMs(timeoutMs), fetchNotingPositions(seen.note)),
    });
    tuneRemoteClient(primary, { busyTimeoutMs, timeoutMs });
    const replica = createClient({ url, syncUrl, authToken, syncInterval });
    // A new replica is empty until its first pull: a process reads nothing before it has what the primary has.
    // A primary that cannot be reached leaves the replica as it was (read-only until it is back).
    const reached = await replica.sync().catch((error: unknown) => {
      console.error('The embedded replica could not sync at start:', error instanceof Error ? error.message : error);
      return undefined;
    });
    const file = url.slice('file:'.length).split('?')[0]!;
    client = replicaWithRemoteWrites(replica, primary, seen.get, reached?.frame_no ?? 0, appliedOnFile(file));
  } else if (local) {
    // `timeout` is the busy timeout of the connection. One connection: SQLite runs on this thread either way,
    // so a pool runs nothing in parallel, and on 100k contents a pooled connection answered a read from before
    // a write the process had just committed on another (tests/scale/query-plans.test.ts).
    client = createClient({ url, authToken, timeout: busyTimeoutMs, concurrency: 1 });
    // A database in memory is its connection: it is never busy, and a new connection would be empty.
    if (!url.includes(':memory:')) renewConnectionAfterBusy(client);
  } else {
    const seen = positionNote();
    client = createClient({
      url,
      authToken,
      timeout: busyTimeoutMs,
      fetch: answeredWithin(lostAfterMs(timeoutMs), fetchNotingPositions(seen.note)),
    });
    tuneRemoteClient(client, { busyTimeoutMs, timeoutMs });
    const remote = client;
    const askPrimary = sharedAsking(() => remote.execute('SELECT 1'));
    // Every read here is the server's own: only the change feed, read at most every 100 ms, may be behind a
    // position a client brings, so it is read again before that request's cached pages are looked at.
    let confirmed = 0;
    tagReplication(client, {
      kind: 'primary',
      position: seen.get,
      positionNow: async () => {
        await askPrimary();
        return seen.get();
      },
      catchUp: async (position) => {
        if (position > confirmed) {
          confirmed = position;
          readAgainSoon(remote);
        }
        return countCatchUp('current');
      },
    });
  }
  if (local) {
    // WAL lets readers run beside the one writer; the setting is stored in the file. NORMAL syncs the WAL at
    // checkpoints, not at every commit: a commit survives the process's crash, and the file can't be
    // corrupted (docs/decisions/024). foreign_keys is on by default in libSQL, but we say so rather than rely on it.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = NORMAL');
    await client.execute('PRAGMA foreign_keys = ON');
  }
  return drizzle(client, { schema, ...(logger ? { logger } : {}) }) as Db;
}

/**
 * The process's database, shared by every copy of this module (the server and Astro's bundle each load db/):
 * one client per process, as an embedded replica must be (two replicators on one file corrupt it).
 */
interface ProcessDatabase {
  shared: Promise<Db> | undefined;
  /** The process database's own read connection, when it is a file (see readRow). */
  reader: { db: Db; path: string; reads: PreparedReads } | undefined;
  /** This process works on the primary itself, even with DATABASE_SYNC_URL set (see workOnThePrimary). */
  onThePrimary: boolean;
}
const SLOT = Symbol.for('skillshelf.processDatabase');
const process_ = ((globalThis as { [SLOT]?: ProcessDatabase })[SLOT] ??= {
  shared: undefined,
  reader: undefined,
  onThePrimary: false,
});

/**
 * The replica file of server process `n`: the first keeps DATABASE_URL, process n the same name with `.n`
 * before its extension (data/replica.db → data/replica.2.db). Two replicators on one file corrupt it.
 */
export function replicaUrlOf(url: string, n: number): string {
  if (n <= 1) return url;
  const [path, query] = url.split(/\?(.*)/s, 2) as [string, string | undefined];
  const dot = path.lastIndexOf('.');
  const named = dot > path.lastIndexOf('/') ? `${path.slice(0, dot)}.${n}${path.slice(dot)}` : `${path}.${n}`;
  return query === undefined ? named : `${named}?${query}`;
}

/**
 * With DATABASE_SYNC_URL set, this process opens the primary itself rather than keeping a replica file: for a
 * process that serves no pages (a CLI command; the primary of WEB_CONCURRENCY processes, which migrates and
 * seeds before it forks). Each replica file is its server process's alone: a second replicator on it, even a
 * closed client's sync, corrupts it (docs/decisions/027). Call before the first getDb().
 */
export function workOnThePrimary(): void {
  process_.onThePrimary = true;
}

/** The process-wide database, opened on first use from DATABASE_URL (and DATABASE_SYNC_URL). */
export function getDb(): Promise<Db> {
  if (!process_.shared) {
    const c = config();
    const replica = Boolean(c.DATABASE_SYNC_URL) && !process_.onThePrimary;
    const opening = openDb({
      url: replica ? replicaUrlOf(c.DATABASE_URL, c.SERVER_PROCESS) : c.DATABASE_SYNC_URL || c.DATABASE_URL,
      authToken: c.DATABASE_AUTH_TOKEN,
      syncUrl: replica ? c.DATABASE_SYNC_URL : undefined,
      syncInterval: c.DATABASE_SYNC_INTERVAL,
      busyTimeoutMs: c.DATABASE_BUSY_TIMEOUT,
      timeoutMs: c.DATABASE_TIMEOUT,
    });
    process_.shared = opening.then((db) => {
      timeQueries(db.$client);
      // An embedded replica is read through its client, which knows what it has synced.
      const path =
        c.DATABASE_URL.startsWith('file:') && !c.DATABASE_SYNC_URL
          ? c.DATABASE_URL.slice('file:'.length).split('?')[0]
          : undefined;
      if (path && path !== ':memory:')
        process_.reader = { db, path, reads: new PreparedReads(path, c.DATABASE_BUSY_TIMEOUT) };
      return db;
    });
    process_.shared.catch(() => (process_.shared = undefined));
  }
  return process_.shared;
}

/** The path of the process database's file, once getDb() has opened it; undefined on a libSQL server or replica. */
export function processDatabasePath(): string | undefined {
  return process_.reader?.path;
}

/** The file of `db` when it is the process's database on a local file (not a server, a replica or a test's own). */
export function processFileOf(db: Db): string | undefined {
  return process_.reader?.db === db ? process_.reader.path : undefined;
}

/**
 * One row of a read on the process database's own connection, through a statement prepared once: for the
 * hottest reads only (the catalog's change feed, which every cached page asks for), where the client's execute
 * costs several times the query (77 µs against 10 µs). A statement sees every write committed before it
 * starts, from any connection or process. undefined when `db` is not the process's database file: the
 * caller asks the client.
 */
export function readRow(db: Db, sql: string, args: unknown[]): unknown[] | undefined {
  const reader = process_.reader;
  return reader?.db === db ? reader.reads.row(sql, args) : undefined;
}

/**
 * Runs `read` on the process database's own connection within one read transaction (one snapshot), or
 * answers undefined: the caller asks the client.
 */
export function readSnapshot<T>(db: Db, read: (reads: PreparedReads) => T): T | undefined {
  const reader = process_.reader;
  return reader?.db === db ? reader.reads.snapshot(() => read(reader.reads)) : undefined;
}

/** Every row of a read on the process database's own connection (as readRow), or undefined: the caller asks the client. */
export function readRows(db: Db, sql: string, args: unknown[]): unknown[][] | undefined {
  const reader = process_.reader;
  return reader?.db === db ? reader.reads.rows(sql, args) : undefined;
}

export async function closeDb(): Promise<void> {
  if (!process_.shared) return;
  const db = await process_.shared;
  process_.shared = undefined;
  process_.reader?.reads.close();
  process_.reader = undefined;
  db.$client.close();
}
