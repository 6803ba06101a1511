/**
 * The server's scheduled link check (LINK_CHECK_INTERVAL_HOURS; off by default): every server process
 * looks every quarter of an hour (or each interval, if shorter) for links that are due and checks them
 * under the deployment-wide lease, so that in a deployment of many processes one checks at a time and the
 * others find nothing due. Each link is due again an interval after its last check (sooner after a
 * report, later after a 429).
 */
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { withoutQueryValues } from '../errors.ts';
import { runLinkCheck } from './link-check.ts';

const LOOK_EVERY_MS = 15 * 60 * 1000;

export interface Schedule {
  stop: () => void;
}

/** Starts looking (at once, then every LOOK_EVERY_MS) when LINK_CHECK_INTERVAL_HOURS is set; a no-op otherwise. */
export function startLinkCheckSchedule(db: Db): Schedule {
  const hours = config().LINK_CHECK_INTERVAL_HOURS;
  if (!hours) return { stop: () => undefined };
  let running = false;
  const look = async () => {
    if (running) return;
    running = true;
    try {
      const run = await runLinkCheck(db, { onlyDue: true, pictures: true, facts: true });
      if (run.ran && run.value.checked > 0) {
        const { checked, ok, failed, deferred, newlyBroken } = run.value;
        console.log(
          `Link check: ${checked} checked, ${ok} ok, ${failed} failing (${newlyBroken} newly broken), ${deferred} to retry later`,
        );
      }
    } catch (error) {
      console.error('Link check:', withoutQueryValues(error));
    } finally {
      running = false;
    }
  };
  void look();
  const timer = setInterval(() => void look(), Math.min(LOOK_EVERY_MS, hours * 60 * 60 * 1000));
  // Never what keeps a process alive: a shutdown does not wait for it (an unfinished run's lease lapses).
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

// Process-wide: started once per process, whichever bundle loads this module first.
const STARTED = Symbol.for('skillshelf.linkCheckSchedule');

/** Starts the schedule of this process unless it runs already. */
export function ensureLinkCheckSchedule(db: Db): void {
  const store = globalThis as Record<symbol, unknown>;
  if (store[STARTED]) return;
  store[STARTED] = startLinkCheckSchedule(db);
}
