/**
 * The link checker (decision 016): checks published contents' URLs and records, per content, the last check,
 * the HTTP status, the final URL after redirects and the consecutive failures (link_checks). Broken means
 * persistently failing: at least 3 failures spread over at least 48 hours, so a link that fails once, or
 * for a day, is not called broken. 429 and 503 are retried later (Retry-After) and never counted. At most
 * one request per second goes to a host; one run at a time in a deployment (a lease), whoever starts it:
 * `skillshelf links check` or the server's schedule (LINK_CHECK_INTERVAL_HOURS).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { contents, linkChecks, type LinkCheck } from '../schema.ts';
import { withLease, type Leased } from '../operations/lease.ts';
import { HostDeferred, probeLink, type HostTurn, type Probe } from '../outbound/link-probe.ts';
import { contentsWantingPictures, fetchPictures, type FetchOutcome } from '../catalog/pictures.ts';
import { contentsWantingFacts, readPageFacts } from './page-facts.ts';

export const BROKEN_AFTER_FAILURES = 3;
export const BROKEN_AFTER_MS = 48 * 60 * 60 * 1000;
/** One request per second per host. */
export const HOST_SPACING_MS = 1000;
/** A 429 or 503 without a usable Retry-After is asked again after an hour; never sooner than a minute, never later than a day. */
const DEFAULT_RETRY_MS = 60 * 60 * 1000;
const MIN_RETRY_MS = 60 * 1000;
const MAX_RETRY_MS = 24 * 60 * 60 * 1000;
export const LINK_CHECK_LEASE = 'link-check';
const LEASE_MS = 2 * 60 * 1000;

/** How long a checked link stays checked: the schedule's interval, or a day when there is none. */
export const recheckAfterMs = () => (config().LINK_CHECK_INTERVAL_HOURS || 24) * 60 * 60 * 1000;

export interface LinkCheckOptions {
  /** Links checked at once (default 8). */
  concurrency?: number;
  /** Per request, in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** Only links never checked, whose time has come, or that a user reported. */
  onlyDue?: boolean;
  /** Only these contents. */
  ids?: readonly string[];
  onProgress?: (done: number, total: number, current: string) => void;
  /** Stop starting new checks (the lease was lost). */
  stop?: AbortSignal;
  /** Afterwards, fetch a picture for each content whose link answered and that shows the tile (db/catalog/pictures.ts). */
  pictures?: boolean;
  /** Afterwards, read the facts its page gives of each content whose link answered and that lacks some (./page-facts.ts). */
  facts?: boolean;
}

export interface LinkResult {
  contentId: string;
  name: string;
  url: string;
  outcome: Probe['outcome'];
  status: number | null;
  finalUrl: string;
  /** Where permanent redirects lead, when the link works there. */
  movedTo: string | null;
  error: string | null;
  /** Consecutive failures so far (this one included). */
  failures: number;
  broken: boolean;
  /** Broken by this run (it was not before). */
  newlyBroken: boolean;
  /** For a deferred link: when it is asked again. */
  retryAt: string | null;
}

export interface LinkCheckReport {
  startedAt: string;
  finishedAt: string;
  checked: number;
  ok: number;
  failed: number;
  deferred: number;
  broken: number;
  newlyBroken: number;
  moved: number;
  results: LinkResult[];
  /** Pictures fetched for the contents whose links answered and that show the tile (when asked: `pictures`). */
  pictures?: Record<FetchOutcome, number>;
  /** Pages read for their facts, and how many gave some (when asked: `facts`). */
  facts?: { read: number; withFacts: number };
}

interface Job {
  id: string;
  name: string;
  url: string;
  host: string;
  previous: LinkCheck | null;
}

/** The contents to check, with what was found before. */
async function jobsFor(db: Db, options: LinkCheckOptions, now: number): Promise<Job[]> {
  const filters = [
    ne(contents.url, ''),
    ...(options.ids ? [inArray(contents.id, [...options.ids])] : []),
    // A link whose server asked for time (429, 503) waits for it, even in a full run.
    ...(options.onlyDue
      ? [or(isNull(linkChecks.contentId), lte(linkChecks.dueAt, new Date(now)), ne(linkChecks.url, contents.url))]
      : [
          or(
            isNull(linkChecks.contentId),
            sql`coalesce(${linkChecks.status}, 0) NOT IN (429, 503)`,
            lte(linkChecks.dueAt, new Date(now)),
            ne(linkChecks.url, contents.url),
          ),
        ]),
  ];
  const rows = await db
    .select({ id: contents.id, name: contents.name, url: contents.url, check: linkChecks })
    .from(contents)
    .leftJoin(linkChecks, eq(linkChecks.contentId, contents.id))
    .where(and(...filters))
    .orderBy(contents.seq);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    host: hostOf(r.url),
    previous: r.check?.contentId ? r.check : null,
  }));
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/**
 * Spaces the requests to each host by HOST_SPACING_MS, and hands the workers the job whose host is free
 * soonest, so that a site with many links does not hold up the others.
 */
function hostScheduler(jobs: Job[]) {
  const nextFree = new Map<string, number>();
  const queues = new Map<string, Job[]>();
  for (const job of jobs) (queues.get(job.host) ?? queues.set(job.host, []).get(job.host)!).push(job);
  /** Reserves the host's next free moment and says when it is. */
  const reserve = (host: string) => {
    const at = Math.max(Date.now(), nextFree.get(host) ?? 0);
    nextFree.set(host, at + HOST_SPACING_MS);
    return at;
  };
  const deferred = new Map<string, Extract<Probe, { outcome: 'deferred' }>>();
  const turn: HostTurn = async (host) => {
    const wait = reserve(host) - Date.now();
    if (wait > 0) await sleep(wait);
    const asked = deferred.get(host);
    if (asked) throw new HostDeferred(asked);
  };
  /** The next job: of the host that is free soonest (a site's links go one second apart). */
  const next = (): Job | undefined => {
    let best: string | undefined;
    for (const [host, queue] of queues) {
      if (queue.length === 0) continue;
      if (best === undefined || (nextFree.get(host) ?? 0) < (nextFree.get(best) ?? 0)) best = host;
    }
    if (best === undefined) return undefined;
    const queue = queues.get(best)!;
    const job = queue.shift()!;
    if (queue.length === 0) queues.delete(best);
    return job;
  };
  /** The rest of a host's links wait for the time it asked for (a 429 or 503): those queued are handed back, unasked. */
  const deferHost = (host: string, probe: Extract<Probe, { outcome: 'deferred' }>) => {
    deferred.set(host, probe);
    const rest = queues.get(host) ?? [];
    queues.delete(host);
    return rest;
  };
  return { turn, next, deferHost };
}

/** What a check's result makes of the content's record: failures counted, broken decided, next check due. */
function record(job: Job, probe: Probe, now: number): { row: typeof linkChecks.$inferInsert; result: LinkResult } {
  // A new URL starts over: its predecessor's failures are not its own.
  const before = job.previous && job.previous.url === job.url ? job.previous : null;
  const wasBroken = Boolean(before?.brokenSince);
  const base = {
    contentId: job.id,
    url: job.url,
    checkedAt: new Date(now),
    status: probe.status,
    finalUrl: probe.finalUrl,
  };
  let row: typeof linkChecks.$inferInsert;
  let retryAt: number | null = null;
  if (probe.outcome === 'ok') {
    row = {
      ...base,
      error: null,
      movedTo: probe.movedTo,
      failures: 0,
      firstFailureAt: null,
      brokenSince: null,
      okAt: new Date(now),
      dueAt: new Date(now + recheckAfterMs()),
    };
  } else if (probe.outcome === 'failed') {
    const failures = (before?.failures ?? 0) + 1;
    const firstFailureAt = before?.firstFailureAt && before.failures > 0 ? before.firstFailureAt.getTime() : now;
    const broken = failures >= BROKEN_AFTER_FAILURES && now - firstFailureAt >= BROKEN_AFTER_MS;
    row = {
      ...base,
      error: probe.error,
      movedTo: null,
      failures,
      firstFailureAt: new Date(firstFailureAt),
      brokenSince: broken ? (before?.brokenSince ?? new Date(now)) : null,
      okAt: before?.okAt ?? null,
      dueAt: new Date(now + recheckAfterMs()),
    };
  } else {
    retryAt = now + Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, probe.retryAfterMs ?? DEFAULT_RETRY_MS));
    // Neither a success nor a failure: the streak and the verdict stay as they were.
    row = {
      ...base,
      error: `HTTP ${probe.status}: asked to come back later`,
      movedTo: before?.movedTo ?? null,
      failures: before?.failures ?? 0,
      firstFailureAt: before?.firstFailureAt ?? null,
      brokenSince: before?.brokenSince ?? null,
      okAt: before?.okAt ?? null,
      dueAt: new Date(retryAt),
    };
  }
  const broken = row.brokenSince != null;
  return {
    row,
    result: {
      contentId: job.id,
      name: job.name,
      url: job.url,
      outcome: probe.outcome,
      status: probe.status,
      finalUrl: probe.finalUrl,
      movedTo: row.movedTo ?? null,
      error: row.error ?? null,
      failures: row.failures ?? 0,
      broken,
      newlyBroken: broken && !wasBroken,
      retryAt: retryAt === null ? null : new Date(retryAt).toISOString(),
    },
  };
}

/** Findings written at most this many at a time, or after this long: one write a group, not one a link (decision 023). */
const SAVE_GROUP = 100;
const SAVE_EVERY_MS = 250;

/**
 * Writes findings in groups: a full check of 100,000 links is a thousand writes, not 100,000, and the
 * change feed hears of the links that turned broken (or back) in a few rows at a time.
 */
function groupedSaver(db: Db) {
  let pending: Array<typeof linkChecks.$inferInsert> = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const rows = pending;
    pending = [];
    if (rows.length === 0) return writing;
    const statements = rows.map((row) => {
      const { contentId: _id, ...update } = row;
      return db.insert(linkChecks).values(row).onConflictDoUpdate({ target: linkChecks.contentId, set: update });
    });
    writing = writing.then(() =>
      db.batch(statements as [(typeof statements)[number], ...typeof statements]).then(() => undefined),
    );
    return writing;
  };
  return {
    save(row: typeof linkChecks.$inferInsert): Promise<void> {
      pending.push(row);
      if (pending.length >= SAVE_GROUP) return flush();
      timer ??= setTimeout(() => void flush().catch(() => {}), SAVE_EVERY_MS);
      return Promise.resolve();
    },
    flush,
  };
}

/** Checks the links (see LinkCheckOptions) and records what it found; no lease (see runLinkCheck). */
export async function checkLinks(db: Db, options: LinkCheckOptions = {}): Promise<LinkCheckReport> {
  const started = Date.now();
  const { concurrency = 8, timeoutMs = 10_000 } = options;
  const jobs = await jobsFor(db, options, started);
  const scheduler = hostScheduler(jobs);
  const results: LinkResult[] = [];
  const saver = groupedSaver(db);
  const settle = async (job: Job, probe: Probe) => {
    const { row, result } = record(job, probe, Date.now());
    await saver.save(row);
    results.push(result);
    options.onProgress?.(results.length, jobs.length, job.url);
  };
  const worker = async () => {
    for (let job = scheduler.next(); job && !options.stop?.aborted; job = scheduler.next()) {
      const probe = await probeLink(job.url, { timeoutMs, turn: scheduler.turn });
      await settle(job, probe);
      // The host asked for time: its other links are not asked in this run.
      if (probe.outcome === 'deferred') {
        for (const rest of scheduler.deferHost(job.host, probe)) await settle(rest, { ...probe, finalUrl: rest.url });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, worker));
  } finally {
    await saver.flush();
  }
  // A link that answers is a page that can be read: one without a picture of its own gets one (db/catalog/pictures.ts).
  const pictures =
    options.pictures && !options.stop?.aborted
      ? await fetchPictures(
          db,
          await contentsWantingPictures(
            db,
            results.filter((r) => r.outcome === 'ok').map((r) => r.contentId),
          ),
        )
      : undefined;
  // The same answering pages read for what they say of the resource: suggestions for the admin.
  const facts =
    options.facts && !options.stop?.aborted
      ? await readPageFacts(
          db,
          await contentsWantingFacts(
            db,
            results.filter((r) => r.outcome === 'ok').map((r) => r.contentId),
          ),
        )
      : undefined;
  const count = (test: (r: LinkResult) => boolean) => results.filter(test).length;
  const order = new Map(jobs.map((job, index) => [job.id, index]));
  results.sort((a, b) => order.get(a.contentId)! - order.get(b.contentId)!);
  return {
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date().toISOString(),
    checked: results.length,
    ok: count((r) => r.outcome === 'ok'),
    failed: count((r) => r.outcome === 'failed'),
    deferred: count((r) => r.outcome === 'deferred'),
    broken: count((r) => r.broken),
    newlyBroken: count((r) => r.newlyBroken),
    moved: count((r) => r.movedTo !== null),
    results,
    ...(pictures ? { pictures } : {}),
    ...(facts ? { facts } : {}),
  };
}

/** A check run under the deployment-wide lease: when another process is running one, nothing is checked. */
export function runLinkCheck(db: Db, options: Omit<LinkCheckOptions, 'stop'> = {}): Promise<Leased<LinkCheckReport>> {
  return withLease(db, LINK_CHECK_LEASE, LEASE_MS, (lost) => checkLinks(db, { ...options, stop: lost }));
}
