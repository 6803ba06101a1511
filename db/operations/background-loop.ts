import type { Db } from '../client.ts';
import { withoutQueryValues } from '../errors.ts';

/**
 * A job each server process runs beside its requests (the mail sender, the password-reset worker): a round,
 * then a rest until this process is told there is work (`wake`) or the round's own wait has passed, so work
 * another process queued is found too. A round that fails is logged and tried again after `pollMs`.
 */
export interface BackgroundLoop {
  /** Ends the rest at once: work is waiting. */
  wake(): void;
  /** Stops after the round under way, if any. */
  stop(): Promise<void>;
}

/** `round` answers how long to rest in milliseconds, or undefined for `pollMs`. */
export function startBackgroundLoop(
  name: string,
  pollMs: number,
  round: () => Promise<number | undefined>,
): BackgroundLoop {
  let stopped = false;
  let woken = false;
  let interrupt: (() => void) | undefined;
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(resolve, ms);
      interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const running = (async () => {
    while (!stopped) {
      woken = false;
      let wait = pollMs;
      try {
        wait = (await round()) ?? pollMs;
      } catch (error) {
        console.error(`${name}:`, withoutQueryValues(error));
      }
      await rest(wait);
      interrupt = undefined;
    }
  })();
  return {
    wake: () => {
      woken = true;
      interrupt?.();
    },
    stop: async () => {
      stopped = true;
      interrupt?.();
      await running;
    },
  };
}

/**
 * A job a room runs in every server process, registered in the room's jobs.ts: db/background-jobs.ts starts
 * them all, and the HTTP server names none.
 */
export interface BackgroundJob {
  /** What it does, for the log when it fails. */
  name: string;
  /** Starts it, and answers what stops it; a job run once (a warm-up) answers nothing, and reports a failure to `failed`. */
  start(db: Db, failed: (error: unknown) => void): { stop(): Promise<void> } | undefined;
}
