/**
 * A review moves its content page's rating, count and reviews only: the page cache has them rendered alone and
 * set into its cached copy, at once, rather than the whole page rendered again (docs/decisions/057). What a
 * visitor gets is the page as a whole render gives it, to the byte: a second server on the same database,
 * with its caches off, renders it whole for comparison.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { waitForLogLine } from '../setup/logs.ts';

const METRICS_TOKEN = 'review-pieces-metrics-token';
// Both name the site alike: its address is in the page (canonical, structured data).
const PUBLIC_URL = 'https://skillshelf.example';
const cached = useServer({ env: { METRICS_TOKEN, PUBLIC_URL } });
const whole = useServer(() => ({ dir: cached.server.dir, env: { PUBLIC_URL, CATALOG_CACHE: 'off' } }));
const { api } = cached;

/** The page as a browser gets it from the server with the cache, and whether the front door answered it from there. */
async function visit(path: string): Promise<{ text: string; cache: unknown }> {
  const res = await fetch(cached.server.url + path, {
    headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
  });
  const text = await res.text();
  expect(res.headers.has('x-page-rest'), 'what the page tells the cache is not sent').toBe(false);
  const id = res.headers.get('x-request-id');
  const line = await waitForLogLine(cached.server.output, (l) => l.requestId === id && l.status !== undefined);
  return { text, cache: line.cache };
}

/** The page rendered whole, now. */
async function renderedWhole(path: string): Promise<string> {
  const res = await fetch(whole.server.url + path, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
  expect(res.headers.has('x-page-rest'), 'what the page tells the cache is not sent').toBe(false);
  return res.text();
}

const reviews = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

const reviewPatches = async () => {
  const text = await (
    await fetch(`${cached.server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = /^skillshelf_page_cache_review_patches(?:{[^}]*})? (\d+)$/m.exec(text)?.[1];
  if (value === undefined) throw new Error('no skillshelf_page_cache_review_patches in /metrics');
  return Number(value);
};

describe("a content page's reviews rendered alone into its cached copy", () => {
  it('a review, its edit, a vote and its deletion each show at once, the page byte for byte as rendered whole', async () => {
    const { body } = await api.call('searchContents', { query: { order: 'latest' } });
    const content = (body.contents as Array<{ _id: string; slug: string; numReviews: number }>).find(
      (c) => c.numReviews > 0,
    );
    if (!content) throw new Error('the demo catalog has no new content with reviews');
    const path = `/content/${content.slug}`;
    await visit(path);
    expect((await visit(path)).cache).toBe('hit');
    const reviewer = await signUp(api, 'Piece Reviewer');
    const voter = await signUp(api, 'Piece Voter');

    /** The page after a change: set in place (one more patch), current, and as a whole render gives it; then a hit again. */
    const expectPatched = async (shows: string[], hides: string[] = []) => {
      const before = await reviewPatches();
      const page = await visit(path);
      expect(await reviewPatches()).toBe(before + 1);
      // React separates the text it joins with empty comments.
      const shown = page.text.replaceAll('<!-- -->', '');
      for (const text of shows) expect(shown).toContain(text);
      for (const text of hides) expect(shown).not.toContain(text);
      expect(page.text).toBe(await renderedWhole(path));
      const again = await visit(path);
      expect(again.cache).toBe('hit');
      expect(again.text).toBe(page.text);
    };

    const created = await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 2, comment: 'A first piece of the page' },
      token: reviewer.token,
    });
    expect(created.status).toBe(201);
    const reviewId = (created.body as { review: { _id: string } }).review._id;
    await expectPatched(['A first piece of the page', `(${reviews(content.numReviews + 1)})`]);

    const edited = await api.call('changeReview', {
      params: { id: reviewId },
      body: { rating: 5, comment: 'An edited piece of the page' },
      token: reviewer.token,
    });
    expect(edited.status).toBe(200);
    await expectPatched(['An edited piece of the page'], ['A first piece of the page']);

    const voted = await api.call('voteHelpful', { params: { id: reviewId }, token: voter.token });
    expect(voted.status).toBe(200);
    await expectPatched(['An edited piece of the page']);

    const deleted = await api.call('deleteReview', { params: { id: reviewId }, token: reviewer.token });
    expect(deleted.status).toBe(200);
    await expectPatched([`(${reviews(content.numReviews)})`], ['An edited piece of the page']);
  });

  it('an edit of the rest of the content renders the page again whole', async () => {
    const { body } = await api.call('searchContents', { query: { order: 'oldest' } });
    const content = (body.contents as Array<{ _id: string; slug: string }>)[0]!;
    const path = `/content/${content.slug}`;
    await visit(path);
    expect((await visit(path)).cache).toBe('hit');
    const admin = await asAdmin(api);
    const before = await reviewPatches();
    const url = 'https://elsewhere.example/course';
    const { body: saved } = await api.call('getContent', { params: { id: content._id }, token: admin.token });
    const edited = await api.call('saveContent', {
      params: { id: content._id },
      body: { ...saved, url },
      token: admin.token,
    });
    expect(edited.status).toBe(200);
    const page = await visit(path);
    expect(page.text).toContain('Visit elsewhere.example');
    expect(page.text).toBe(await renderedWhole(path));
    expect(await reviewPatches()).toBe(before);
  });
});
