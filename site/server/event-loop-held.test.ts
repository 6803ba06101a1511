/**
 * The event loop's hold against its lag, in a real process under the real scheduler: a process starved of its
 * CPU by others shows long gaps of lag but little held, and one whose own work runs 150 ms holds it that long.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./event-loop-held.ts', import.meta.url));
/** Whether this machine lets a test start a real-time process (root, or CAP_SYS_NICE) pinned to a CPU. */
const mayRunRealTime = spawnSync('taskset', ['-c', '0', 'chrt', '-f', '1', 'true']).status === 0;

interface Probe {
  /** A command the process runs under (taskset, nice). */
  command?: string[];
  /** Told once the process has started and `body` begins, with the process (or its command's). */
  onReady?: (child: ChildProcess) => void;
}

/** Runs `body` in a fresh Node process watching its event loop; answers its longest hold and lag meanwhile, in ms. */
function holdAndLag(
  body: string,
  { command = [], onReady = () => {} }: Probe = {},
): Promise<{ heldMs: number; lagMs: number }> {
  const script = `
    import { monitorEventLoopDelay } from 'node:perf_hooks';
    import { takeLongestHeldMs, watchEventLoopHeld } from ${JSON.stringify(MODULE)};
    watchEventLoopHeld();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    await new Promise((resolve) => setTimeout(resolve, 50));
    takeLongestHeldMs();
    lag.reset();
    console.log('ready');
    ${body}
    console.log(JSON.stringify({ heldMs: takeLongestHeldMs(), lagMs: lag.max / 1e6 }));
    process.exit(0);`;
  const [file, ...args] = [...command, process.execPath, '--input-type=module', '-e', script];
  return new Promise((resolve, reject) => {
    const child = spawn(file!, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      const ready = out === '' && String(chunk).startsWith('ready\n');
      out += chunk;
      if (ready) onReady(child);
    });
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out.replace(/^ready\n/, '')));
      } catch {
        reject(new Error(`no answer from the probe: ${out}`));
      }
    });
  });
}

describe.skipIf(process.platform !== 'linux')('the event loop held by its own work', () => {
  it('counts a block of its own work whole', async () => {
    const { heldMs } = await holdAndLag(`
      await new Promise((resolve) => setTimeout(resolve, 30));
      const until = performance.now() + 150;
      while (performance.now() < until);
      await new Promise((resolve) => setTimeout(resolve, 30));`);
    // All of it, less any moment another process took its CPU: past the budgets' bound of 100 ms either way.
    expect(heldMs).toBeGreaterThan(120);
  });

  it('leaves out the time its loop sat idle while the process could not run (a wake-up held up)', async () => {
    // Stopped while it waits for its next timer: it neither works nor waits for a CPU, as when a timer's
    // wake-up is held up behind another process. Its timers fire that late; its own work is nothing.
    const { heldMs, lagMs } = await holdAndLag('await new Promise((resolve) => setTimeout(resolve, 1200));', {
      onReady: (child) => {
        setTimeout(() => child.kill('SIGSTOP'), 100);
        setTimeout(() => child.kill('SIGCONT'), 700);
      },
    });
    expect(lagMs).toBeGreaterThan(400);
    expect(heldMs).toBeLessThan(100);
  });

  it.skipIf(!mayRunRealTime)('leaves out the time another process held its CPU', async () => {
    // A real-time process busy on its CPU takes it for 950 ms of each second (the kernel keeps the rest for
    // others): the probe's timers fire that late, waiting their turn, while its own work is nothing. (It runs
    // with the budgets, alone: vitest.config.ts.)
    let hog: ChildProcess | undefined;
    const busyCpu = () => {
      const spin = "process.stdout.write('spinning\\n'); for (;;);";
      hog = spawn('taskset', ['-c', '0', 'chrt', '-f', '1', process.execPath, '-e', spin], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      // Timed from its first spin, not its start: a start slowed by a busy machine would leave it little time.
      hog.stdout!.once('data', () => setTimeout(() => hog?.kill(), 1200));
    };
    try {
      const { heldMs, lagMs } = await holdAndLag('await new Promise((resolve) => setTimeout(resolve, 2000));', {
        command: ['taskset', '-c', '0'],
        onReady: busyCpu,
      });
      expect(lagMs).toBeGreaterThan(500);
      expect(heldMs).toBeLessThan(100);
    } finally {
      hog?.kill();
    }
  });
});
