/**
 * Junk query parameters must not multiply a shared page's copies: 505 requests of `/?evict=N`, each kept
 * apart, would render 505 copies of the home page and push `/` out of the page cache (it holds 500). A shared
 * page is kept under the query as it reads it (site/server/visitor-rule.ts `canonicalSearch`), so every such request is
 * the one cached `/`, and a stranger's junk never shows in a page served to others.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';

const METRICS_TOKEN = 'junk-query-metrics-token-0123456789';
const { server } = useServer({ env: { METRICS_TOKEN } });

/** Pages rendered by Astro so far (page-cache misses), summed over the process's lines. */
async function renders(): Promise<number> {
  const text = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return [...text.matchAll(/^skillshelf_page_cache_requests_total\{[^}]*result="miss"[^}]*\} (\d+)$/gm)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
}

const get = async (path: string) => {
  const response = await fetch(server.url + path, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
  await response.arrayBuffer();
  return response;
};

describe('junk query parameters on shared pages', () => {
  it('600 requests of /?evict=N render the home page once, and / is still cached after them', async () => {
    await get('/');
    const before = await renders();
    for (let n = 0; n < 600; n += 20) await Promise.all(Array.from({ length: 20 }, (_, k) => get(`/?evict=${n + k}`)));
    await get('/');
    expect(await renders()).toBe(before);
  });

  it('a search spelled with defaults, another order of its parameters or unknown ones is the same cached page', async () => {
    await get('/search?category=web-development&order=topRated');
    const before = await renders();
    for (const path of [
      '/search?order=topRated&category=web-development',
      '/search?category=web-development&order=topRated&page=1&cost=all&utm_source=mail',
      '/search?techStack=all&category=web-development&order=topRated&rating=all&hasCert=all&type=all',
    ]) {
      expect((await get(path)).status, path).toBe(200);
    }
    expect(await renders()).toBe(before);
    // The API search likewise.
    await get('/api/contents/search?category=web-development');
    const apiBefore = await renders();
    await get('/api/contents/search?category=web-development&page=1&junk=1');
    expect(await renders()).toBe(apiBefore);
  });

  it('a page first asked for with junk shows none of it to the next visitor', async () => {
    const junk = 'JunkMarker123';
    const first = await (await fetch(`${server.url}/search?category=databases&${junk}=${junk}&searchTerm=`)).text();
    expect(first).not.toContain(junk);
    const next = await (await fetch(`${server.url}/search?category=databases`)).text();
    expect(next).not.toContain(junk);
    expect(next).toContain('/signin?redirect=');
  });
});
