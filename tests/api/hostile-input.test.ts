/**
 * Hostile input, generated: for every endpoint that takes input, at least 50 bad payloads (missing and
 * extra fields, wrong types, nulls, huge values, deep JSON, invalid UTF-8, malformed JSON, wrong content
 * types, SQL and FTS syntax, path traversal, markup). Every answer is a 4xx with a message or a correct
 * 2xx — never a 5xx — the server stays up, and stored markup is rendered as text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';

let userToken: string;
let adminToken: string;
let contentId: string;
let contentSlug: string;
let userId: string;

const MARKUP = '<script>alert("pwned")</script><img src=x onerror=alert(1)>';
const HOSTILE_STRINGS = [
  '',
  ' ',
  MARKUP,
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  'NEAR(a b) AND "x" OR * -y (',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\u0000\u0001\u0002',
  '😀🔥💥'.repeat(50),
  'ｆｕｌｌｗｉｄｔｈ',
  '\u202eevil',
  'x'.repeat(10_000),
];
const BAD_EMAILS = [
  'a@',
  '@b.co',
  'a@b',
  'a@@b.co',
  'a b@c.co',
  'a@b.co\n',
  '<a@b.co>',
  '"a"@b.co',
  'a@[127.0.0.1]',
  `${'l'.repeat(300)}@b.co`,
  'a@b.co, c@d.co',
  'a@b.co\r\nBcc: x@y.co',
];
const WRONG_TYPES: unknown[] = [null, 0, -1, 1.5, true, false, [], ['a'], {}, { $ne: null }, 1e308];

/** Bad versions of a valid body: each field missing, of a wrong type, hostile text; plus extra fields. */
function mutations(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...rest } = valid;
    out.push(rest);
    for (const value of WRONG_TYPES) out.push({ ...valid, [key]: value });
    for (const value of HOSTILE_STRINGS) out.push({ ...valid, [key]: value });
    if (key === 'email') for (const value of BAD_EMAILS) out.push({ ...valid, [key]: value });
  }
  out.push({
    ...valid,
    isAdmin: true,
    _id: 'x',
    __proto__: { polluted: true },
    constructor: { prototype: { polluted: true } },
  });
  out.push({ ...valid, extra: Array.from({ length: 10_000 }, (_, i) => i) });
  return out;
}

type RawBody = { raw: BodyInit; type: string };
const RAW_BODIES: RawBody[] = [
  { raw: '{"a":', type: 'application/json' },
  { raw: 'not json at all', type: 'application/json' },
  { raw: '', type: 'application/json' },
  { raw: 'null', type: 'application/json' },
  { raw: '"a string"', type: 'application/json' },
  { raw: '42', type: 'application/json' },
  { raw: '[1,2,3]', type: 'application/json' },
  { raw: '['.repeat(5000) + ']'.repeat(5000), type: 'application/json' },
  { raw: `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`, type: 'application/json' },
  { raw: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), type: 'application/json' },
  { raw: '{"email":"a@b.co"}', type: 'text/plain' },
  { raw: 'email=a%40b.co&password=x', type: 'application/x-www-form-urlencoded' },
  { raw: '<xml/>', type: 'application/xml' },
  { raw: `{"name":"${'x'.repeat(200 * 1024)}"}`, type: 'application/json' },
];

interface Target {
  name: string;
  method: string;
  path: () => string;
  valid: () => Record<string, unknown>;
  token?: () => string;
}

const targets: Target[] = [
  {
    name: 'sign-in',
    method: 'POST',
    path: () => '/api/users/signin',
    valid: () => ({ email: 'nobody@example.com', password: 'password-123' }),
  },
  {
    name: 'sign-up',
    method: 'POST',
    path: () => '/api/users/signup',
    valid: () => ({ name: 'Hostile', email: uniqueEmail('hostile'), password: 'password-123' }),
  },
  {
    name: 'profile',
    method: 'PUT',
    path: () => '/api/users/profile',
    valid: () => ({ name: 'Hostile', email: uniqueEmail('profile'), password: '' }),
    token: () => userToken,
  },
  {
    name: 'forget-password',
    method: 'POST',
    path: () => '/api/users/forget-password',
    valid: () => ({ email: uniqueEmail('forget') }),
  },
  {
    name: 'reset-password',
    method: 'POST',
    path: () => '/api/users/reset-password',
    valid: () => ({ token: 'abc', password: 'password-123' }),
  },
  {
    name: 'save',
    method: 'POST',
    path: () => '/api/users/save',
    valid: () => ({ contentId, contentName: 'n', contentSlug: 's', contentUrl: 'u' }),
    token: () => userToken,
  },
  {
    name: 'review',
    method: 'POST',
    path: () => `/api/contents/${contentId}/reviews`,
    valid: () => ({ rating: 4, comment: 'fine' }),
    token: () => userToken,
  },
  {
    name: 'submission',
    method: 'POST',
    path: () => '/api/submissions/create',
    valid: () => ({
      url: `https://example.org/h/${Math.random()}`,
      name: 'N',
      category: [],
      techStack: [],
      type: [],
      cost: 'Free',
      hasCert: false,
      description: 'd',
    }),
    token: () => userToken,
  },
  {
    name: 'content edit',
    method: 'PUT',
    path: () => `/api/contents/${contentId}`,
    valid: () => ({
      name: 'Edited',
      slug: contentSlug,
      url: 'https://example.org/edited',
      image: 'https://example.org/i.png',
      category: [],
      techStack: [],
      type: [],
      cost: 'Free',
      hasCert: false,
      description: 'd',
    }),
    token: () => adminToken,
  },
  {
    name: 'user edit',
    method: 'PUT',
    path: () => `/api/users/${userId}`,
    valid: () => ({ name: 'Edited', email: uniqueEmail('edit'), isAdmin: false }),
    token: () => adminToken,
  },
  {
    name: 'approve',
    method: 'POST',
    path: () => '/api/submissions/nope',
    valid: () => ({ name: 'N', slug: 'n', url: 'https://example.org/x' }),
    token: () => adminToken,
  },
];

const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  userToken = (await signUp(api, 'Target')).token;
  userId = (await signUp(api, 'Edited One'))._id;
  adminToken = (await asAdmin(api)).token;
  const { body } = await api.call('searchContents', {
    query: { order: 'latest' },
  });
  contentId = body.contents[0]._id;
  contentSlug = body.contents[0].slug;
});

function expectGoodAnswer(status: number, body: unknown, label: string) {
  expect(status, label).toBeLessThan(500);
  if (status >= 400) expect(typeof (body as { message?: unknown })?.message, label).toBe('string');
}

const tally = { tried: 0, fivexx: 0 };

describe.each(targets)('$name', (target) => {
  it('answers at least 50 bad payloads with a 4xx message or a correct 2xx', async () => {
    const payloads = mutations(target.valid());
    let count = 0;
    for (const payload of payloads) {
      const res = await api.raw.send(target.method, target.path(), payload, { token: target.token?.() });
      tally.tried++;
      if (res.status >= 500) tally.fivexx++;
      expectGoodAnswer(
        res.status,
        res.body,
        `${target.method} ${target.path()} ${JSON.stringify(payload).slice(0, 120)}`,
      );
      count++;
    }
    for (const { raw, type } of RAW_BODIES) {
      const res = await api.raw.send(target.method, target.path(), undefined, {
        raw,
        headers: { 'content-type': type },
        token: target.token?.(),
      });
      tally.tried++;
      if (res.status >= 500) tally.fivexx++;
      expect(res.status, `${target.name} raw ${type}`).toBeGreaterThanOrEqual(400);
      expectGoodAnswer(res.status, res.body, `${target.name} raw ${String(raw).slice(0, 60)}`);
      count++;
    }
    expect(count).toBeGreaterThanOrEqual(50);
  }, 120_000);
});

describe('paths and queries', () => {
  const segments = [
    ...HOSTILE_STRINGS.filter(Boolean).map(encodeURIComponent),
    '..',
    '%2e%2e',
    '..%2f..%2fetc%2fpasswd',
    '%',
    '%zz',
    "'",
    '"',
    '%27%20OR%201=1',
    'a'.repeat(3000),
  ];

  it.each([
    ['GET', (s: string) => `/api/contents/slug/${s}`],
    ['GET', (s: string) => `/api/users/saves/${s}`],
    ['PUT', (s: string) => `/api/users/saves/${s}`],
    ['DELETE', (s: string) => `/api/users/saves/${s}`],
    ['GET', (s: string) => `/api/contents/${s}`],
    ['DELETE', (s: string) => `/api/contents/${s}`],
    ['GET', (s: string) => `/api/users/${s}`],
    ['DELETE', (s: string) => `/api/submissions/${s}`],
    ['POST', (s: string) => `/api/contents/${s}/reviews`],
    ['DELETE', (s: string) => `/api/contents/${s}/report-link`],
    ['GET', (s: string) => `/content/${s}`],
    ['GET', (s: string) => `/uploads/${s}`],
  ] as const)('%s %s: hostile ids and slugs get 4xx', async (method, path) => {
    for (const segment of segments) {
      const token = method === 'POST' ? userToken : adminToken;
      const res = await api.raw.send(
        method,
        path(segment),
        method === 'POST' ? { rating: 3, comment: 'x' } : undefined,
        { token },
      );
      tally.tried++;
      if (res.status >= 500) tally.fivexx++;
      expect(res.status, `${method} ${path(segment).slice(0, 80)}`).toBeLessThan(500);
    }
  });

  it('search query parameters', async () => {
    const keys = ['searchTerm', 'category', 'techStack', 'cost', 'hasCert', 'type', 'rating', 'order', 'page'];
    for (const key of keys) {
      for (const value of [...HOSTILE_STRINGS, '-1', '0', '1e9', 'NaN', 'Infinity', '[]', '{}']) {
        for (const base of ['/api/contents/search', '/search', '/api/contents/admin', '/api/users/admin']) {
          const res = await api.raw.get(`${base}?${key}=${encodeURIComponent(value)}&${key}=twice`, {
            token: adminToken,
          });
          tally.tried++;
          if (res.status >= 500) tally.fivexx++;
          expect(res.status, `${base} ${key}=${value.slice(0, 40)}`).toBeLessThan(400);
        }
      }
    }
  }, 120_000);
});

describe('markup is stored as text and shown as text', () => {
  it('on the content page, search, and the profile', async () => {
    const user = await signUp(api, MARKUP, { email: uniqueEmail('markup') });
    const { body: page } = await api.call('searchContents', {
      query: { order: 'oldest', page: '3' },
    });
    const content = page.contents[0];
    await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 3, comment: MARKUP },
      token: user.token,
    });
    await api.call('saveContent', {
      params: { id: content._id },
      body: { ...content, name: `Edited ${MARKUP}`, description: MARKUP, image: 'https://example.org/i.png' },
      token: adminToken,
    });
    for (const path of [`/content/${content.slug}`, `/search?searchTerm=edited`, '/profile', '/']) {
      // Inside a quoted attribute value markup is inert; everywhere else it must appear escaped.
      const html = (
        await (await fetch(server.url + path, { headers: { authorization: `Bearer ${user.token}` } })).text()
      ).replace(/="[^"]*"/g, '=""');
      expect(html, path).not.toContain('<script>alert("pwned")</script>');
      expect(html, path).not.toContain('<img src=x onerror');
    }
    const content2 = await (await fetch(`${server.url}/content/${content.slug}`)).text();
    expect(content2).toContain('&lt;script&gt;');
  });
});

describe('afterwards', () => {
  it('the server is still up and saw no 5xx', async () => {
    expect((await api.call('testExamples')).status).toBe(200);
    console.log(`hostile input: ${tally.tried} bad requests, ${tally.fivexx} answered 5xx`);
    expect(tally.fivexx).toBe(0);
    expect(tally.tried).toBeGreaterThan(500);
  });
});
