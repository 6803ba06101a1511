/**
 * A write refreshes what it changed, not the whole site (docs/decisions/023): the request log says whether
 * the front door answered a page from the cache ('hit') or sent it on to be rendered ('miss').
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { waitForLogLine } from '../setup/logs.ts';
import { MAX_STALE_MS } from '../../site/server/page-cache.ts';

const METRICS_TOKEN = 'write-invalidation-metrics-token';
const { server, api } = useServer({ env: { METRICS_TOKEN } });

interface Content {
  _id: string;
  slug: string;
  name: string;
  category: Array<{ value: string }>;
}

/** A page as a browser asks for it, and whether the front door answered it from the cache. */
async function visit(path: string): Promise<{ text: string; cache: unknown }> {
  const res = await fetch(server.url + path, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
  const text = await res.text();
  const id = res.headers.get('x-request-id');
  const line = await waitForLogLine(server.output, (l) => l.requestId === id && l.status !== undefined);
  return { text, cache: line.cache };
}

const gauge = async (name: string) => {
  const text = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = new RegExp(`^${name}(?:{[^}]*})? (\\d+)$`, 'm').exec(text)?.[1];
  if (value === undefined) throw new Error(`no ${name} in /metrics: ${text.slice(0, 500)}`);
  return Number(value);
};
const facetReads = () => gauge('skillshelf_facet_table_reads');

describe('a write refreshes what it changed', () => {
  it('a review re-renders its content page, not the others, nor a list that does not show it; the facet table is not read again', async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'latest' },
    });
    const [reviewed, other] = body.contents as Content[];
    const categories = new Set(reviewed!.category.map((t) => t.value));
    const { body: filters } = await api.call('catalogFilters');
    const elsewhere = (filters.categories as Array<{ value: string }>).find((c) => !categories.has(c.value))!.value;
    const pages = [`/content/${reviewed!.slug}`, `/content/${other!.slug}`, `/search?category=${elsewhere}`];
    for (const path of pages) {
      await visit(path);
      expect((await visit(path)).cache, path).toBe('hit');
    }
    const reads = await facetReads();
    const { token } = await signUp(api, 'Quiet Reviewer');
    // Older than the stale window: a page the review touched could not be served stale any more.
    await new Promise((resolve) => setTimeout(resolve, MAX_STALE_MS + 100));

    expect(
      (
        await api.call('createReview', {
          params: { id: reviewed!._id },
          body: { rating: 1, comment: 'Refreshes its own page only' },
          token,
        })
      ).status,
    ).toBe(201);

    const own = await visit(pages[0]!);
    expect(own.cache).toBe('miss');
    expect(own.text).toContain('Refreshes its own page only');
    expect((await visit(pages[1]!)).cache).toBe('hit');
    expect((await visit(pages[2]!)).cache).toBe('hit');
    expect(await facetReads()).toBe(reads);
  });

  it('a review moving an old content to another step of stars leaves the home page as it was: its tag counts and shelves do not move', async () => {
    type Rated = Content & { rating: number; numReviews: number };
    const { body } = await api.call('searchContents', {
      query: { order: 'oldest' },
    });
    // One star more: a content whose whole stars it lowers, and that no "Top rated in" shelf shows (the first 4 of its subjects).
    const shelves = new Set<string>();
    for (const content of body.contents as Rated[])
      for (const { value } of content.category)
        for (const shown of (
          await api.call('searchContents', {
            query: { category: value, order: 'topRated' },
          })
        ).body.contents.slice(0, 4))
          shelves.add(shown._id);
    const lowered = (c: Rated) =>
      Math.floor((c.rating * c.numReviews + 1) / (c.numReviews + 1)) !== Math.floor(c.rating);
    const quiet = (body.contents as Rated[]).find((content) => lowered(content) && !shelves.has(content._id));
    if (!quiet) throw new Error('the demo catalog has no old content a one-star review lowers a step, off every shelf');
    await visit('/');
    expect((await visit('/')).cache).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, MAX_STALE_MS + 100));
    const { token } = await signUp(api, 'Quiet Reviewer');
    expect(
      (
        await api.call('createReview', {
          params: { id: quiet._id },
          body: { rating: 1, comment: 'One star, far from any shelf' },
          token,
        })
      ).status,
    ).toBe(201);
    // The search pages' counts show its step of stars; the home page's do not.
    expect((await visit(`/search?category=${quiet.category[0]!.value}`)).cache).toBe('miss');
    expect((await visit('/')).cache).toBe('hit');
  });

  it('an admin edit shows to the admin on their next request, on the content page and in the API', async () => {
    const admin = (await asAdmin(api)).token;
    const { body } = await api.call('searchContents', {
      query: { order: 'oldest' },
    });
    const content = body.contents[0] as Content & Record<string, unknown>;
    await visit(`/content/${content.slug}`);
    await api.call('contentBySlug', {
      params: { slug: content.slug },
    });
    const name = `${content.name} (revised)`;
    expect((await api.raw.put(`/api/contents/${content._id}`, { ...content, name }, { token: admin })).status).toBe(
      200,
    );
    expect((await visit(`/content/${content.slug}`)).text).toContain(name);
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: content.slug },
        })
      ).body.name,
    ).toBe(name);
  });

  it('a burst of reviews on one content renders a list showing it about once a second, not once a review', async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'latest' },
    });
    const shown = (body.contents as Content[])[0]!;
    const list = '/search?order=latest';
    await visit(list);
    const tokens = (await Promise.all(Array.from({ length: 8 }, () => signUp(api, 'Quiet Reviewer')))).map(
      (reviewer) => reviewer.token,
    );
    let misses = 0;
    const started = Date.now();
    for (const [i, token] of tokens.entries()) {
      await api.call('createReview', {
        params: { id: shown._id },
        body: { rating: 1 + (i % 5), comment: `Burst ${i}` },
        token,
      });
      if ((await visit(list)).cache === 'miss') misses++;
      // Spread over more than two seconds, so the stale copy outlives its bound at least once.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const seconds = (Date.now() - started) / 1000;
    // One render when it first went stale, then at most one a second.
    expect(misses).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(misses).toBeGreaterThanOrEqual(1);
  });

  it('a burst of reviews moving the star counts of a list that does not show the content patches it about once a second, never renders it', async () => {
    type Rated = Content & { rating: number; numReviews: number };
    const list = '/search?order=oldest';
    const { body } = await api.call('searchContents', { query: { order: 'latest' } });
    const content = (body.contents as Rated[])[1]!;
    await visit(list);
    expect((await visit(list)).text).not.toContain(`href="/content/${content.slug}"`);
    await new Promise((resolve) => setTimeout(resolve, MAX_STALE_MS + 100));
    const tokens = (await Promise.all(Array.from({ length: 8 }, () => signUp(api, 'Quiet Reviewer')))).map(
      (reviewer) => reviewer.token,
    );
    const patches = await gauge('skillshelf_page_cache_patches');
    const started = Date.now();
    for (const [i, token] of tokens.entries()) {
      // One star then five, in turn: the content's whole stars move most times.
      await api.call('createReview', {
        params: { id: content._id },
        body: { rating: i % 2 ? 5 : 1, comment: `Counts ${i}` },
        token,
      });
      expect((await visit(list)).cache).toBe('hit');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const seconds = (Date.now() - started) / 1000;
    const made = (await gauge('skillshelf_page_cache_patches')) - patches;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });
});
