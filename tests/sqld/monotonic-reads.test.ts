/**
 * Monotonic reads across embedded replicas (docs/decisions/044): a signed-in user never sees a page older than
 * one they have already seen, whichever replica answers. Server A is on the primary; replica R pulls every
 * second by itself, replica S once a minute. A review someone else writes reaches R by R's own periodic pull,
 * which reports no position; R's answer still carries the position it shows (its replicator writes it down),
 * so the user's next request through S makes S catch up first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../setup/actors.ts';
import { apiClient, type ApiClient } from '../setup/http.ts';
import { hasSqld, NO_SQLD } from '../setup/sqld.ts';
import { startTopology, type Topology } from '../setup/topology.ts';

const positionOf = (headers: Headers) => headers.get('x-db-position') ?? '';

describe.skipIf(!hasSqld)(`monotonic reads across replicas${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
  let topology: Topology;
  let a: ApiClient;
  let r: ApiClient;
  let s: ApiClient;

  beforeAll(async () => {
    topology = await startTopology({ replicaPulls: [1, 60] });
    const [everySecond, everyMinute] = topology.onReplicas;
    a = apiClient(topology.onPrimary.url);
    r = apiClient(everySecond!.url);
    s = apiClient(everyMinute!.url);
  });
  afterAll(() => topology?.stop());

  it('a review one replica pulled by itself is on the next page through another, for the user who saw it', async () => {
    const reader = await signUp(a, 'Reader');
    const writer = await signUp(a, 'Writer');
    const { body: latest } = await a.call('searchContents', { query: { order: 'latest' } });
    const content = latest.contents[2] as { _id: string; slug: string };
    // S brought up to date now, past where R's own pulls left it: only a position R reads from what it shows can
    // send S further.
    const now = positionOf((await a.call('getProfile', { token: writer.token })).headers);
    expect((await s.call('getProfile', { token: reader.token, headers: { 'x-db-position': now } })).status).toBe(200);
    const comment = `Written elsewhere at ${Date.now()}`;
    expect(
      (await a.call('createReview', { params: { id: content._id }, body: { rating: 5, comment }, token: writer.token }))
        .status,
    ).toBe(201);
    // The reader knows nothing of it; R shows it once its own periodic pull has brought it.
    let seen: Awaited<ReturnType<typeof r.call<'contentBySlug'>>> | undefined;
    await expect
      .poll(
        async () => {
          seen = await r.call('contentBySlug', { params: { slug: content.slug }, token: reader.token });
          return JSON.stringify(seen.body);
        },
        { timeout: 4000, interval: 100 },
      )
      .toContain(comment);
    const position = positionOf(seen!.headers);
    expect(Number(position)).toBeGreaterThan(0);
    const next = await s.call('contentBySlug', {
      params: { slug: content.slug },
      token: reader.token,
      headers: { 'x-db-position': position },
    });
    expect(JSON.stringify(next.body)).toContain(comment);
  });
});
