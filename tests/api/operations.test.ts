/**
 * What whoever runs the site needs (decision 019): /healthz, /readyz, the request log with its ids (WebSocket
 * upgrades included), errors logged with their stack and never shown, and /metrics for admins or the
 * METRICS_TOKEN holder, for the whole cluster with WEB_CONCURRENCY > 1.
 */
import { get, request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { logLines, waitForLogLine } from '../setup/logs.ts';
import { startServer } from '../setup/server.ts';
import { openDatabase } from '../setup/sql.ts';

const METRICS_TOKEN = 'scraper-token-0123456789abcdef';
let adminToken: string;
const { server, api } = useServer({ env: { METRICS_TOKEN, TRUST_PROXY: '127.0.0.1' } });
beforeAll(async () => {
  adminToken = (await asAdmin(api)).token;
});

describe('health and readiness', () => {
  it('/healthz and /readyz answer 200 while the process serves and the database is up, never cached', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect((await res.text()).trim(), path).toBe('ok');
    }
  });
});

describe('the request log', () => {
  it('writes one JSON line per request with its id, method, path, route, status, duration, bytes, user and cache result', async () => {
    const { token } = await signUp(api, 'Logged User');
    await fetch(`${server.url}/search?q=python`, { headers: { 'accept-encoding': 'br' } });
    const hit = await fetch(`${server.url}/search?q=python`, {
      headers: { 'accept-encoding': 'br', 'x-request-id': 'from-the-proxy-1' },
    });
    expect(hit.headers.get('x-request-id')).toBe('from-the-proxy-1');
    const mine = await fetch(`${server.url}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } });
    const id = mine.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const cached = await waitForLogLine(server.output, (l) => l.requestId === 'from-the-proxy-1');
    expect(cached).toMatchObject({
      method: 'GET',
      path: '/search?q=python',
      route: '/search',
      status: 200,
      cache: 'hit',
    });
    expect(cached.bytes).toBeGreaterThan(1000);
    expect(typeof cached.ms).toBe('number');
    expect(cached.time).toBeGreaterThan(Date.now() - 60_000);
    const profile = await waitForLogLine(server.output, (l) => l.requestId === id);
    expect(profile).toMatchObject({
      method: 'GET',
      path: '/api/users/profile',
      route: '/api/users/profile',
      status: 200,
      userId: expect.any(String),
    });
    expect(profile.cache).toBeUndefined();
    const miss = logLines(server.output()).find(
      (l) => l.path === '/search?q=python' && l.requestId !== 'from-the-proxy-1',
    );
    expect(miss?.cache).toBe('miss');
  });

  it('writes one line for each WebSocket upgrade, accepted (101) or refused, with its id, path, status and address and no secret', async () => {
    /** Opens a WebSocket and resolves with the status the server answered the upgrade with. */
    const upgrade = (path: string, requestId: string, origin: string) =>
      new Promise<{ status: number; requestId: unknown }>((resolve, reject) => {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}${path}`, {
          origin,
          headers: { 'x-request-id': requestId },
        });
        socket.once('upgrade', (res) => resolve({ status: 101, requestId: res.headers['x-request-id'] }));
        socket.once('unexpected-response', (_req, res) => {
          resolve({ status: res.statusCode!, requestId: res.headers['x-request-id'] });
          res.resume();
        });
        socket.once('open', () => socket.close());
        socket.once('error', reject);
      });

    expect(await upgrade('/ws?token=never-logged-0123', 'upgrade-accepted-1', server.url)).toEqual({
      status: 101,
      requestId: 'upgrade-accepted-1',
    });
    const accepted = await waitForLogLine(server.output, (l) => l.requestId === 'upgrade-accepted-1');
    expect(accepted).toMatchObject({
      method: 'GET',
      path: '/ws?token=[redacted]',
      route: 'websocket',
      status: 101,
      address: '127.0.0.1',
    });

    expect(await upgrade('/', 'upgrade-refused-1', 'https://elsewhere.example')).toEqual({
      status: 403,
      requestId: 'upgrade-refused-1',
    });
    const refused = await waitForLogLine(server.output, (l) => l.requestId === 'upgrade-refused-1');
    expect(refused).toMatchObject({ method: 'GET', path: '/', route: 'websocket', status: 403, address: '127.0.0.1' });
    expect(server.output()).not.toContain('never-logged-0123');
  });

  it('an id that is not plain text is replaced by a new one', async () => {
    const res = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'has spaces and "quotes"' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/metrics', () => {
  it('is refused to visitors (401) and to users who are not admins (403)', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const { token } = await signUp(api, 'Not Admin');
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
    expect(
      (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } }))
        .status,
    ).toBe(401);
  });

  it('serves the Prometheus text format to an admin and to the METRICS_TOKEN holder', async () => {
    await fetch(`${server.url}/`);
    for (const token of [adminToken, METRICS_TOKEN]) {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toMatch(/^skillshelf_http_requests_total\{route="\/",status="200",pid="\d+"\} \d+/m);
      for (const name of [
        'skillshelf_http_request_duration_seconds_bucket',
        'skillshelf_page_cache_requests_total',
        'skillshelf_db_query_duration_seconds_count',
        'skillshelf_websocket_connections',
        'skillshelf_outbox_backlog',
        'nodejs_eventloop_lag_seconds',
        'skillshelf_eventloop_held_max_seconds',
      ]) {
        expect(text, name).toContain(`${name}{`);
      }
    }
  });
});

describe('/metrics with WEB_CONCURRENCY=2', () => {
  /** A GET on a connection of its own, so that the cluster hands each one to its next worker. */
  const getAlone = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; requestId: string; text: string }>((resolve, reject) => {
      get(url, { agent: false, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, requestId: String(res.headers['x-request-id']), text }));
      }).on('error', reject);
    });

  it('whichever worker takes the scrape answers for the whole cluster: the requests of every worker summed', async () => {
    const cluster = await startServer({ env: { WEB_CONCURRENCY: '2', METRICS_TOKEN } });
    try {
      const servedBy = async (requestId: string) =>
        (await waitForLogLine(cluster.output, (l) => l.requestId === requestId && l.status !== undefined)).pid;
      // At least 20 requests, and until both workers have served some: on a busy machine the second worker
      // may start listening a moment after the first answers.
      const served = [];
      const workers = new Set();
      for (let i = 0; i < 200 && (i < 20 || workers.size < 2); i++) {
        const answer = await getAlone(`${cluster.url}/healthz`);
        served.push(answer);
        workers.add(await servedBy(answer.requestId));
      }
      const N = served.length;
      expect(served.every((r) => r.status === 200)).toBe(true);
      expect(workers.size, 'both workers served some of the requests').toBe(2);

      const scrapers = new Set();
      for (let i = 0; i < 4; i++) {
        const scrape = await getAlone(`${cluster.url}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
        expect(scrape.status).toBe(200);
        const counted = /^skillshelf_http_requests_total\{route="\/healthz",status="200"\} (\d+)$/m.exec(
          scrape.text,
        )?.[1];
        expect(Number(counted), scrape.text.slice(0, 2000)).toBeGreaterThanOrEqual(N);
        expect(scrape.text).toMatch(/^skillshelf_websocket_connections 0$/m);
        scrapers.add(await servedBy(scrape.requestId));
      }
      expect(scrapers.size, 'both workers answered a scrape').toBe(2);
    } finally {
      await cluster.stop();
    }
  }, 60_000);
});

describe('an error nobody expected', () => {
  it('is logged with its stack under the request id, and the client gets only a plain message', async () => {
    const { token, _id } = await signUp(api, 'Error Witness');
    // Break the database under the running server: the saves table is gone.
    const db = await openDatabase(server.dbUrl);
    await db.execute('ALTER TABLE saves RENAME TO saves_gone');
    try {
      const res = await fetch(`${server.url}/api/users/saves/${_id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({
        message: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL',
      });
      expect(body).not.toMatch(/at |saves|SQL/);
      const id = res.headers.get('x-request-id')!;
      const error = await waitForLogLine(server.output, (l) => l.requestId === id && l.level === 50);
      expect((error.err as { stack?: string }).stack).toMatch(/no such table: saves[\s\S]*\n\s+at /);
      await waitForLogLine(server.output, (l) => l.requestId === id && l.status === 500);
    } finally {
      await db.execute('ALTER TABLE saves_gone RENAME TO saves');
      db.close();
    }
  });

  it('/readyz answers 503 with a one-line reason while a migration is missing, /healthz still 200', async () => {
    const db = await openDatabase(server.dbUrl);
    const [last] = (await db.execute('SELECT * FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1')).rows;
    await db.execute({ sql: 'DELETE FROM __drizzle_migrations WHERE created_at = ?', args: [last!.created_at] });
    try {
      // An answer stands for a second (site/server/health.ts): the next one says it.
      const ready = async () => {
        const res = await fetch(`${server.url}/readyz`);
        return `${res.status} ${await res.text()}`;
      };
      await expect.poll(ready).toBe('503 not ready: migrations are not applied\n');
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await db.execute({
        sql: 'INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)',
        args: [last!.hash, last!.created_at],
      });
      db.close();
    }
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe('TRUST_PROXY (without nginx: tests/api/reverse-proxy.test.ts runs the real one)', () => {
  /** A sign-in sent from `from` with a proxy's forwarded headers. */
  const signInFrom = (from: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
      const body = JSON.stringify(DEMO_ADMIN);
      const headers = {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'x-forwarded-for': '198.51.100.4, 192.0.2.8',
        'x-forwarded-proto': 'https',
      };
      request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/users/signin',
          localAddress: from,
          headers,
          agent: false,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ headers: res.headers }));
        },
      )
        .on('error', reject)
        .end(body);
    });

  it('believes the forwarded address and https only from a proxy it names', async () => {
    const trusted = await signInFrom('127.0.0.1');
    expect((trusted.headers['set-cookie'] as string[]).find((c) => c.startsWith('session='))).toMatch(/;\s*Secure/i);
    expect(trusted.headers['strict-transport-security']).toBeDefined();
    expect((await waitForLogLine(server.output, (l) => l.requestId === trusted.headers['x-request-id'])).address).toBe(
      '192.0.2.8',
    );

    const stranger = await signInFrom('127.0.0.2');
    expect((stranger.headers['set-cookie'] as string[]).find((c) => c.startsWith('session='))).not.toMatch(/Secure/i);
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
    expect((await waitForLogLine(server.output, (l) => l.requestId === stranger.headers['x-request-id'])).address).toBe(
      '127.0.0.2',
    );
  });
});
