/**
 * A review shows within a second on every cached page that shows its content's rating (docs/decisions/023):
 * its content page (at once: read-your-writes), the lists showing its card (stars and review count), the
 * search answer, and the search pages whose sidebar counts it at a step of stars, which are patched in place
 * rather than rendered again when the review moves only those counts.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { waitForLogLine } from '../setup/logs.ts';
import { FACETS } from '../../db/catalog/facets.ts';
import { ratingLabel } from '../../site/lib/stars.ts';
import { MAX_STALE_MS } from '../../site/server/page-cache.ts';

const { server, api } = useServer();

const STEPS = (FACETS.find((facet) => facet.key === 'rating') as { steps: readonly number[] }).steps;
const stepOf = (rating: number) => Math.max(0, Math.min(5, Math.floor(rating)));

interface Content {
  _id: string;
  slug: string;
  rating: number;
  numReviews: number;
  category: Array<{ value: string }>;
}

async function visit(path: string): Promise<{ text: string; cache: unknown }> {
  const api = path.startsWith('/api/');
  const res = await fetch(server.url + path, {
    headers: { accept: api ? 'application/json' : 'text/html', 'accept-encoding': 'br, gzip' },
  });
  const text = await res.text();
  const id = res.headers.get('x-request-id');
  const line = await waitForLogLine(server.output, (l) => l.requestId === id && l.status !== undefined);
  return { text, cache: line.cache };
}

/** The sidebar's count of each step of stars, from its attribute and its text (both must agree). */
function stepCounts(html: string): Record<string, number> {
  return Object.fromEntries(
    STEPS.map((step) => {
      const found = new RegExp(
        `data-filter-option="rating=${step}"[^>]*? data-count="(\\d+)"[^>]*>[\\s\\S]*?data-filter-count>\\s*\\((\\d+)\\)`,
      ).exec(html);
      if (!found) throw new Error(`no count for ${step} stars`);
      expect(found[1], `${step} stars: the attribute and the text`).toBe(found[2]);
      return [String(step), Number(found[1])];
    }),
  );
}

/** The stars and review count of the content's card on a list page. */
function cardOf(html: string, slug: string): string {
  const at = html.indexOf(`href="/content/${slug}"`);
  if (at < 0) throw new Error(`no card of ${slug}`);
  const card = html.slice(at, html.indexOf('</article>', at));
  return `${/aria-label="(Rated [^"]+)"/.exec(card)?.[1]} ${/\((\d+ reviews?)\)/.exec(card)?.[1]}`;
}

const reviews = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

describe('a review shows within a second on every page that shows its rating', () => {
  it('its content page at once, its cards and the search answer within the bound, and the step counts patched in place', async () => {
    const { body } = await api.call('searchContents', { query: { order: 'latest' } });
    // The newest content that a one-star or a five-star review moves to another step of stars.
    const moves = (c: Content, stars: number) =>
      stepOf((c.rating * c.numReviews + stars) / (c.numReviews + 1)) !== stepOf(c.rating);
    const content = (body.contents as Content[]).find((c) => moves(c, 1) || moves(c, 5));
    if (!content) throw new Error('the demo catalog has no new content a review moves to another step of stars');
    const stars = moves(content, 1) ? 1 : 5;
    const category = content.category[0]!.value;
    const cards = [`/search?order=latest`, `/search?category=${category}&order=latest`];
    // A page that counts it in its sidebar but does not show its card (the oldest contents of the catalog).
    const countsOnly = '/search?order=oldest';
    const answer = '/api/contents/search?order=latest';
    const all = [`/content/${content.slug}`, ...cards, countsOnly, answer];
    for (const path of all) await visit(path);
    expect((await visit(countsOnly)).text).not.toContain(`href="/content/${content.slug}"`);
    const before = stepCounts((await visit(countsOnly)).text);
    // Older than the stale window: a page the review touched may not be served stale past the bound.
    await new Promise((resolve) => setTimeout(resolve, MAX_STALE_MS + 100));

    const { token } = await signUp(api, 'Fresh Reviewer');
    const created = await api.call('createReview', {
      params: { id: content._id },
      body: { rating: stars, comment: 'Shows within the second' },
      token,
    });
    expect(created.status).toBe(201);
    const reviewedAt = performance.now();
    const { rating, numReviews } = created.body as { rating: number; numReviews: number };
    const [from, to] = [stepOf(content.rating), stepOf(rating)];
    const expected = Object.fromEntries(
      STEPS.map((step) => [String(step), before[String(step)]! + Number(to >= step) - Number(from >= step)]),
    );
    const card = `${ratingLabel(rating)} ${reviews(numReviews)}`;

    // The writer reads their own write on the content page at once.
    expect((await visit(`/content/${content.slug}`)).text).toContain('Shows within the second');
    // The counts at once, by a patch: the page is still the cache's, not rendered again.
    const counted = await visit(countsOnly);
    expect(stepCounts(counted.text)).toEqual(expected);
    expect(counted.cache).toBe('hit');
    // Past the bound (and a margin for this process to have seen the change), no page may show it stale.
    await new Promise((resolve) => setTimeout(resolve, reviewedAt + MAX_STALE_MS + 100 - performance.now()));
    for (const path of cards) expect(cardOf((await visit(path)).text, content.slug), path).toBe(card);
    const shown = (JSON.parse((await visit(answer)).text).contents as Content[]).find((c) => c._id === content._id);
    expect(shown && { rating: shown.rating, numReviews: shown.numReviews }).toEqual({ rating, numReviews });
    // A page showing its card is rendered again, with the same counts as a search made now.
    const now = await api.call('searchContents', { query: { category, order: 'latest' } });
    expect(stepCounts((await visit(`/search?category=${category}&order=latest`)).text)).toEqual(
      (now.body.facets as { rating: Record<string, number> }).rating,
    );
  });

  it('a word search counting a content below its first page gets its counts patched, when the review cannot lift it', async () => {
    const word = 'python';
    const second = await api.call('searchContents', { query: { searchTerm: word, page: 2 } });
    // A one-star review always weighs a content down in Best Match: one below the first page stays below it.
    const content = (second.body.contents as Content[]).find(
      (c) => stepOf((c.rating * c.numReviews + 1) / (c.numReviews + 1)) !== stepOf(c.rating),
    );
    if (!content) throw new Error(`the demo catalog has no second page for "${word}" with a content one star moves`);
    const path = `/search?searchTerm=${word}`;
    await visit(path);
    const before = stepCounts((await visit(path)).text);
    await new Promise((resolve) => setTimeout(resolve, MAX_STALE_MS + 100));
    const { token } = await signUp(api, 'Word Reviewer');
    const created = await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 1, comment: 'One star, below the first page' },
      token,
    });
    expect(created.status).toBe(201);
    const [from, to] = [stepOf(content.rating), stepOf((created.body as { rating: number }).rating)];
    const page = await visit(path);
    expect(page.cache).toBe('hit');
    expect(page.text).not.toContain(`href="/content/${content.slug}"`);
    expect(stepCounts(page.text)).toEqual(
      Object.fromEntries(
        STEPS.map((step) => [String(step), before[String(step)]! + Number(to >= step) - Number(from >= step)]),
      ),
    );
  });

  it('a page whose counts were set in place has new ETags, one per encoding, each for the same bytes, and is sent gzipped in pieces', async () => {
    const { body } = await api.call('searchContents', { query: { order: 'latest' } });
    const moves = (c: Content, stars: number) =>
      stepOf((c.rating * c.numReviews + stars) / (c.numReviews + 1)) !== stepOf(c.rating);
    const content = (body.contents as Content[]).find((c) => moves(c, 1) || moves(c, 5));
    if (!content) throw new Error('the demo catalog has no new content a review moves to another step of stars');
    const path = '/search?order=oldest';
    const get = (encoding: string, ifNoneMatch?: string) =>
      fetch(server.url + path, {
        headers: {
          accept: 'text/html',
          'accept-encoding': encoding,
          ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
        },
      });
    const variants = async () => {
      const answers = await Promise.all(['br', 'gzip', 'identity'].map((encoding) => get(encoding)));
      // fetch decodes br and gzip: each encoding must hold the same page.
      const texts = await Promise.all(answers.map((res) => res.text()));
      expect(texts[0]).toBe(texts[2]);
      expect(texts[1]).toBe(texts[2]);
      return { etags: answers.map((res) => res.headers.get('etag')!), text: texts[2]! };
    };
    await visit(path);
    const before = await variants();
    await new Promise((resolve) => setTimeout(resolve, MAX_STALE_MS + 100));
    const { token } = await signUp(api, 'ETag Reviewer');
    const created = await api.call('createReview', {
      params: { id: content._id },
      body: { rating: moves(content, 1) ? 1 : 5, comment: 'New counts, new validators' },
      token,
    });
    expect(created.status).toBe(201);
    const after = await variants();
    expect((await visit(path)).cache).toBe('hit');
    expect(after.text).not.toBe(before.text);
    expect(after.etags[0]).toBe(after.etags[2]!.replace(/"$/, '-br"'));
    // gzip, made in pieces around the counts: other bytes than gzip made whole, so another ETag.
    expect(after.etags[1]).toBe(after.etags[2]!.replace(/"$/, '-gzp"'));
    for (const [i, etag] of after.etags.entries()) expect(etag).not.toBe(before.etags[i]);
    expect((await get('br', after.etags[0])).status).toBe(304);
    expect((await get('br', before.etags[0])).status).toBe(200);
    expect((await get('gzip', after.etags[1])).status).toBe(304);
    // A browser accepts both: it is sent the gzip patched in pieces, which it inflates to the same page.
    const browser = await get('gzip, deflate, br, zstd');
    expect(browser.headers.get('content-encoding')).toBe('gzip');
    expect(browser.headers.get('etag')).toBe(after.etags[1]);
    expect(await browser.text()).toBe(after.text);
  });
});
