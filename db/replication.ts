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
import { isRead } from './remote-client.ts';

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

/** What a request asks of the libSQL server's reads: the position they must reflect, within a bound. */
interface ReadsAtLeast {
  position: number;
  boundMs: number;
}
const AT_LEAST = Symbol.for('skillshelf.readsAtLeast');
const atLeastSlot = globalThis as { [AT_LEAST]?: AsyncLocalStorage<ReadsAtLeast> };
const atLeast = (atLeastSlot[AT_LEAST] ??= new AsyncLocalStorage<ReadsAtLeast>());

/**
 * Runs `work` with every read it sends to a libSQL server asking for `position` (Hrana's `replication_index`):
 * a sqld replica node waits until it has applied it, the primary has it already. The node's wait has no end
 * of its own, so a read not answered within `boundMs` is sent again without it, and the rest of the request
 * reads the node as it is (the primary may be gone: reads must keep working). No position: `work` as it is.
 */
export function readingAtLeast<T>(position: number, boundMs: number, work: () => T): T {
  return position > 0 ? atLeast.run({ position, boundMs }, work) : work();
}

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
 * (the client itself drops it), and asks a request's reads for its position (readingAtLeast). A cursor's answer
 * (a batch) is not read here: `positionNow` asks anew.
 */
export function fetchNotingPositions(note: (position: number) => void): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = await fetchAtPosition(input, init);
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

/** The request, its reads asking for the position the current request must reflect (if any, and all are reads). */
async function fetchAtPosition(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const wanted = atLeast.getStore();
  if (!wanted?.position || !(input instanceof Request) || init !== undefined) return fetch(input, init);
  const body = JSON.parse(await input.clone().text()) as HranaBody;
  if (!askPosition(body, String(wanted.position))) return fetch(input);
  // The bound is on the answer's coming, not on reading its body: it ends when the answer's headers are in.
  const bound = new AbortController();
  const timer = setTimeout(() => bound.abort(), wanted.boundMs);
  try {
    return await fetch(
      new Request(input.clone(), {
        body: JSON.stringify(body),
        signal: AbortSignal.any([input.signal, bound.signal]),
      }),
    );
  } catch (error) {
    if (!bound.signal.aborted) throw error;
    // Not there within the bound: this read and the rest of the request take the node as it is.
    wanted.position = 0;
    countCatchUp('unreachable');
    return fetch(input);
  } finally {
    clearTimeout(timer);
  }
}

interface HranaStatement {
  sql?: string;
  replication_index?: string;
}
interface HranaBatch {
  steps?: Array<{ stmt?: HranaStatement }>;
  replication_index?: string;
}
/** A pipeline (`requests`) or a cursor (`batch`) as the client sends them in JSON. */
interface HranaBody {
  requests?: Array<{ type?: string; stmt?: HranaStatement; batch?: HranaBatch }>;
  batch?: HranaBatch;
}

const reads = (statement: HranaStatement | undefined) => isRead(statement?.sql ?? '');
const batchReads = (batch: HranaBatch | undefined) => (batch?.steps ?? []).every((step) => reads(step.stmt));

/**
 * Sets `position` on each statement and batch of `body` when every one only reads, and says whether it did: a
 * write is never held back, nor sent twice.
 */
function askPosition(body: HranaBody, position: string): boolean {
  if (body.batch) {
    if (!batchReads(body.batch)) return false;
    body.batch.replication_index = position;
    return true;
  }
  const requests = body.requests ?? [];
  const allRead = requests.every((request) =>
    request.type === 'execute'
      ? reads(request.stmt)
      : request.type === 'batch'
        ? batchReads(request.batch)
        : request.type === 'close' || request.type === 'get_autocommit',
  );
  if (!allRead || !requests.some((request) => request.type === 'execute' || request.type === 'batch')) return false;
  for (const request of requests) {
    if (request.stmt) request.stmt.replication_index = position;
    if (request.batch) request.batch.replication_index = position;
  }
  return true;
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
