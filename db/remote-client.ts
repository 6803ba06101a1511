/**
 * What a client of a libSQL server needs that a local file gives for free (docs/decisions/027).
 *
 * - A few writes at a time from this process (WRITES_AT_ONCE). A server, like SQLite, has one writer: a crowd of
 *   writes sent together waits for its lock in a lottery and the losers are refused with SQLITE_BUSY. Queued
 *   here they go in the order they came, and at most MAX_WAITING wait (beyond: 503).
 * - A bounded number of reads at a time (READS_AT_ONCE), queued the same way. Sent all at once, a burst of
 *   requests opened a connection each to the server, which then answered none of them in time; the calls
 *   past their deadline were given up here but still ran there, so the next requests waited behind them and
 *   timed out in turn, and the site stayed unreachable long after the burst. Queued, a call whose deadline
 *   passes while it waits is never sent.
 * - Busy is waited out. A statement, batch or write transaction refused with SQLITE_BUSY (the lock held by
 *   another process past the server's own wait) did nothing, since a batch and a BEGIN IMMEDIATE take the lock
 *   before writing; so it is tried again, with a growing, jittered pause, until the client's busy timeout
 *   (DATABASE_BUSY_TIMEOUT) has passed, as a local file would wait.
 * - A server that is gone or not answering is said so, in time. Every call has a deadline (DATABASE_TIMEOUT,
 *   counted from the call, so a write queued behind a stuck one gives up too, and never starts late); a
 *   call past it, or refused by the network, fails with DatabaseUnavailable: a 503 with Retry-After for the
 *   visitor rather than a hang or a 500. A write that timed out may still land on the server later: the
 *   answer says to try again, and the writes are safe to repeat (a save sets a state, a review is one per
 *   user, an address or email is unique).
 * - An answer that never comes is given up (answeredWithin): the exchange with the server is cut after a
 *   minute (LOST_ANSWER_MS), so a request the server lost cannot hold its turn, and with four of them every
 *   write, for good.
 */
import type { Client, InStatement, TransactionMode } from '@libsql/client';
import { AppError, isSqliteBusy } from './errors.ts';

/** How long a caller is asked to wait before trying again once the database is unreachable, in seconds. */
const RETRY_AFTER_SECONDS = 5;

export class DatabaseUnavailable extends AppError {
  constructor(reason: string, cause?: unknown) {
    super('BUSY', 'The database cannot be reached right now: nothing was changed. Please try again in a moment.', {
      retryAfter: RETRY_AFTER_SECONDS,
    });
    this.name = 'DatabaseUnavailable';
    this.reason = reason;
    if (cause !== undefined) this.cause = cause;
  }
  readonly reason: string;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'SERVER_ERROR',
  'HRANA_WEBSOCKET_ERROR',
  'HRANA_CLOSED_ERROR',
  'STREAM_CLOSED',
]);

/** Whether `error` says the server could not be reached or answered (rather than refusing the statement). */
function isUnreachable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    // An embedded replica's native client forwards writes over gRPC, and says so in its message only.
    if (
      typeof e.message === 'string' &&
      /^WriteDelegation\(status: (Unavailable|DeadlineExceeded|Cancelled)\b|error trying to connect/.test(e.message)
    )
      return true;
  }
  return false;
}

/** What `work` answers (an unreachable server said so), unless `deadline` passes first: then DatabaseUnavailable. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseUnavailable(`no answer within ${timeoutMs / 1000} s`)),
      Math.max(0, deadline - performance.now()),
    );
  });
  try {
    return await Promise.race([
      work.catch((error: unknown) => {
        throw isUnreachable(error)
          ? new DatabaseUnavailable(error instanceof Error ? error.message : String(error), error)
          : error;
      }),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A fetch for the HTTP client of a libSQL server whose every exchange, the answer's body included, is cut after
 * `capMs`. A call's turn in its queue is held until the server answers (below), which is what keeps a burst
 * waiting here rather than on the server; an answer the server never sends would hold it for good, and four
 * such writes would stop every write of the process.
 */
export function answeredWithin(capMs: number, inner: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const cap = AbortSignal.timeout(capMs);
    if (input instanceof Request && init === undefined)
      return inner(new Request(input, { signal: AbortSignal.any([input.signal, cap]) }));
    return inner(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, cap]) : cap });
  };
}

/**
 * When an exchange with a libSQL server is taken as lost (`lostAfterMs`): a minute, or twice the deadline when
 * that is longer. Far past any answer the server is still working on: a turn given back while the server
 * still runs its call lets a burst pile up there (decision 053). With a deadline of 0.5 s, a cut at twice it
 * did: after a burst of 600 writes the next sign-up was refused.
 */
const LOST_ANSWER_MS = 60_000;
export const lostAfterMs = (timeoutMs: number): number => Math.max(2 * timeoutMs, LOST_ANSWER_MS);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function untilNotBusy<T>(run: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
    try {
      return await run();
    } catch (error) {
      if (!isSqliteBusy(error) || performance.now() + wait > deadline) throw error;
      // Jitter, so that writers refused together do not all come back together.
      await pause(wait / 2 + Math.random() * wait);
    }
  }
}

const READ = /^\s*(select|pragma|explain)\b/i;
/** Whether a statement only reads (by its first word: a `WITH … SELECT` counts as a write, which is safe). */
export const isRead = (statement: InStatement): boolean =>
  READ.test(typeof statement === 'string' ? statement : statement.sql);

/**
 * Writes a process sends at once. A server has one writer, but a write's round trip is most of its time:
 * over loopback one at a time took 4.1 ms a write, four at once 1.6 ms, with none refused busy (a refused one
 * is tried again, below). More than four gained nothing.
 */
const WRITES_AT_ONCE = 4;

/**
 * Reads a process sends at once: enough that a request's few reads rarely wait behind a crowd's (a queue is
 * first come, first served, so a request reading five times in a row waits five times), few enough that a
 * burst waits here rather than on the server, where a call given up still costs its turn. With the writes',
 * two processes stay under sqld's 128 requests at once (`--max-concurrent-requests`).
 */
const READS_AT_ONCE = 48;

/**
 * The most calls of a kind a process keeps waiting for their turn: a few seconds of them. Beyond it a call is
 * turned away at once with a 503, rather than left to wait out DATABASE_TIMEOUT.
 */
const MAX_WAITING = 1000;

export class QueueFull extends AppError {
  constructor() {
    super('BUSY', 'The server is busy: nothing was changed. Please try again in a moment.', { retryAfter: 1 });
    this.name = 'QueueFull';
  }
}

/** Runs `work` when fewer than `atOnce` calls are under way, in the order they came, or refuses it when too many wait. */
function turns(atOnce: number): <T>(work: () => Promise<T>) => Promise<T> {
  const waiting: Array<() => void> = [];
  let running = 0;
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return <T>(work: () => Promise<T>): Promise<T> => {
    if (waiting.length >= MAX_WAITING) return Promise.reject(new QueueFull());
    const start = (): Promise<T> => {
      running++;
      return work().finally(next);
    };
    if (running < atOnce && waiting.length === 0) return start();
    return new Promise<T>((resolve, reject) => waiting.push(() => void start().then(resolve, reject)));
  };
}

export interface RemoteOptions {
  busyTimeoutMs: number;
  /** The most a call may take, queue included, before it fails with DatabaseUnavailable. */
  timeoutMs: number;
}

const WRITES_SETTLED = Symbol.for('skillshelf.writesSettled');
type Counted = Client & { [WRITES_SETTLED]?: number };

/**
 * How many writes sent through this client have ended (done or failed) so far; undefined for a client this
 * module did not tune (a file): the change feed asks, to read again at once after this process wrote.
 */
export const writesSettled = (client: Client): number | undefined => (client as Counted)[WRITES_SETTLED];

/**
 * Makes the change feed read again on its next use, as after a write of this process: a request brings a
 * position (db/replication.ts) newer than the feed's last read may have seen.
 */
export function readAgainSoon(client: Client): void {
  const counted = client as Counted;
  if (counted[WRITES_SETTLED] !== undefined) counted[WRITES_SETTLED] += 1;
}

/** Process-wide, as both copies of db/ (the server's and Astro's bundle) write through the one client. */
const WRITES_UNREACHABLE = Symbol.for('skillshelf.writesUnreachable');
type WriteOutcome = { [WRITES_UNREACHABLE]?: string | undefined };

/**
 * Why this process's latest write could not reach the libSQL server (its primary), or undefined when it
 * did, or none was made (a file never says). /readyz reports it rather than trying a write of its own: a
 * probe that anyone may send must not take the primary's write lock.
 */
export const writesUnreachable = (): string | undefined => (globalThis as WriteOutcome)[WRITES_UNREACHABLE];

/** Notes what a write found: the server gone or silent, or there (an answer, even a refusal). A full queue says neither. */
function noteWrite(error?: unknown): void {
  if (error instanceof QueueFull) return;
  (globalThis as WriteOutcome)[WRITES_UNREACHABLE] = error instanceof DatabaseUnavailable ? error.reason : undefined;
}

export function tuneRemoteClient(client: Client, { busyTimeoutMs, timeoutMs }: RemoteOptions): void {
  (client as Counted)[WRITES_SETTLED] = 0;
  const settled = () => void ((client as Counted)[WRITES_SETTLED]! += 1);
  const noted = <T>(write: Promise<T>): Promise<T> =>
    write.then(
      (value) => {
        noteWrite();
        return value;
      },
      (error: unknown) => {
        noteWrite(error);
        throw error;
      },
    );
  const writeInTurn = turns(WRITES_AT_ONCE);
  const readInTurn = turns(READS_AT_ONCE);
  const execute = client.execute.bind(client) as (statement: InStatement, ...rest: unknown[]) => Promise<unknown>;
  const batch = client.batch.bind(client) as (statements: InStatement[], mode?: TransactionMode) => Promise<unknown>;
  const transaction = client.transaction.bind(client);
  /** A read or a write waits for its turn among its kind, and is retried while busy, within its deadline. */
  /**
   * A read or a write waits for its turn among its kind, and is retried while busy, within its deadline. The
   * turn is held until the server answers, even after the caller was told it took too long: a call given up
   * here still runs there, and the next one waits for it here rather than piles up behind it there.
   */
  const call = <T>(write: boolean, run: () => Promise<T>): Promise<T> => {
    const deadline = performance.now() + timeoutMs;
    const late = () => new DatabaseUnavailable(`no answer within ${timeoutMs / 1000} s`);
    const inTurn = (write ? writeInTurn : readInTurn)(() => {
      if (performance.now() >= deadline) return Promise.reject(late());
      return untilNotBusy(run, Math.min(busyTimeoutMs, deadline - performance.now()));
    });
    const answer = beforeDeadline(inTurn, deadline, timeoutMs);
    if (!write) return answer;
    void inTurn.then(settled, settled);
    return noted(answer);
  };
  client.execute = ((statement: InStatement, ...rest: unknown[]) =>
    call(!isRead(statement), () => execute(statement, ...rest))) as Client['execute'];
  // A batch of reads only (drizzle's db.batch sends no mode) is a read: run at once, in a read-only transaction
  // a replica node serves by itself, rather than queued as a write and sent to the primary.
  client.batch = ((statements: InStatement[], mode?: TransactionMode) => {
    const reads = mode === 'read' || statements.every(isRead);
    return call(!reads, () => batch(statements, reads ? 'read' : mode));
  }) as Client['batch'];
  // An interactive transaction holds the server's lock until it ends, past this queue: only its start is guarded.
  client.transaction = (async (mode?: TransactionMode) => {
    const opened = await call(false, () => transaction(mode));
    if (mode !== 'read') {
      const commit = opened.commit.bind(opened);
      opened.commit = () => noted(commit()).finally(settled);
    }
    return opened;
  }) as Client['transaction'];
}
