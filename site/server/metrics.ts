/**
 * GET /metrics in Prometheus's text format, through prom-client (docs/decisions/019): requests by route and
 * status, their latency, page-cache hits and misses, database query time, open WebSockets, the outbox
 * backlog, and prom-client's process metrics (event-loop lag among them). A single server process labels
 * its lines with its `pid`; with WEB_CONCURRENCY > 1 whichever worker takes the scrape answers for the
 * whole cluster (site/server/cluster-metrics.ts), the workers' series merged without a `pid` label.
 *
 * Only an admin (session cookie or bearer token) may read it, or, with METRICS_TOKEN set, a scraper
 * holding that bearer token.
 */
import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { getDb } from '#db/client.ts';
import { config } from '#db/config.ts';
import { facetTableReads } from '#db/catalog/search/facet-table.ts';
import { textIndexBuilds } from '#db/catalog/search/text-index-held.ts';
import { onQueryTime } from '#db/query-time.ts';
import { outboxBacklog } from '#db/operations/mail.ts';
import { validateSessionToken } from '#db/accounts/sessions.ts';
import { catchUpCounts } from '#db/replication.ts';
import { clusterMetrics, shareMetrics } from './cluster-metrics.ts';
import { takeLongestHeldMs, watchEventLoopHeld } from './event-loop-held.ts';
import { RequestTallies } from './request-tallies.ts';
import { log } from './log.ts';
import { pageCachePatches, pageCacheReviewPatches } from './page-cache.ts';

export const registry = new Registry();
// In a cluster the workers' series are summed into one, which a `pid` label would keep apart.
if (cluster.isWorker) shareMetrics(registry);
else registry.setDefaultLabels({ pid: String(process.pid) });
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

const requestTallies = new RequestTallies(registry);
const queries = new Histogram({
  name: 'skillshelf_db_query_duration_seconds',
  help: 'Time of each statement or batch sent to the database (the catalog version read excepted)',
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1],
  registers: [registry],
});
onQueryTime((seconds) => queries.observe(seconds));

/** Counts one answered request (called once its response ended). */
export function countRequest(route: string, status: number, seconds: number, cache: 'hit' | 'miss' | undefined): void {
  requestTallies.count(route, status, seconds, cache);
}

/** The gauges read when scraped: open WebSockets (from the hub), the outbox backlog (from the database), facet table reads, full-text reads in halves. */
export function watchGauges(openSockets: () => number): void {
  new Gauge({
    name: 'skillshelf_facet_table_reads',
    help: 'Whole facet tables read since the process started (writes are applied in place: this grows only when a process starts or falls behind the change feed)',
    registers: [registry],
    collect() {
      this.set(facetTableReads());
    },
  });
  new Gauge({
    name: 'skillshelf_page_cache_patches',
    help: 'Cached pages whose counts of the steps of stars were set in place rather than rendered again (decision 051), since the process started',
    registers: [registry],
    collect() {
      this.set(pageCachePatches());
    },
  });
  new Gauge({
    name: 'skillshelf_page_cache_review_patches',
    help: 'Cached content pages whose reviews were rendered alone into them rather than the whole page again (decision 057), since the process started',
    registers: [registry],
    collect() {
      this.set(pageCacheReviewPatches());
    },
  });
  new Gauge({
    name: 'skillshelf_word_index_builds',
    help: 'Whole word indexes built since the process started (decision 040: edits are applied apart; this grows when a process starts, after an import, or on a tag renamed)',
    registers: [registry],
    collect() {
      this.set(textIndexBuilds());
    },
  });
  new Gauge({
    name: 'skillshelf_replica_catch_ups',
    help: 'Requests that brought a database position (docs/decisions/044), since the process started, by what it took: current (already applied), pulled (an embedded replica pulled first), primary (its reads went to the primary), unreachable (served from the replica: the primary did not answer in time); session: tokens an embedded replica did not know, looked up on the primary',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      for (const [result, count] of Object.entries(catchUpCounts())) this.labels(result).set(count);
    },
  });
  watchEventLoopHeld();
  new Gauge({
    name: 'skillshelf_eventloop_held_max_seconds',
    help: 'The longest this process’s own work held its event loop since the last scrape: the longest gap between two samples 10 ms apart, less the time its thread waited for a CPU meanwhile (nodejs_eventloop_lag_max_seconds counts that too)',
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.set(takeLongestHeldMs() / 1000);
    },
  });
  new Gauge({
    name: 'skillshelf_websocket_connections',
    help: 'Open visitor WebSockets (/ws)',
    registers: [registry],
    collect() {
      this.set(openSockets());
    },
  });
  new Gauge({
    name: 'skillshelf_outbox_backlog',
    help: 'Mail waiting to be delivered (pending or being sent)',
    registers: [registry],
    // Every worker reads the same database: in a cluster, one worker's reading is the figure, not their sum.
    aggregator: 'first',
    async collect() {
      this.set(await outboxBacklog(await getDb()));
    },
  });
}

/** Answers GET /metrics: the text format to an admin or the METRICS_TOKEN holder, else 401/403. */
export async function serveMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const refusal = await refusalFor(req);
  if (refusal) {
    const body = JSON.stringify({ message: refusal.message });
    res.writeHead(refusal.status, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
    });
    return void res.end(body);
  }
  let body: string;
  try {
    body = cluster.isWorker ? await clusterMetrics() : await registry.metrics();
  } catch (error) {
    log().warn({ err: error }, 'Metrics unavailable');
    res.writeHead(503, { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(JSON.stringify({ message: 'The metrics could not be gathered; try again' }));
  }
  res.writeHead(200, { ...headers, 'content-type': registry.contentType, 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function refusalFor(req: IncomingMessage): Promise<{ status: 401 | 403; message: string } | undefined> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const { METRICS_TOKEN } = config();
  if (bearer && METRICS_TOKEN && sameSecret(bearer, METRICS_TOKEN)) return undefined;
  const token = bearer ?? sessionCookie(req.headers.cookie);
  if (!token) return { status: 401, message: 'Sign in as an admin, or send the metrics token' };
  const session = await validateSessionToken(await getDb(), token);
  if (!session) return { status: 401, message: 'Sign in as an admin, or send the metrics token' };
  return session.user.isAdmin ? undefined : { status: 403, message: 'Only admins may read the metrics' };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sessionCookie(header: string | undefined): string | undefined {
  return header ? /(?:^|;\s*)session=([^;]+)/.exec(header)?.[1] : undefined;
}
