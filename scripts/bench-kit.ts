/** What the bench's sections share: browser headers, the server under test, CPU time, the report's parts. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** What a browser sends with a page request: its Accept and Accept-Encoding (the server compresses for it). */
export const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};
export const BROWSER_API = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface Goal {
  goal: string;
  figure: string;
  met: boolean;
}

/** One part of the report: its Markdown, the goals it checks, and what it adds to the JSON file. */
export interface ReportSection {
  title: string;
  lines: string[];
  goals: Goal[];
  json: Record<string, unknown>;
}

export function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/** The nearest-rank `p`th percentile (0–100) of `values`, in any order; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** CPU time a process has used so far, in microseconds, every thread of it counted. */
export function cpuTimeUs(pid: number): number {
  // Each thread's time on a CPU in nanoseconds (the scheduler's own count): /proc/<pid>/stat counts in ticks
  // of 10 ms, coarser than a review's whole cost.
  try {
    let ns = 0;
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended between the listing and its read: what it ran is no longer counted anywhere.
      }
    }
    if (ns > 0) return ns / 1000;
  } catch {
    // A kernel without scheduler statistics: the ticks below.
  }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim()) || 100;

/**
 * Where a server's threads spend their CPU: its event loop (`main`), libuv's pool (`pool`: compression, file
 * reads), V8's helpers (`v8`: the collector's marking and sweeping, compiling) and the server's own worker
 * threads (`workers`: the search helper, checkpoints). Thread names as Linux shows them (/proc/…/comm).
 */
export type ThreadGroup = 'main' | 'pool' | 'v8' | 'workers';
export const THREAD_GROUPS: readonly ThreadGroup[] = ['main', 'pool', 'v8', 'workers'];

function groupOf(pid: number, thread: string, name: string): ThreadGroup {
  if (thread === String(pid)) return 'main';
  if (name.startsWith('libuv-worker')) return 'pool';
  if (name.startsWith('V8') || name.startsWith('DelayedTask')) return 'v8';
  return 'workers';
}

/** CPU time a process has used so far by group of threads, in microseconds (from each thread's schedstat). */
export function cpuTimeByThreadUs(pid: number): Record<ThreadGroup, number> {
  const times: Record<ThreadGroup, number> = { main: 0, pool: 0, v8: 0, workers: 0 };
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${thread}/comm`, 'utf8').trim();
      const ns = Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
      times[groupOf(pid, thread, name)] += ns / 1000;
    } catch {
      // The thread ended between the listing and its read.
    }
  }
  return times;
}

/** Waits for a server to answer (its process still running). */
export async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url} exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not start`);
}

/**
 * Stops a server and waits for it to be gone: a server stopped during its start (a million contents' word
 * index is half a minute of CPU in a thread of its own) would otherwise take a core from the next section's.
 */
export async function stopSkillshelf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await gone;
  clearTimeout(late);
}

/**
 * A production server on `dbPath`, once it has finished starting (or, without `finishStart`, once it answers).
 * `logTo`: a file descriptor for the server's log (stdout), as a log collector would read it; else discarded.
 */
export async function startSkillshelf(
  dbPath: string,
  port: number,
  env: Record<string, string>,
  logTo?: number,
  { finishStart = true } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'site/server/main.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: `file:${dbPath}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      RATE_LIMIT_OFF: 'true',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', logTo ?? 'ignore', 'inherit'],
  });
  await waitUntilUp(`http://127.0.0.1:${port}/api/test`, child);
  if (!finishStart) return child;
  // Once it listens, a server builds its word index in the background (seconds of CPU at 100k contents); a
  // suggestion waits for it. Every figure is of a server that has finished starting.
  await (await fetch(`http://127.0.0.1:${port}/api/contents/suggest?q=da`)).arrayBuffer();
  return child;
}
