/**
 * What a client of a libSQL server needs that a local file gives for free (docs/decisions/027).
 *
 * - One write at a time from this process. A server, like SQLite, has one writer: writes sent together wait for
 *   its lock in a lottery and the losers are refused with SQLITE_BUSY. Queued here they go in the order they came,
 *   each in one round trip. Reads are not queued.
 * - Busy is waited out. A statement, batch or write transaction refused with SQLITE_BUSY (the lock held by
 *   another process past the server's own wait) did nothing, since a batch and a BEGIN IMMEDIATE take the lock
 *   before writing; so it is tried again, with a growing, jittered pause, until the client's busy timeout
 *   (DATABASE_BUSY_TIMEOUT) has passed, as a local file would wait.
 */
import type { Client, InStatement, TransactionMode } from '@libsql/client';

const isBusy = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function untilNotBusy<T>(run: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || performance.now() + wait > deadline) throw error;
      // Jitter, so that writers refused together do not all come back together.
      await pause(wait / 2 + Math.random() * wait);
    }
  }
}

const READ = /^\s*(select|pragma|explain)\b/i;
const isRead = (statement: InStatement): boolean => READ.test(typeof statement === 'string' ? statement : statement.sql);

/** Runs `work` after every write queued before it has finished (whether it succeeded or not). */
function writeQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };
}

export function tuneRemoteClient(client: Client, busyTimeoutMs: number): void {
  const inTurn = writeQueue();
  const execute = client.execute.bind(client) as (statement: InStatement, ...rest: unknown[]) => Promise<unknown>;
  const batch = client.batch.bind(client) as (statements: InStatement[], mode?: TransactionMode) => Promise<unknown>;
  const retried = <T>(run: () => Promise<T>) => untilNotBusy(run, busyTimeoutMs);
  client.execute = ((statement: InStatement, ...rest: unknown[]) =>
    isRead(statement) ? retried(() => execute(statement, ...rest)) : inTurn(() => retried(() => execute(statement, ...rest)))) as Client['execute'];
  client.batch = ((statements: InStatement[], mode?: TransactionMode) =>
    mode === 'read' ? retried(() => batch(statements, mode)) : inTurn(() => retried(() => batch(statements, mode)))) as Client['batch'];
  // An interactive transaction holds the server's lock until it ends, past this queue: only its start is retried.
  const transaction = client.transaction.bind(client);
  client.transaction = ((mode?: TransactionMode) => retried(() => transaction(mode))) as Client['transaction'];
}
