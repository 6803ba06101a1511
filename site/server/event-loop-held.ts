/**
 * How long this process's own work held its event loop: the longest gap between two samples SAMPLE_MS apart,
 * less the time its thread did not run meanwhile for another reason than its own work: the time it waited for
 * a CPU (the scheduler's run-queue wait, the second field of /proc/thread-self/schedstat), or the time the loop
 * sat idle waiting for events (libuv's idle time: a timer that fires late, its wake-up held up behind another
 * process, is idle time and not a wait for a CPU). The larger of the two is left out, as they may be the same
 * time (a timer's wake-up waiting for a CPU). The event loop's lag counts all of it: on a machine busy with
 * other processes, a gap of 110 ms may hold 30 ms of this process's work and 80 of waiting its turn. Time
 * blocked in a synchronous call (a file, a lock) is neither: it counts as held.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const SAMPLE_MS = 10;
const SCHEDSTAT = '/proc/thread-self/schedstat';

/** The thread's run-queue wait so far, in ms; undefined where the kernel does not say (then gaps count whole). */
function waitedMs(): number | undefined {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return undefined;
  }
}

let longest = 0;
let started = false;

/** Starts sampling (once per process; the timer does not keep the process alive). */
export function watchEventLoopHeld(): void {
  if (started) return;
  started = true;
  let last = performance.now();
  let lastWaited = waitedMs();
  let lastIdle = performance.eventLoopUtilization().idle;
  setInterval(() => {
    const now = performance.now();
    const waited = lastWaited === undefined ? undefined : waitedMs();
    const idle = performance.eventLoopUtilization().idle;
    const waitedForCpu = waited === undefined || lastWaited === undefined ? 0 : waited - lastWaited;
    const held = now - last - Math.max(waitedForCpu, idle - lastIdle);
    if (held > longest) longest = held;
    last = now;
    lastWaited = waited;
    lastIdle = idle;
  }, SAMPLE_MS).unref();
}

/** The longest hold since the last call, in ms (a gap is at most SAMPLE_MS longer than the block within it). */
export function takeLongestHeldMs(): number {
  const value = longest;
  longest = 0;
  return value;
}
