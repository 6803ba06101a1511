/**
 * How long the process database's statements take, handed to whoever listens (the server's metrics,
 * site/server/metrics.ts): db/ itself knows no metrics library. Process-wide: the server and Astro's bundle
 * load db/ separately, each with its own client, and both report here.
 */
import type { Client } from '@libsql/client';

type Listener = (seconds: number) => void;
const LISTENER = Symbol.for('skillshelf.queryTime');
const slot = globalThis as { [LISTENER]?: Listener };

export function onQueryTime(listener: Listener): void {
  slot[LISTENER] = listener;
}

function report(startedAt: number): void {
  slot[LISTENER]?.((performance.now() - startedAt) / 1000);
}

/** Times every execute and batch of `client` (what drizzle runs through it). */
export function timeQueries(client: Client): void {
  const execute = client.execute.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const batch = client.batch.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const timed =
    (run: (...args: unknown[]) => Promise<unknown>) =>
    async (...args: unknown[]) => {
      const startedAt = performance.now();
      try {
        return await run(...args);
      } finally {
        report(startedAt);
      }
    };
  client.execute = timed(execute) as Client['execute'];
  client.batch = timed(batch) as Client['batch'];
}
