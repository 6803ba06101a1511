/**
 * A second thread for the full-text index's heaviest statement (docs/decisions/038). Scoring a broad word's
 * matches is SQLite's work of 10–20 ms on one thread at 100k contents ('data' in a data subject: 20,000 bm25
 * ranks), and a server has a second core that its one JavaScript thread leaves idle. So the statement is
 * read in two halves of rowids at once: this thread reads the lower half on a read connection of the helper's,
 * while a worker thread reads the upper half on its own. Each half ranks with the whole index's statistics
 * (bm25's document counts and average length do not depend on the rowid range), so the two concatenated are
 * the statement's answer, in a little over half the time.
 *
 * The worker serves one search at a time: a search arriving while it is busy is read whole on this thread, as
 * it is without a helper (a CLI, a libSQL server, an embedded replica, a catalog below `minContents`). It is
 * started by the first search of a large catalog, so a small one never pays for a thread.
 *
 * The halves are two statements on two connections: a commit landing between their starts is seen by one half
 * only. That answer is recorded under the catalog version read before it, so the next read applies the change
 * (db/catalog/search/matches.ts), as it would a change committed just after a whole read.
 */
import type { Worker } from 'node:worker_threads';
import { startThread } from '../../threads.ts';
import type { Db } from '../../client.ts';
import { PreparedReads } from '../../prepared-reads.ts';
import type { HelperAnswer, HelperRequest } from './fts-helper-worker.ts';

/** Below this many contents a whole statement takes a few milliseconds, and the second thread saves less than it costs. */
const MIN_CONTENTS = 20_000;

const counter = ((globalThis as Record<symbol, unknown>)[Symbol.for('skillshelf.ftsHalves')] ??= { reads: 0 }) as { reads: number };
/** Statements read in two halves on two threads since the process started (the metrics show it). */
export const readsInHalves = () => counter.reads;

export interface FtsHelper {
  /** Starts the worker now, if it is not under way (a server waits for its first large search), and waits until it runs. */
  ready(): Promise<Worker>;
  stop(): Promise<void>;
}

interface Helper {
  path: string;
  /** The worker's module, resolved where the helper was set up: Astro's bundle, which starts it, lives elsewhere. */
  workerUrl: URL;
  busyTimeoutMs: number;
  minContents: number;
  /** The worker, once started: it is started by the first search of a catalog of `minContents` or more. */
  worker: Promise<Worker> | undefined;
  /** Set while the worker runs: a search then reads its halves. */
  running: Worker | undefined;
  /** This thread's read connection, for the lower half. */
  reads: PreparedReads | undefined;
  pending: Map<number, { resolve: (row: unknown[]) => void; reject: (error: Error) => void }>;
  nextId: number;
  busy: boolean;
  stopped: boolean;
}

/** Per database, shared by every copy of this module in the process (the server starts it, Astro's bundle reads through it). */
const helpers = ((globalThis as Record<symbol, unknown>)[Symbol.for('skillshelf.ftsHelper')] ??= new WeakMap<Db, Helper>()) as WeakMap<Db, Helper>;

/**
 * Sets up the helper for `db`, whose file is `path` (nothing on a libSQL server or an embedded replica, which
 * read through their client). Call once per process, with the process's database. The worker thread starts
 * with the first search of a catalog of `minContents` or more, which reads whole meanwhile: a small catalog,
 * such as each test's server, never starts one.
 */
export function startFtsHelper(
  db: Db,
  path: string | undefined,
  { minContents = MIN_CONTENTS, busyTimeoutMs = 10_000 }: { minContents?: number; busyTimeoutMs?: number } = {},
): FtsHelper | undefined {
  if (db.$client.protocol !== 'file' || !path || path === ':memory:') return undefined;
  const helper: Helper = {
    path,
    workerUrl: new URL('./fts-helper-worker.ts', import.meta.url),
    busyTimeoutMs,
    minContents,
    worker: undefined,
    running: undefined,
    reads: undefined,
    pending: new Map(),
    nextId: 0,
    busy: false,
    stopped: false,
  };
  helpers.set(db, helper);
  return {
    ready: () => startWorker(helper),
    stop: async () => {
      helpers.delete(db);
      helper.stopped = true;
      const worker = await helper.worker?.catch(() => undefined);
      await worker?.terminate();
      helper.reads?.close();
    },
  };
}

function startWorker(helper: Helper): Promise<Worker> {
  helper.worker ??= new Promise<Worker>((resolve, reject) => {
    const worker = startThread(helper.workerUrl, { workerData: { path: helper.path, busyTimeoutMs: helper.busyTimeoutMs } });
    // It runs as long as the process does, and keeps no process alive by itself.
    worker.unref();
    // Listened to from the start: a thread that fails before it is ready, or at any time after, ends its use.
    const end = (error: Error) => {
      helper.running = undefined;
      for (const waiting of helper.pending.values()) waiting.reject(error);
      helper.pending.clear();
      reject(error);
    };
    worker.on('error', end);
    worker.on('exit', () => end(new Error('The full-text helper stopped')));
    worker.on('message', (answer: HelperAnswer) => {
      if (answer === 'ready') {
        try {
          helper.reads ??= new PreparedReads(helper.path, helper.busyTimeoutMs);
        } catch (error) {
          void worker.terminate();
          return reject(error);
        }
        if (!helper.stopped) helper.running = worker;
        return resolve(worker);
      }
      const waiting = helper.pending.get(answer.id);
      helper.pending.delete(answer.id);
      if ('error' in answer) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.row);
    });
  });
  return helper.worker;
}

function readThere(helper: Helper, sql: string, args: unknown[]): Promise<unknown[]> {
  const id = helper.nextId++;
  return new Promise((resolve, reject) => {
    helper.pending.set(id, { resolve, reject });
    helper.running!.postMessage({ id, sql, args } satisfies HelperRequest);
  });
}

/**
 * The row of `sql` (a statement over `contents_fts` ending in its WHERE clause, whose answer is read in rowid
 * order) as two rows, for the rowids below `splitAt` and from it on, read at once on two threads. undefined
 * when `db` has no helper free or holds fewer than its `minContents`: the caller reads the statement whole.
 */
export async function readInHalves(db: Db, sql: string, args: unknown[], contents: number, splitAt: number): Promise<[unknown[], unknown[]] | undefined> {
  const helper = helpers.get(db);
  if (!helper || helper.busy || contents < helper.minContents) return undefined;
  if (!helper.running) {
    // The first large search starts the worker (a failure to start leaves every search whole), and reads whole.
    if (!helper.worker) startWorker(helper).catch((error: unknown) => console.error('The full-text helper could not start:', error));
    return undefined;
  }
  helper.busy = true;
  counter.reads++;
  const bound = `?${args.length + 1}`;
  const upperSql = `${sql} AND rowid >= ${bound}`;
  const halfArgs = [...args, splitAt];
  try {
    const upper = readThere(helper, upperSql, halfArgs);
    let lower: unknown[];
    try {
      lower = helper.reads!.row(`${sql} AND rowid < ${bound}`, halfArgs);
    } catch (error) {
      await upper.catch(() => undefined);
      throw error;
    }
    // The worker failing (it stopped, or its connection could not read) costs its half on this thread, not the search.
    return [lower, await upper.catch(() => helper.reads!.row(upperSql, halfArgs))];
  } finally {
    helper.busy = false;
  }
}
