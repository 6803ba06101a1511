/**
 * The full-text helper in the real server (decision 038): with its threshold at 0 the demo catalog is large
 * enough, and a relevance search is read in two halves, the same answer as a server that reads it whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../setup/server.ts';

const METRICS_TOKEN = 'two-threads-metrics-token';
let helped: TestServer;
let alone: TestServer;
beforeAll(async () => {
  [helped, alone] = await Promise.all([
    startServer({ env: { METRICS_TOKEN, FTS_HELPER_MIN_CONTENTS: '0', CATALOG_CACHE: 'off' } }),
    startServer({ env: { METRICS_TOKEN, FTS_HELPER_MIN_CONTENTS: '1000000000', CATALOG_CACHE: 'off' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([helped?.stop(), alone?.stop()]);
});

const readsInHalves = async (server: TestServer) => {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^skillshelf_fts_reads_in_halves(?:{[^}]*})? (\d+)$/m.exec(text)?.[1]);
};

const QUERIES = ['searchTerm=learn', 'searchTerm=web&category=web-development', 'searchTerm=python&cost=Free&page=2', 'searchTerm=course&order=relevance'];

describe('a search on two threads', () => {
  it('answers as one thread does, once its worker has started with the first large search', async () => {
    // Each server names its own address in image links: the rest must be the same.
    const search = async (server: TestServer, query: string) =>
      JSON.parse((await (await fetch(`${server.url}/api/contents/search?${query}`)).text()).replaceAll(server.url, ''));
    // The first search starts the worker and is read whole meanwhile.
    await search(helped, QUERIES[0]!);
    await expect
      .poll(async () => {
        await search(helped, QUERIES[0]!);
        return readsInHalves(helped);
      })
      .toBeGreaterThan(0);
    const before = await readsInHalves(helped);
    for (const query of QUERIES) expect(await search(helped, query)).toEqual(await search(alone, query));
    expect(await readsInHalves(helped)).toBeGreaterThanOrEqual(before + QUERIES.length);
    expect(await readsInHalves(alone)).toBe(0);
  });
});
