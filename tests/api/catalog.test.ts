/** The public catalog API through the real server: docs/product.md#the-rest-api shapes, validators, and hostile input. */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';
import { MAX_STALE_MS } from '../../site/server/page-cache.ts';

const { server, api } = useServer();

describe('GET /api/contents/filters', () => {
  it('lists label/value options and costs as strings', async () => {
    const res = await api.call('catalogFilters');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'categories',
      'costs',
      'durations',
      'languages',
      'levels',
      'providers',
      'techStacks',
      'types',
    ]);
    expect(res.body.categories).toContainEqual({ label: 'Web Development', value: 'web-development' });
    expect(res.body.techStacks).toContainEqual({ label: 'Node.js', value: 'node.js' });
    expect(res.body.costs).toEqual(['Free', 'Paid', 'Free/Paid']);
  });

  it('answers a conditional request with 304', async () => {
    const first = await api.call('catalogFilters');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await api.call('catalogFilters', {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
  });
});

describe('GET /api/contents/search', () => {
  it('returns contents, page, pages and countContents, with _id on every content', async () => {
    const res = await api.call('searchContents', {
      query: { category: 'web-development' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pages: expect.any(Number), countContents: expect.any(Number) });
    expect(res.body.contents.length).toBeGreaterThan(0);
    for (const c of res.body.contents) {
      expect(c).toMatchObject({
        _id: expect.any(String),
        name: expect.any(String),
        slug: expect.any(String),
        url: expect.any(String),
        cost: expect.any(String),
        hasCert: expect.any(Boolean),
        rating: expect.any(Number),
        numReviews: expect.any(Number),
      });
      expect(c.category.map((t: { value: string }) => t.value)).toContain('web-development');
    }
    expect(res.body.facets.category['web-development']).toBe(res.body.countContents);
  });

  it('takes every parameter as "all" by default', async () => {
    const all = await api.call('searchContents', {
      query: {
        searchTerm: 'all',
        category: 'all',
        techStack: 'all',
        cost: 'all',
        hasCert: 'all',
        type: 'all',
        rating: 'all',
        order: 'latest',
        page: '1',
      },
    });
    const none = await api.call('searchContents');
    expect(all.body.countContents).toBe(none.body.countContents);
  });

  it.each([
    'page=0',
    'page=-3',
    'page=abc',
    'rating=9',
    'order=bogus',
    'category=unknown-thing',
    'hasCert=maybe',
    'cost=%00',
  ])('normalises %s instead of failing', async (query) => {
    const res = await api.raw.get(`/api/contents/search?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.page).toBeGreaterThanOrEqual(1);
  });

  it.each([
    '"',
    'AND',
    '*',
    '-',
    '(',
    ')',
    'NEAR(',
    'python"*',
    '💥',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    'x'.repeat(5000),
  ])('answers the search term %j with results or an empty list', async (term) => {
    const res = await api.call('searchContents', {
      query: { searchTerm: term },
    });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.contents)).toBe(true);
  });

  it('finds a near miss', async () => {
    const res = await api.call('searchContents', {
      query: { searchTerm: 'javscript' },
    });
    expect(res.body.countContents).toBeGreaterThan(0);
    expect(res.body.correctedTerm).toBe('javascript');
  });
});

describe('GET /api/contents/slug/{slug}', () => {
  it('returns the content with its reviews', async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'topRated' },
    });
    const slug = body.contents[0].slug;
    const res = await api.call('contentBySlug', {
      params: { slug },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug, _id: expect.any(String), reviews: expect.any(Array) });
    expect(res.body.reviews.length).toBe(res.body.numReviews);
  });

  it.each(['no-such-content', '..%2F..%2Fetc%2Fpasswd', '%27%20OR%201%3D1', 'x'.repeat(500)])(
    'answers 404 with a message for %s',
    async (slug) => {
      const res = await api.call('contentBySlug', {
        params: { slug },
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Content not found');
    },
  );
});

describe('page caching', () => {
  it('a visitor page carries an ETag and a repeat visit gets 304', async () => {
    const first = await fetch(`${server.url}/`);
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it("a cached page answers with the first render's bytes and headers, security headers included", async () => {
    const headersOf = (res: Response) =>
      [...res.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'x-request-id').sort();
    const first = await fetch(`${server.url}/search?category=web-development`);
    const firstBody = await first.text();
    const second = await fetch(`${server.url}/search?category=web-development`);
    expect(await second.text()).toBe(firstBody);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a signed-in user gets the very page a visitor gets, with nothing of theirs in it', async () => {
    const email = `quillon-${Date.now()}@example.com`;
    const signedUp = await fetch(`${server.url}/api/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Quillon Vey', email, password: 'password-123' }),
    });
    const quillon = (await signedUp.json()) as { _id: string; token: string };
    // The session's cookies only: on a libSQL server the position cookie beside them asks for a page at least as
    // new as the sign-up (docs/decisions/044), which a visitor asking a moment before may not get yet.
    const cookie = signedUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c?.startsWith('db_position='))
      .join('; ');
    expect(cookie).toMatch(/^session=.+; signed_in=/);
    const { body: page } = await api.call('searchContents', {
      query: { category: 'web-development' },
    });
    await api.call('save', {
      params: { id: page.contents[0]._id },
      token: quillon.token,
    });
    for (const path of ['/', '/search?category=web-development', '/content/freecodecamp']) {
      const visitor = await fetch(server.url + path);
      const withCookie = await fetch(server.url + path, { headers: { cookie } });
      const withToken = await fetch(server.url + path, { headers: { authorization: `Bearer ${quillon.token}` } });
      const html = await withCookie.text();
      expect(html, path).toBe(await visitor.text());
      expect(await withToken.text(), path).toBe(html);
      expect(withCookie.headers.get('etag')).toBe(visitor.headers.get('etag'));
      expect(withCookie.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(withCookie.headers.get('vary')).toBe('accept-encoding');
      // No cookie of the session either: the page never looked at it. On a libSQL server a signed-in client is
      // told the database position the page reflects (db_position, decision 044), the same for anyone.
      const cookies = withCookie.headers.getSetCookie().filter((line) => !line.startsWith('db_position='));
      expect(cookies).toEqual([]);
      expect(html).not.toContain('Quillon');
      expect(html).not.toContain(email);
      expect(html).not.toContain(quillon._id);
      expect(html).not.toContain('aria-pressed="true"');
    }
  });

  it('a page rendered for a signed-in user is private', async () => {
    const { body } = await api.call('signIn', {
      body: {
        email: 'grace@skillshelf.dev',
        password: 'skillshelf-demo',
      },
    });
    const res = await fetch(`${server.url}/profile`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('an address with broken percent-encoding gets 400 with a message, not a 5xx', async () => {
    const { get } = await import('node:http');
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      get(`${server.url}/search%E0%A4%A`, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      }).on('error', reject);
    });
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({ message: 'The address is not valid (bad percent-encoding)' });
  });

  it('hashed assets are immutable', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /(\/_astro\/[^"']+\.css)/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(server.url + asset);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });
});

describe('compression', () => {
  it.each(['br', 'gzip'])('compresses pages and JSON with %s when the client accepts it', async (encoding) => {
    const { get } = await import('node:http');
    for (const path of ['/search', '/api/contents/search']) {
      const header = await new Promise<string | undefined>((resolve, reject) => {
        get(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          res.resume();
          resolve(res.headers['content-encoding']);
        }).on('error', reject);
      });
      expect(header).toBe(encoding);
    }
  });
});

describe('cached pages are compressed once', () => {
  /** A GET with raw bytes (fetch would decompress them). */
  async function rawGet(path: string, headers: Record<string, string>) {
    const { get } = await import('node:http');
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        get(`${server.url}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      },
    );
  }

  it('a hit sends the stored bytes of the encoding the browser accepts, each encoding made once and with its own ETag', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const path = '/search?category=data-science';
    const browser = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };
    const miss = await rawGet(path, browser);
    const hit = await rawGet(path, browser);
    expect(hit.headers['content-encoding']).toBe('br');
    // The miss already sent the stored variant: the very same bytes, not a second compression.
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(String(hit.headers.vary).toLowerCase()).toContain('accept-encoding');
    const plain = await rawGet(path, { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(hit.body).equals(plain.body)).toBe(true);
    // The render was compressed for its own request only: gzip is made when first asked for, once for all who ask.
    const [gzip, gzipAlso] = await Promise.all(
      [0, 1].map(() => rawGet(path, { 'accept-encoding': 'gzip;q=1, br;q=0.5' })),
    );
    expect(gzip!.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip!.body).equals(plain.body)).toBe(true);
    expect(gzipAlso!.body.equals(gzip!.body)).toBe(true);
    expect(gzipAlso!.headers.etag).toBe(gzip!.headers.etag);
    expect(new Set([hit.headers.etag, gzip!.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(Number(hit.headers['content-length'])).toBe(hit.body.length);

    // Revalidation: a 304 for the ETag of the encoding this request gets, the page again for another's.
    expect((await rawGet(path, { ...browser, 'if-none-match': String(hit.headers.etag) })).status).toBe(304);
    const other = await rawGet(path, { 'accept-encoding': 'gzip', 'if-none-match': String(hit.headers.etag) });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('the public catalog API is kept the same way: one compressed answer for every caller, signed in or not', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    const user = await signUp(api, 'Api Reader');
    for (const path of [
      '/api/contents/search?category=data-science&order=topRated',
      '/api/contents/filters',
      '/api/contents/slug/freecodecamp',
    ]) {
      const accept = { 'accept-encoding': 'gzip, deflate, br, zstd' };
      const first = await rawGet(path, accept);
      const again = await rawGet(path, { ...accept, authorization: `Bearer ${user.token}` });
      expect(first.headers['content-encoding'], path).toBe('br');
      expect(again.body.equals(first.body), path).toBe(true);
      expect(String(again.headers.vary).toLowerCase(), path).toBe('accept-encoding');
      expect(JSON.parse(brotliDecompressSync(again.body).toString()), path).toEqual((await api.raw.get(path)).body);
    }
  });

  it('a client that refuses every coding gets the page as it is', async () => {
    const res = await rawGet('/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toMatch(/^<!doctype html>/i);
  });
});

describe('cached pages stay correct', () => {
  it('a new review shows at once on the cached content page, and in search within the stale bound', async () => {
    const { body: page } = await api.call('searchContents', {
      query: { order: 'latest' },
    });
    const content = page.contents[0];
    // Twice: the second visit is answered from the cache.
    await fetch(`${server.url}/content/${content.slug}`);
    const before = await (await fetch(`${server.url}/content/${content.slug}`)).text();
    // A list narrowed to its name: the whole catalog's top rated fills its first page with contents of many reviews.
    const list = `${server.url}/search?order=topRated&rating=4&searchTerm=${encodeURIComponent(content.name)}`;
    await fetch(list);
    const user = await signUp(api, 'Cache Buster');
    await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 5, comment: 'Visible immediately' },
      token: user.token,
    });
    const after = await (await fetch(`${server.url}/content/${content.slug}`)).text();
    expect(before).not.toContain('Visible immediately');
    expect(after).toContain('Visible immediately');
    // A review may leave a list a moment stale (docs/decisions/023): it shows within the bound.
    const deadline = Date.now() + MAX_STALE_MS + 2000;
    let top = '';
    while (!top.includes(`/content/${content.slug}`) && Date.now() < deadline) {
      top = await (await fetch(list)).text();
      if (!top.includes(`/content/${content.slug}`)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(top).toContain(`/content/${content.slug}`);
  });

  it('an approved submission shows at once in search', async () => {
    const admin = await asAdmin(api);
    const user = await signUp(api, 'Submitter');
    const name = `Quokkaology ${Date.now()}`;
    const { body: submission } = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: `https://example.org/${Date.now()}`, name, description: 'All about quokkas.' },
      token: user.token,
    });
    await fetch(`${server.url}/search?searchTerm=quokkaology`);
    const before = await (await fetch(`${server.url}/search?searchTerm=quokkaology`)).text();
    expect(before).not.toContain(name);
    expect(
      (
        await api.call('approveSubmission', {
          params: { id: submission._id },
          body: {},
          token: admin.token,
        })
      ).status,
    ).toBe(201);
    const after = await (await fetch(`${server.url}/search?searchTerm=quokkaology`)).text();
    expect(after).toContain(name);
  });
});
