/**
 * What one request costs the rest of the server, measured while it runs (the budget every endpoint taking a
 * file or a list must keep): the event loop's longest block, from the server's own monitor (/metrics resets
 * it at each scrape), the process's peak memory over its resident memory before, from /proc, and how long a
 * second client waited for /healthz and for a cached page, asked every 20 ms throughout.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { TestServer } from './server.ts';

/** The token the servers of budget tests are started with (METRICS_TOKEN), so /metrics answers them. */
export const BUDGET_METRICS_TOKEN = 'budget-metrics-token-0123456789';

export interface Budget {
  /** The event loop's longest block while the work ran, in ms. */
  longestBlockMs: number;
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
 * The longest gap between two of the server's event loop samples since /metrics was last read (which starts
 * them anew): a block shows as a gap, at most LOOP_SAMPLE_MS longer than itself. Node's histogram records a
 * sample's distance from the one before, and the first sample after a read has none: a block that begins
 * before it would not show at all (a 60 ms block right after a read gave 0). So measureBudget starts the work
 * only once two samples' time has passed.
 */
async function longestBlockSinceLastScrape(server: TestServer): Promise<number> {
  const text = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${BUDGET_METRICS_TOKEN}` } })
  ).text();
  const max = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? ([\d.e+-]+)$/m.exec(text)?.[1];
  if (max === undefined) throw new Error(`no event loop lag in /metrics:\n${text.slice(0, 500)}`);
  return Number(max) * 1000;
}

/** Runs `work` against `server` and answers what it cost the server meanwhile, with the work's own value. */
export async function measureBudget<T>(
  server: TestServer,
  paths: string[],
  work: () => Promise<T>,
): Promise<{ budget: Budget; value: T }> {
  const pid = server.process.pid!;
  await longestBlockSinceLastScrape(server);
  await new Promise((resolve) => setTimeout(resolve, 2 * LOOP_SAMPLE_MS + 5));
  // Resets the peak (VmHWM) to the memory resident now: the peak after is this work's.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = statusField(pid, 'VmRSS');
  const slowestAnswerMs = Object.fromEntries(paths.map((path) => [path, 0]));
  let failedAnswers = 0;
  let done = false;
  const watcher = (async () => {
    while (!done) {
      for (const path of paths) {
        const started = performance.now();
        const response = await fetch(`${server.url}${path}`, {
          headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
        });
        await response.arrayBuffer();
        slowestAnswerMs[path] = Math.max(slowestAnswerMs[path]!, performance.now() - started);
        if (response.status !== 200) failedAnswers++;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const value = await work();
    return {
      value,
      budget: {
        longestBlockMs: await longestBlockSinceLastScrape(server),
        memoryGrowthMb: statusField(pid, 'VmHWM') - before,
        slowestAnswerMs,
        failedAnswers,
      },
    };
  } finally {
    done = true;
    await watcher;
  }
}
