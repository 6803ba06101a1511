/**
 * The search's helper thread (decision 055). At a million contents a search's first pass and its counts read
 * millions of postings and rows, one at a time, on one core of two. Cut in CHUNKS chunks of the catalog, they
 * are taken in turn by the thread answering the request and by this helper, each chunk by whichever asks
 * first, until none is left: each thread writes its own contents' marks (or its own tally), over shared
 * memory. The request's thread never waits on a helper that is not running: it takes every chunk the helper
 * has not begun, and waits only for one the helper is marking.
 *
 * Started once a search runs on a catalog of PARALLEL_FROM contents or more (below, a search is a few
 * milliseconds and one thread answers it), one per process; until it is ready, searches run on one thread.
 */
import type { Worker } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import { startThread, threadFile } from '../../threads.ts';
import { shared } from './shared-arrays.ts';

/** The chunks a job is cut in. */
export const CHUNKS = 8;
/**
 * The catalog size from which searches use the helper thread; whether the request's thread takes chunks too
 * (a test turns it off, to have the helper take every chunk).
 */
export const PARALLEL = { from: 250_000, requestThreadTakes: true };
/** How long the request's thread waits on one chunk the helper took before it gives the helper up. */
const CHUNK_WAIT_MS = 5_000;

/** The control words shared with the helper: the next chunk (with the job's generation), chunks done, results. */
const CLAIM = 0;
const DONE = 1;
/** Set once the helper took a chunk of the job (then its tally holds something). */
const HELPER_TOOK = 2;
/** Chunks the helper took since it started. */
const HELPER_CHUNKS = 3;
const RESULTS = 8;
const newControl = () => shared(Int32Array, RESULTS + CHUNKS);

/** A job's description for the helper: plain data and arrays over shared memory. */
export interface ChunkJob {
  kind: string;
}

/**
 * Takes chunks of job `generation` one after the other (the next untaken, by compare-and-swap) and runs
 * each, its result kept by its chunk, until none is left. Run by both threads.
 */
export function takeChunks(control: Int32Array, generation: number, run: (chunk: number) => number): boolean {
  let took = false;
  for (;;) {
    const word = Atomics.load(control, CLAIM);
    const next = word & 0xff;
    if (word >>> 8 !== generation || next >= CHUNKS) return took;
    if (Atomics.compareExchange(control, CLAIM, word, word + 1) !== word) continue;
    took = true;
    Atomics.store(control, RESULTS + next, run(next));
    Atomics.add(control, DONE, 1);
    Atomics.notify(control, DONE);
  }
}

/** Counts a chunk the helper took; `first`: its first of the job (then its tally holds something). */
export function countHelperChunk(control: Int32Array, first: boolean): void {
  if (first) Atomics.store(control, HELPER_TOOK, 1);
  Atomics.add(control, HELPER_CHUNKS, 1);
}

interface Helper {
  worker: Worker;
  control: Int32Array;
  ready: boolean;
  /** Settles once it is ready (true) or failed to start (false). */
  started: Promise<boolean>;
  generation: number;
}

const SLOT = Symbol.for('skillshelf.searchHelper');
/** One helper per process (the server holds two copies of db/: Astro's bundle and its own). */
const registry = globalThis as { [SLOT]?: Helper | null };

/** The helper thread, once ready; started on the first call from a large catalog. Null once it failed. */
function readyHelper(catalogSize: number): Helper | undefined {
  if (catalogSize < PARALLEL.from || registry[SLOT] === null) return undefined;
  registry[SLOT] ??= startHelper();
  return registry[SLOT]?.ready ? registry[SLOT] : undefined;
}

/**
 * Starts the helper thread ahead of the first search on a catalog of `catalogSize` contents (a server's
 * warm-up calls it); settles true once it is ready, false when the catalog is too small or it failed.
 */
export function prepareSearchHelper(catalogSize: number): Promise<boolean> {
  if (catalogSize < PARALLEL.from || registry[SLOT] === null) return Promise.resolve(false);
  registry[SLOT] ??= startHelper();
  return registry[SLOT]?.started ?? Promise.resolve(false);
}

/** Chunks the helper thread took since it started (0 when there is none). */
export function chunksTakenByHelper(): number {
  const helper = registry[SLOT];
  return helper ? Atomics.load(helper.control, HELPER_CHUNKS) : 0;
}

function startHelper(): Helper | null {
  try {
    const control = newControl();
    const worker = startThread(threadFile('catalog/search/search-helper-worker.ts'), { workerData: { control } });
    worker.unref();
    const helper: Helper = { worker, control, ready: false, started: Promise.resolve(false), generation: 0 };
    helper.started = new Promise<boolean>((resolve) => {
      worker.once('message', () => {
        helper.ready = true;
        resolve(true);
      });
      const gone = () => {
        if (registry[SLOT] === helper) registry[SLOT] = null;
        resolve(false);
      };
      worker.once('error', gone);
      worker.once('exit', gone);
    });
    return helper;
  } catch {
    return null;
  }
}

/**
 * Runs a job's CHUNKS chunks, `run` on this thread and the job's own code on the helper's (when the catalog
 * is large and the helper ready); answers the sum of the chunks' results. `helperTook` tells, after, whether
 * the helper took any chunk (its tally then holds its share).
 */
export function inChunks(
  job: ChunkJob,
  catalogSize: number,
  run: (chunk: number) => number,
): { total: number; helperTook: boolean } {
  const helper = readyHelper(catalogSize);
  if (!helper) {
    let total = 0;
    for (let chunk = 0; chunk < CHUNKS; chunk++) total += run(chunk);
    return { total, helperTook: false };
  }
  const { control } = helper;
  helper.generation = (helper.generation % 0x7fffff) + 1;
  const { generation } = helper;
  Atomics.store(control, DONE, 0);
  Atomics.store(control, HELPER_TOOK, 0);
  Atomics.store(control, CLAIM, generation << 8);
  helper.worker.postMessage({ generation, job });
  if (PARALLEL.requestThreadTakes) takeChunks(control, generation, run);
  waitForChunks(helper);
  let total = 0;
  for (let chunk = 0; chunk < CHUNKS; chunk++) total += Atomics.load(control, RESULTS + chunk);
  return { total, helperTook: Atomics.load(control, HELPER_TOOK) === 1 };
}

/**
 * Waits for the chunks the helper took; a helper that holds one past CHUNK_WAIT_MS is given up, and the search
 * fails with a 503 (its marks are dropped by the first pass's caller).
 */
function waitForChunks(helper: Helper): void {
  const { control } = helper;
  let done = Atomics.load(control, DONE);
  let since = performance.now();
  while (done < CHUNKS) {
    Atomics.wait(control, DONE, done, 50);
    const now = Atomics.load(control, DONE);
    if (now !== done) {
      done = now;
      since = performance.now();
    } else if (performance.now() - since > CHUNK_WAIT_MS) {
      registry[SLOT] = null;
      void helper.worker.terminate();
      // As a database out of reach is answered: a 503 to try again, the next searches on one thread.
      throw new AppError('BUSY', 'The search could not finish right now. Please try again in a moment.', {
        retryAfter: 1,
      });
    }
  }
}
