/**
 * An embedded replica that reads locally and writes to the primary over HTTP (docs/decisions/027).
 *
 * The libSQL client can forward an embedded replica's writes itself, but it does so on the process's one
 * thread, synchronously, with no deadline: a primary that stops answering (frozen, or cut off without a
 * refusal) would stop the whole server. So this process holds two clients of the same database:
 * - the replica file, for every read, at local speed, synced from the primary every DATABASE_SYNC_INTERVAL;
 * - an HTTP client of the primary, for every write, with the queue, busy waits and deadline of every client of
 *   a libSQL server (db/remote-client.ts): past DATABASE_TIMEOUT, a write is a 503, never a hang.
 * After each write the replica is synced at once, so the process that wrote reads what it wrote.
 */
import { openSync, readSync } from 'node:fs';
import type { Client, InArgs, InStatement, Replicated, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { isRead } from './remote-client.ts';
import { countCatchUp, readsGoToThePrimary, type Replication, sharedAsking, tagReplication } from './replication.ts';

/**
 * `primaryPosition`: the highest replication index the primary's answers have shown (db/replication.ts).
 * `applied`: the position the replica reached at its first pull.
 */
/**
 * How long a primary that let a catch-up's probe pass its bound is left alone (unless the probe is answered
 * first): a frozen primary makes one request a while wait the bound, not every request that brings a position.
 */
const SILENT_MS = 5_000;

/**
 * The position an embedded replica's file has applied, as its replicator records it after each commit in
 * `<file>-client_wal_index` (libsql-replication's WalIndexMetaData: a 16-byte log id, then the committed frame
 * number, little-endian): the periodic pulls, made off this thread, report nothing, but they write it there.
 * 0 while there is no such file. Read anew at each call: 32 bytes through a descriptor kept open.
 */
export function appliedOnFile(path: string): () => number {
  const bytes = Buffer.alloc(32);
  let descriptor: number | undefined;
  return () => {
    try {
      descriptor ??= openSync(`${path}-client_wal_index`, 'r');
      return readSync(descriptor, bytes, 0, 32, 0) >= 24 ? Number(bytes.readBigUInt64LE(16)) : 0;
    } catch {
      return 0;
    }
  };
}

export function replicaWithRemoteWrites(
  replica: Client,
  primary: Client,
  primaryPosition: () => number,
  applied = 0,
  appliedByPeriodicPulls: () => number = () => 0,
): Client {
  /** Every pull of ours says the position it reached; the periodic pulls, made off this thread, only write it down. */
  const sync = async (): Promise<Replicated> => {
    const reached = await replica.sync();
    if (reached?.frame_no !== undefined && reached.frame_no > applied) applied = reached.frame_no;
    return reached;
  };
  /**
   * One pull for the writes that ended in the same turn: it starts once they all have, so it brings each of
   * them (16 reviews at once were 16 pulls, each holding the process's thread for a millisecond or more).
   */
  let nextPull: Promise<unknown> | undefined;
  const pull = () =>
    (nextPull ??= new Promise((resolve) =>
      setImmediate(() => {
        nextPull = undefined;
        void pullDone(3).then(resolve);
      }),
    ));
  /**
   * The write is done on the primary whatever the pull does: a pull that fails (the periodic one holding the
   * replica at that moment) is tried again, and then left to the next periodic pull, within the sync interval.
   */
  const pullDone = async (tries: number): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await sync();
        return;
      } catch (error) {
        if (attempt >= tries)
          return void console.error(
            'The embedded replica could not pull after a write:',
            error instanceof Error ? error.message : error,
          );
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
      }
    }
  };
  /** Pulls what the primary has now, the write just made included. */
  const afterWrite = async <T>(written: T): Promise<T> => {
    await pull();
    return written;
  };
  const client: Client = {
    get closed() {
      return replica.closed && primary.closed;
    },
    get protocol() {
      return replica.protocol;
    },
    execute: ((statement: InStatement | string, args?: InArgs) => {
      const full: InStatement =
        typeof statement === 'string' && args !== undefined ? { sql: statement, args } : statement;
      if (!isRead(full)) return primary.execute(full).then(afterWrite);
      return readsGoToThePrimary() ? primary.execute(full) : replica.execute(full);
    }) as Client['execute'],
    batch: (async (statements: InStatement[], mode?: TransactionMode): Promise<ResultSet[]> => {
      // Reads only (drizzle's db.batch sends no mode): each read on the replica file. The native client sends
      // any batch, a read-only one too, to the primary: with the primary away, a page would fail.
      if (mode === 'read' || statements.every(isRead)) {
        if (readsGoToThePrimary()) return primary.batch(statements, 'read');
        const results: ResultSet[] = [];
        for (const statement of statements) results.push(await replica.execute(statement));
        return results;
      }
      return afterWrite(await primary.batch(statements, mode));
    }) as Client['batch'],
    migrate: async (statements: InStatement[]) => afterWrite(await primary.migrate(statements)),
    transaction: async (mode?: TransactionMode): Promise<Transaction> => {
      if (mode === 'read') return (readsGoToThePrimary() ? primary : replica).transaction(mode);
      const transaction = await primary.transaction(mode);
      const commit = transaction.commit.bind(transaction);
      transaction.commit = async () => afterWrite(await commit());
      return transaction;
    },
    executeMultiple: async (sql: string) => afterWrite(await primary.executeMultiple(sql)),
    sync,
    reconnect: async () => {
      await Promise.all([replica.reconnect(), primary.reconnect()]);
    },
    close: () => {
      replica.close();
      primary.close();
    },
  };
  tagReplication(
    client,
    replicaPositions(primary, primaryPosition, () => Math.max(applied, appliedByPeriodicPulls()), pull),
  );
  return client;
}

/**
 * The positions of an embedded replica (db/replication.ts): `applied` is what its own pulls reached, `pull` one
 * pull shared with the writes of the same turn.
 */
function replicaPositions(
  primary: Client,
  primaryPosition: () => number,
  applied: () => number,
  pull: () => Promise<unknown>,
): Replication {
  /** Until when a primary that did not answer a catch-up's probe in time is taken as silent. */
  let silentUntil = 0;
  const askPrimary = sharedAsking(() => primary.execute('SELECT 1'));
  return {
    kind: 'replica',
    position: applied,
    positionNow: async () => {
      await askPrimary();
      return Math.max(primaryPosition(), applied());
    },
    catchUp: async (position, boundMs) => {
      if (position <= applied()) return countCatchUp('current');
      if (performance.now() < silentUntil) return countCatchUp('unreachable');
      // A pull holds this thread until the primary answers: it is started only once the primary has answered.
      let timer: NodeJS.Timeout | undefined;
      const probe = askPrimary().then(
        () => {
          silentUntil = 0;
          return true;
        },
        () => false,
      );
      const answered = await Promise.race([
        probe,
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), boundMs))),
      ]);
      clearTimeout(timer);
      if (!answered) {
        // Until the probe is answered, or for SILENT_MS, the next requests are served as they are at once.
        silentUntil = performance.now() + SILENT_MS;
        return countCatchUp('unreachable');
      }
      // A position the primary never reached (a client's invention) has nothing to wait for.
      if (position > primaryPosition()) return countCatchUp('current');
      await pull();
      return countCatchUp(applied() >= position ? 'pulled' : 'primary');
    },
  };
}
