/**
 * Read-your-writes and monotonic reads across the app servers of one libSQL primary (docs/decisions/044).
 *
 * A position is the primary's replication index (its frame number): every answer of sqld carries it, and an
 * embedded replica's pull reports the one it has reached, in the same numbering. A client carries the
 * highest position it has seen (a cookie, or a header for bearer clients: site/server/read-position.ts);
 * a process asked for a position it has not applied catches up first:
 * - on an embedded replica, it pulls from the primary, once the primary has answered within a bound (a pull
 *   runs on the process's thread, so it is never started towards a primary that does not answer); a replica
 *   that still lacks the position sends that request's reads to the primary; a primary that did not answer in
 *   time leaves the request on the replica (the primary's death must leave reads working);
 * - straight on the primary, every read is current: only the change feed, read at most every 100 ms on a
 *   server, is read again before the request's cached pages are looked at.
 * A process on a file has no positions: one file is read by everyone.
 *
 * Both copies of db/ (the server's and Astro's bundle) share the client, so what is kept here hangs on the
 * client or on globalThis, never in this module.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client } from '@libsql/client';

export type CatchUp = 'current' | 'pulled' | 'primary' | 'unreachable';

export interface Replication {
  /** 'replica': an embedded replica with writes on the primary; 'primary': a client of the libSQL server itself. */
  kind: 'replica' | 'primary';
  /** The highest position this process's reads are known to reflect. */
  position(): number;
  /** The primary's position now: after a request that wrote, what its writer must be able to read. */
  positionNow(): Promise<number>;
  /** Makes this process's reads reflect `position`, waiting at most `boundMs` for the primary. */
  catchUp(position: number, boundMs: number): Promise<CatchUp>;
}

const REPLICATION = Symbol.for('skillshelf.replication');
type Tagged = Client & { [REPLICATION]?: Replication };

export const replicationOf = (client: Client): Replication | undefined => (client as Tagged)[REPLICATION];

export function tagReplication(client: Client, replication: Replication): void {
  (client as Tagged)[REPLICATION] = replication;
}

const ON_PRIMARY = Symbol.for('skillshelf.readsOnPrimary');
const slot = globalThis as { [ON_PRIMARY]?: AsyncLocalStorage<true> };
const onPrimary = (slot[ON_PRIMARY] ??= new AsyncLocalStorage<true>());

/** Runs `work` with every read it makes on an embedded replica sent to the primary instead. */
export function readingThePrimary<T>(work: () => T): T {
  return onPrimary.run(true, work);
}

/** Whether the current request's reads go to the primary (an embedded replica that could not catch up). */
export const readsGoToThePrimary = (): boolean => onPrimary.getStore() === true;

/**
 * How each catch-up ended since the process started, and ('session') how many tokens a replica did not know
 * were looked up on the primary: /metrics shows them.
 */
type Counted = CatchUp | 'session';
const COUNTS = Symbol.for('skillshelf.catchUps');
const counts = ((globalThis as { [COUNTS]?: Record<Counted, number> })[COUNTS] ??= {
  current: 0,
  pulled: 0,
  primary: 0,
  unreachable: 0,
  session: 0,
});
export const catchUpCounts = (): Readonly<Record<Counted, number>> => counts;
export const countCatchUp = <T extends Counted>(result: T): T => {
  counts[result]++;
  return result;
};

/**
 * A fetch for the HTTP client of a libSQL server that notes the replication index of every pipeline answer
 * (the client itself drops it). A cursor's answer (a batch) is not read here: `positionNow` asks anew.
 */
export function fetchNotingPositions(note: (position: number) => void): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!response.ok || !url.endsWith('/pipeline')) return response;
    const json = response.json.bind(response);
    response.json = async () => {
      const body = (await json()) as { results?: Array<{ response?: { result?: { replication_index?: unknown } } }> };
      for (const result of body?.results ?? []) {
        const index = result?.response?.result?.replication_index;
        if (typeof index === 'string' || typeof index === 'number') note(Number(index));
      }
      return body;
    };
    return response;
  };
}

/**
 * `ask`, shared: a caller gets the answer of an asking that starts after its call (so it sees every write the
 * caller made before), and at most one asking runs and one waits. 500 writes ending together would otherwise
 * send 500 questions to the primary at once beside them, and they held its answers past their deadline.
 */
export function sharedAsking<T>(ask: () => Promise<T>): () => Promise<T> {
  let waiting: Promise<T> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return () =>
    (waiting ??= running.then(() => {
      waiting = undefined;
      const asked = ask();
      running = asked.catch(() => undefined);
      return asked;
    }));
}

/** A holder of the highest position seen, for a client of the primary. */
export function positionNote(): { get: () => number; note: (position: number) => void } {
  let highest = 0;
  return {
    get: () => highest,
    note: (position) => {
      if (position > highest) highest = position;
    },
  };
}
