import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS, RequestTallies } from './request-tallies.ts';

/** prom-client's own series, as the server kept them before it tallied requests itself. */
function ownSeries(registry: Registry) {
  const requests = new Counter({
    name: 'skillshelf_http_requests_total',
    help: 'HTTP requests answered, by route and status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'skillshelf_http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its response, by route',
    labelNames: ['route'] as const,
    buckets: [...LATENCY_BUCKETS],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: 'skillshelf_page_cache_requests_total',
    help: 'Requests for cached pages, by result (hit: answered from the cache; miss: rendered by Astro)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  return (route: string, status: number, seconds: number, cache: 'hit' | 'miss' | undefined) => {
    requests.labels(route, String(status)).inc();
    latency.labels(route).observe(seconds);
    if (cache) pageCache.labels(cache).inc();
  };
}

// Times on every bound and beside each, a second status, a route with one request, no cache and both results.
const REQUESTS: Array<[string, number, number, 'hit' | 'miss' | undefined]> = [
  ...LATENCY_BUCKETS.flatMap(
    (bound, k): Array<[string, number, number, 'hit' | 'miss' | undefined]> => [
      ['/search', 200, bound, 'hit'],
      ['/search', k % 3 ? 200 : 304, bound * 1.01, 'miss'],
      ['/content/[slug]', 200, bound * 0.99, k % 2 ? 'hit' : undefined],
    ],
  ),
  ['/search', 200, 7.5, 'miss'],
  ['/api/contents/search', 400, 0.0001, undefined],
];

describe('requests tallied by route', () => {
  it('print the text prom-client prints for the same requests, default labels included', async () => {
    const own = new Registry();
    const tallied = new Registry();
    for (const registry of [own, tallied]) registry.setDefaultLabels({ pid: '42' });
    const count = ownSeries(own);
    const tallies = new RequestTallies(tallied);
    for (const request of REQUESTS) {
      count(...request);
      tallies.count(...request);
    }
    expect(await tallied.metrics()).toBe(await own.metrics());
  });

  it('merge across a cluster’s workers as prom-client’s own series do', async () => {
    const workers = [0, 1].map(() => ({ own: new Registry(), tallied: new Registry() }));
    for (const [w, { own, tallied }] of workers.entries()) {
      const count = ownSeries(own);
      const tallies = new RequestTallies(tallied);
      for (const request of REQUESTS.slice(w * 10)) {
        count(...request);
        tallies.count(...request);
      }
    }
    const merged = async (which: 'own' | 'tallied') =>
      AggregatorRegistry.aggregate(
        await Promise.all(workers.map((worker) => worker[which].getMetricsAsJSON())),
      ).metrics();
    expect(await merged('tallied')).toBe(await merged('own'));
  });

  it('print nothing but the series’ heads before any request', async () => {
    const tallied = new Registry();
    new RequestTallies(tallied);
    const own = new Registry();
    ownSeries(own);
    expect(await tallied.metrics()).toBe(await own.metrics());
  });
});
