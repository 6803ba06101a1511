/**
 * What one request costs the rest of the server, measured while it runs (the budget every endpoint taking a
 * file or a list must keep): the event loop's longest block by the server's own work, from its monitor
 * (/metrics resets it at each scrape), the process's peak memory over its resident memory before, from /proc,
 * and how long a second client (a thread of its own) waited for /healthz and for a cached page, asked every 20 ms
 * throughout.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { TestServer } from './server.ts';

/** The token the servers of budget tests are started with (METRICS_TOKEN), so /metrics answers them. */
export const BUDGET_METRICS_TOKEN = 'budget-metrics-token-0123456789';

export interface Budget {
  /**
   * The event loop's longest block by the server's own work while the work ran, in ms: the gap less the time
   * its thread waited for a CPU (skillshelf_eventloop_held_max_seconds), which two cores shared with the test
   * runner, sqld and the browser make up to tens of ms.
   */
  longestBlockMs: number;
  /** The same gap with that wait in it (Node's lag), for the log: what a visitor's request could have waited. */
  longestLagMs: number;
  /** The process's peak resident memory while the work ran, above its resident memory before, in MB. */
  memoryGrowthMb: number;
  /** The longest a second client waited for each of the paths it asked for, in ms. */
  slowestAnswerMs: Record<string, number>;
  /** Each path's answers that were not 200. */
  failedAnswers: number;
}

const statusField = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** How often the server samples its event loop's delay (site/server/metrics.ts: eventLoopMonitoringPrecision). */
const LOOP_SAMPLE_MS = 10;

/**
 * The longest gaps between two of the server's event loop samples since /metrics was last read (which starts
 * them anew), held (less the waits for a CPU) and as lag: a block shows as a gap, at most LOOP_SAMPLE_MS longer
 * than itself. Node's histogram records a sample's distance from the one before, and the first sample after a
 * read has none: a block that begins before it would not show at all (a 60 ms block right after a read gave
 * 0). So measureBudget starts the work only once two samples' time has passed.
 */
async function longestBlocksSinceLastScrape(server: TestServer): Promise<{ heldMs: number; lagMs: number }> {
  const text = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${BUDGET_METRICS_TOKEN}` } })
  ).text();
  const seconds = (name: string) => {
    const value = new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, 'm').exec(text)?.[1];
    if (value === undefined) throw new Error(`no ${name} in /metrics:\n${text.slice(0, 500)}`);
    return Number(value) * 1000;
  };
  return {
    heldMs: seconds('skillshelf_eventloop_held_max_seconds'),
    lagMs: seconds('nodejs_eventloop_lag_max_seconds'),
  };
}

/**
 * The second client, in a thread of its own: on the test's own event loop its times would count the test's
 * work too (sending a 20 MB file held that loop long enough to add 100 ms to an answer the server gave at
 * once). It asks for each path in turn, every 20 ms, until stopped.
 */
const WATCHER = `
const { parentPort, workerData: { url, paths } } = require('node:worker_threads');
const slowestAnswerMs = Object.fromEntries(paths.map((path) => [path, 0]));
let failedAnswers = 0;
let done = false;
parentPort.once('message', () => (done = true));
(async () => {
  // Once before counting: a thread's first fetch loads the HTTP client.
  await (await fetch(url + paths[0])).arrayBuffer();
  parentPort.postMessage('ready');
  while (!done) {
    for (const path of paths) {
      const started = performance.now();
      const response = await fetch(url + path, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
      await response.arrayBuffer();
      slowestAnswerMs[path] = Math.max(slowestAnswerMs[path], performance.now() - started);
      if (response.status !== 200) failedAnswers++;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage({ slowestAnswerMs, failedAnswers });
})();
`;

type Answers = Pick<Budget, 'slowestAnswerMs' | 'failedAnswers'>;

/** Starts the second client, once it is ready to count. */
async function watchAnswers(url: string, paths: string[]): Promise<{ stop: () => Promise<Answers> }> {
  const thread = new Worker(WATCHER, { eval: true, workerData: { url, paths } });
  const nextMessage = <T>() =>
    new Promise<T>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
  await nextMessage<'ready'>();
  let stopped: Promise<Answers> | undefined;
  return {
    stop: () =>
      (stopped ??= (async () => {
        const answers = nextMessage<Answers>();
        thread.postMessage('stop');
        try {
          return await answers;
        } finally {
          await thread.terminate();
        }
      })()),
  };
}

/** Runs `work` against `server` and answers what it cost the server meanwhile, with the work's own value. */
export async function measureBudget<T>(
  server: TestServer,
  paths: string[],
  work: () => Promise<T>,
): Promise<{ budget: Budget; value: T }> {
  const pid = server.process.pid!;
  await longestBlocksSinceLastScrape(server);
  await new Promise((resolve) => setTimeout(resolve, 2 * LOOP_SAMPLE_MS + 5));
  // Resets the peak (VmHWM) to the memory resident now: the peak after is this work's.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = statusField(pid, 'VmRSS');
  const watcher = await watchAnswers(server.url, paths);
  try {
    const value = await work();
    const blocks = await longestBlocksSinceLastScrape(server);
    return {
      value,
      budget: {
        longestBlockMs: blocks.heldMs,
        longestLagMs: blocks.lagMs,
        memoryGrowthMb: statusField(pid, 'VmHWM') - before,
        ...(await watcher.stop()),
      },
    };
  } finally {
    await watcher.stop();
  }
}
