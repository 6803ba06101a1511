/**
 * Keep it fixed: at least 500 malformed requests over raw sockets against the real server process —
 * request lines, targets, Host headers, methods, header sizes and syntax, upgrade headers and bodies. Each
 * request is well formed but for one broken part (so the refusal is for that part). Every reply must be
 * a 4xx, the process must still be up, and a normal request must be answered within a second afterwards.
 */
import { describe, expect, it } from 'vitest';
import { rawRequest, type RawReply } from '../setup/raw-http.ts';
import { useServer } from '../setup/use-server.ts';

/** mulberry32: the same "random" requests on every run, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Parts {
  requestLine: string;
  headers: string[];
  body: string;
}

const GOOD: Parts = {
  requestLine: 'GET /search?category=web-development HTTP/1.1',
  headers: ['Host: 127.0.0.1'],
  body: '',
};

const BAD_METHODS = [
  'TRACE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'PURGE',
  'REPORT',
  'MKACTIVITY',
  'CHECKOUT',
  'MERGE',
  'M-SEARCH',
  'NOTIFY',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'LINK',
  'UNLINK',
  'SOURCE',
  'BIND',
  'REBIND',
  'UNBIND',
  'ACL',
  'QUERY',
  'get',
  'Get',
  'GETT',
  'G ET',
  'FOO',
  'TRACK',
  'DEBUG',
  '',
  '\u0000',
  'GET\t',
  'X'.repeat(300),
  'PUT',
  'PATCH',
  'DELETE',
  'POST',
];
const PAGE_PATHS = ['/', '/search', '/content/freecodecamp', '/signin', '/feed.xml', '/admin', '/saved'];

const BAD_TARGETS = [
  '//',
  '///',
  '//evil.example',
  '//evil.example/ws',
  '/\\',
  '/\\evil.example',
  '/a\\b',
  '\\',
  '/%',
  '/%z',
  '/%zz',
  '/%E6%97',
  '/%C0%AF',
  '/%FF',
  '/search?q=%',
  '/search?q=%G0',
  '*',
  'http://evil.example/',
  'https://evil.example/x',
  'http://[',
  'http://[::1',
  'evil.example',
  'search',
  '',
  '?',
  '#',
  '/\u0000',
  '/a\u0001b',
  '/\u007f',
  '/\u001b[2J',
  `/${'a'.repeat(20_000)}`,
  '/é',
  '/日本',
  '/\u00ff',
  '/ /',
  '/\t',
];
const BAD_HOSTS = [
  'a@b',
  'user:pass@127.0.0.1',
  'a/b',
  'a\\b',
  '[',
  ']',
  '[::1',
  'http://[',
  'http://evil.example',
  'evil example',
  'a:b',
  'a:b:c',
  ':80',
  '127.0.0.1:99999',
  '127.0.0.1:-1',
  '-a.example',
  'a.example-',
  '.',
  '..',
  'a..b?',
  'a#b',
  'a?b',
  'a%00b',
  'é.example',
  '日本.jp',
  '',
  `${'a'.repeat(300)}@`,
  '127.0.0.1:80:80',
  '[zz::1]',
  'a,b',
  'a;b',
  "a'b",
  'a"b',
  'a<b',
  'a>b',
  'a|b',
  'a{b',
  'a}b',
  'a^b',
  'a`b',
  'a~b/',
];
const BAD_HEADERS = [
  [`X-Big: ${'a'.repeat(20_000)}`],
  Array.from({ length: 600 }, (_, i) => `X-Many-${i}: ${'b'.repeat(30)}`),
  ['X-No-Colon'],
  ['X Space: 1'],
  ['X-Before : 1'],
  [': empty-name'],
  ['X-Nul: a\u0000b'],
  ['X-Ctl: a\u0001b'],
  ['X-Del: a\u007fb'],
  ['X(Bad): 1'],
  ['X-Bad\u00e9: 1'],
  ['Content-Length: abc'],
  ['Content-Length: -1'],
  ['Content-Length: 1e3'],
  ['Content-Length: 0x10'],
  ['Content-Length: 1', 'Content-Length: 2'],
  ['Content-Length: 0', 'Transfer-Encoding: chunked'],
  ['Transfer-Encoding: gzip'],
  ['Transfer-Encoding: chunked, identity'],
  ['Transfer-Encoding: xchunked'],
  [' X-Leading-Space: 1'],
  ['\tX-Leading-Tab: 1'],
];
const BAD_UPGRADES = [
  ['Connection: Upgrade', 'Upgrade: websocket'], // on a path that is not /ws
  ['Connection: Upgrade', 'Upgrade: h2c', 'HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA'],
  [
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'Origin: https://evil.example',
  ],
];
const WS_UPGRADES = [
  [
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
  ], // no Origin
  [
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 99',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'Origin: ORIGIN',
  ],
  [
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: short',
    'Origin: ORIGIN',
  ],
  ['Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Origin: ORIGIN'],
  [
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'Origin: null',
  ],
];
const JSON_ENDPOINTS = [
  '/api/users/signin',
  '/api/users/signup',
  '/api/users/forget-password',
  '/api/users/reset-password',
  '/api/submissions/create',
  '/api/users/save',
];
const BAD_BODIES: Array<{ type: string; body: string; length?: number }> = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '{"email":' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '"x"' },
  { type: 'application/json', body: '{"email":{"$gt":""},"password":[]}' },
  { type: 'application/json', body: '{"__proto__":{"isAdmin":true}}' },
  { type: 'application/json', body: '\u00ff\u00fe{}' },
  { type: 'application/json', body: '{"a":"\ud800"}' },
  { type: 'application/json', body: `{"a":"${'x'.repeat(150_000)}"}` },
  { type: 'application/json', body: '['.repeat(10_000) },
  { type: 'text/plain', body: '{"email":"a@b.c","password":"x"}' },
  { type: 'application/x-www-form-urlencoded', body: 'email=a%40b.c&password=x' },
  {
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
  },
  { type: 'application/json', body: '', length: 0 },
  { type: 'application/json; charset=utf-16', body: '{}' },
];

function serialise(parts: Parts): string {
  const headers = [...parts.headers, 'Connection: close'];
  const length =
    parts.body && !parts.headers.some((h) => /^(content-length|transfer-encoding):/i.test(h))
      ? [`Content-Length: ${Buffer.byteLength(parts.body, 'latin1')}`]
      : [];
  return `${parts.requestLine}\r\n${[...headers, ...length].join('\r\n')}\r\n\r\n${parts.body}`;
}

/** Every malformed request of the suite: the hand-picked forms, then random pairings of them. */
function malformedRequests(origin: string): Array<{ name: string; data: string }> {
  const cases: Array<{ name: string; data: string }> = [];
  const add = (name: string, parts: Parts) => cases.push({ name, data: serialise(parts) });
  const next = random(20261123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;

  for (const method of BAD_METHODS)
    for (const path of ['/', pick(PAGE_PATHS)])
      add(`method ${method} ${path}`, { ...GOOD, requestLine: `${method} ${path} HTTP/1.1` });
  for (const target of BAD_TARGETS)
    for (const method of ['GET', 'HEAD', 'POST'])
      add(`target ${method} ${target.slice(0, 40)}`, { ...GOOD, requestLine: `${method} ${target} HTTP/1.1` });
  // (Extra spaces between the parts are not on this list: RFC 9112 §3 lets a server split on whitespace.)
  for (const line of [
    'GET / HTTP/2.0',
    'GET / HTTP/1.2',
    'GET / HTTP/0.9',
    'GET / HTTP/1',
    'GET / HTTP/1.1 extra',
    'GET / http/1.1',
    'GET / FTP/1.1',
    'GET /',
    'GET',
    ' GET / HTTP/1.1',
    'GET\t/\tHTTP/1.1',
    'GET / HTTP/1.1\u0000',
    '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003',
  ]) {
    add(`request line ${JSON.stringify(line)}`, { ...GOOD, requestLine: line });
  }
  for (const host of BAD_HOSTS)
    for (const path of ['/', '/api/contents/search', pick(PAGE_PATHS)])
      add(`host ${host.slice(0, 40)} ${path}`, {
        ...GOOD,
        requestLine: `GET ${path} HTTP/1.1`,
        headers: [`Host: ${host}`],
      });
  add('no host', { ...GOOD, headers: [] });
  add('two hosts', { ...GOOD, headers: ['Host: 127.0.0.1', 'Host: evil.example'] });
  add('two equal hosts', { ...GOOD, headers: ['Host: 127.0.0.1', 'Host: 127.0.0.1'] });
  for (const headers of BAD_HEADERS)
    for (const path of ['/', '/api/users/signin'])
      add(`header ${headers[0]!.slice(0, 30)} ${path}`, {
        ...GOOD,
        requestLine: `${path === '/' ? 'GET' : 'POST'} ${path} HTTP/1.1`,
        headers: ['Host: 127.0.0.1', ...headers],
      });
  for (const headers of BAD_UPGRADES)
    for (const path of ['/', '/search', '//', '/\\', 'http://['])
      add(`upgrade ${headers[1]} ${path}`, {
        ...GOOD,
        requestLine: `GET ${path} HTTP/1.1`,
        headers: ['Host: 127.0.0.1', ...headers],
      });
  for (const headers of WS_UPGRADES)
    for (const method of ['GET', 'POST'])
      add(`ws ${headers.slice(2).join(' ').slice(0, 40)} ${method}`, {
        ...GOOD,
        requestLine: `${method} /ws HTTP/1.1`,
        headers: ['Host: 127.0.0.1', ...headers.map((h) => h.replace('ORIGIN', origin))],
      });
  for (const endpoint of JSON_ENDPOINTS) {
    for (const { type, body, length } of BAD_BODIES) {
      const headers = [
        'Host: 127.0.0.1',
        `Content-Type: ${type}`,
        ...(length === undefined ? [] : [`Content-Length: ${length}`]),
      ];
      add(`body ${endpoint} ${type} ${body.slice(0, 20)}`, { requestLine: `POST ${endpoint} HTTP/1.1`, headers, body });
    }
    add(`chunked garbage ${endpoint}`, {
      requestLine: `POST ${endpoint} HTTP/1.1`,
      headers: ['Host: 127.0.0.1', 'Content-Type: application/json', 'Transfer-Encoding: chunked'],
      body: 'zz\r\n{}\r\n0\r\n\r\n',
    });
  }
  // Random pairings: a broken target, Host or header together with another broken part.
  while (cases.length < 700) {
    const method = pick([...BAD_METHODS, 'GET', 'POST']);
    const target = pick([...BAD_TARGETS, ...PAGE_PATHS]);
    const host = pick([...BAD_HOSTS, '127.0.0.1']);
    const extra = pick([...BAD_HEADERS, ['X-Fine: 1']]);
    const broken =
      Number(BAD_METHODS.includes(method) && method !== 'POST') +
      Number(BAD_TARGETS.includes(target)) +
      Number(host !== '127.0.0.1') +
      Number(extra[0] !== 'X-Fine: 1');
    if (broken < 2) continue;
    add(`mixed ${method.slice(0, 10)} ${target.slice(0, 20)} ${host.slice(0, 20)} ${extra[0]!.slice(0, 20)}`, {
      requestLine: `${method} ${target} HTTP/1.1`,
      headers: [`Host: ${host}`, ...extra],
      body: '',
    });
  }
  return cases;
}

const { server } = useServer();

describe('raw-socket fuzz', () => {
  it('answers 500+ malformed requests each with a 4xx, stays up, and then serves a normal request within a second', {
    timeout: 180_000,
  }, async () => {
    const cases = malformedRequests(server.url);
    expect(cases.length).toBeGreaterThanOrEqual(500);
    const replies: Array<{ name: string; reply: RawReply }> = [];
    // Eight at a time: enough to overlap, not a load test.
    for (let i = 0; i < cases.length; i += 8) {
      const batch = cases.slice(i, i + 8);
      replies.push(
        ...(await Promise.all(
          batch.map(async ({ name, data }) => ({
            name,
            reply: await rawRequest(server.port, Buffer.from(data, 'latin1')),
          })),
        )),
      );
    }
    const wrong = replies.filter(({ reply }) => !(reply.status && reply.status >= 400 && reply.status < 500));
    expect(
      wrong.map(({ name, reply }) => `${name} → ${reply.timedOut ? 'timed out' : (reply.status ?? 'no reply')}`),
    ).toEqual([]);

    expect(server.process.exitCode).toBeNull();
    const started = performance.now();
    const response = await fetch(`${server.url}/search?category=web-development`);
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(server.output()).not.toMatch(/TypeError|Invalid URL|Uncaught|ERR_/);
  });
});
