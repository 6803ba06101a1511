/**
 * Skillshelf behind Debian's nginx (decision 019), configured by the shipped deploy/nginx.conf (only its
 * addresses, ports and file paths rendered for a temporary directory), with TLS from a self-signed
 * certificate made here. TRUST_PROXY names the proxy (127.0.0.1); the test's own clients speak from other
 * loopback addresses (127.0.0.3…), so a direct request is told apart from one through nginx.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEMO_ADMIN } from '../setup/http.ts';
import { waitForLogLine } from '../setup/logs.ts';
import { freePort, startServer, type TestServer } from '../setup/server.ts';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const hasNginx = existsSync(NGINX);
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let nginx: ChildProcess;
let dir: string;
let cert: Buffer;
let httpsPort: number;
let httpPort: number;
let nginxLog = '';

/** deploy/nginx.conf with this test's upstream, ports, certificate and cache directory. */
function renderedConfig(upstreamPort: number): string {
  const shipped = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const rendered = shipped
    .replace('server 127.0.0.1:4321;', `server 127.0.0.1:${upstreamPort};`)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace('/etc/ssl/certs/skillshelf.pem', join(dir, 'cert.pem'))
    .replace('/etc/ssl/private/skillshelf.key', join(dir, 'key.pem'))
    .replace('/var/cache/nginx/skillshelf', join(dir, 'cache'));
  const directives = rendered
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');
  expect(directives).not.toMatch(/4321|\/etc\/ssl|\/var\/cache|listen (80|443)\b/);
  return rendered;
}

/** A request to nginx over https (trusting the test's certificate), or straight to the server, from `from`. */
function send(
  target: 'proxy' | 'direct',
  method: string,
  path: string,
  options: { from: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const common = {
      method,
      path,
      localAddress: options.from,
      headers: {
        ...options.headers,
        ...(options.body ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
      },
      agent: false as const,
    };
    const req =
      target === 'proxy'
        ? httpsRequest({ ...common, host: '127.0.0.1', port: httpsPort, ca: cert })
        : httpRequest({ ...common, host: '127.0.0.1', port: server.port });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const signIn = (
  target: 'proxy' | 'direct',
  from: string,
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
) =>
  send(target, 'POST', '/api/users/signin', {
    from,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(credentials),
  });

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) =>
        httpRequest({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
          res.resume();
          resolve();
        })
          .on('error', reject)
          .end(),
      );
      return;
    } catch {
      if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not start:\n${nginxLog}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const title = hasNginx
  ? 'behind nginx (deploy/nginx.conf)'
  : `behind nginx — skipped: ${NGINX} is not installed (apt-get install nginx-light)`;

describe.skipIf(!hasNginx)(title, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skillshelf-nginx-'));
    // Run as root, nginx's workers are `nobody`: they must be able to write the cache and temporary files.
    chmodSync(dir, 0o755);
    for (const sub of ['cache', 'temp', 'logs']) mkdirSync(join(dir, sub), { mode: 0o777 });
    for (const sub of ['cache', 'temp']) chmodSync(join(dir, sub), 0o777);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(join(dir, 'cert.pem'));
    httpsPort = await freePort();
    httpPort = await freePort();
    server = await startServer({
      env: {
        TRUST_PROXY: '127.0.0.1',
        // The browser's origin is the proxy's: its pages may open the visitors socket.
        TRUSTED_ORIGINS: `https://127.0.0.1:${httpsPort}`,
        RATE_LIMIT_SIGNIN_IP: '3/600',
      },
    });
    writeFileSync(join(dir, 'site.conf'), renderedConfig(server.port));
    const temp = join(dir, 'temp');
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;\nworker_processes 1;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'logs/error.log')} warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n` +
        ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
          .map((kind) => `  ${kind}_temp_path ${join(temp, kind)};\n`)
          .join('') +
        `  include ${join(dir, 'site.conf')};\n}\n`,
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs/error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stdout!.on('data', (chunk) => (nginxLog += chunk));
    nginx.stderr!.on('data', (chunk) => (nginxLog += chunk));
    await waitForPort(httpPort);
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sign-in works over https through the proxy, with a Secure cookie and HSTS', async () => {
    const res = await signIn('proxy', '127.0.0.4', DEMO_ADMIN);
    expect(res.status).toBe(200);
    const cookies = res.headers['set-cookie'] ?? [];
    expect(cookies.find((c) => c.startsWith('session='))).toMatch(/;\s*Secure/i);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const line = await waitForLogLine(server.output, (l) => l.requestId === res.headers['x-request-id']);
    expect(line.address).toBe('127.0.0.4');
  });

  it('the rate limit counts the forwarded client address, not the proxy’s', async () => {
    const wrong = { email: 'nobody-here@example.com', password: 'not-the-password' };
    for (let i = 0; i < 3; i++) expect((await signIn('proxy', '127.0.0.5', wrong)).status).toBe(401);
    expect((await signIn('proxy', '127.0.0.5', wrong)).status).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await signIn('proxy', '127.0.0.6', wrong)).status).toBe(401);
    // A client's own X-Forwarded-For stays to the left of what nginx saw: it changes nothing.
    expect((await signIn('proxy', '127.0.0.5', wrong, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
  });

  it('X-Forwarded-For and X-Forwarded-Proto sent straight to the server by another address are ignored', async () => {
    const spoofed = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };
    const res = await signIn('direct', '127.0.0.3', DEMO_ADMIN, spoofed);
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']?.find((c) => c.startsWith('session='))).not.toMatch(/Secure/i);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const line = await waitForLogLine(server.output, (l) => l.requestId === res.headers['x-request-id']);
    expect(line.address).toBe('127.0.0.3');
    // Each spoofed address would have a count of its own if it were believed: the one real address is limited.
    const wrong = { email: 'nobody-else@example.com', password: 'not-the-password' };
    for (let i = 0; i < 2; i++)
      expect((await signIn('direct', '127.0.0.3', wrong, { 'x-forwarded-for': `203.0.113.${10 + i}` })).status).toBe(
        401,
      );
    expect((await signIn('direct', '127.0.0.3', wrong, { 'x-forwarded-for': '203.0.113.20' })).status).toBe(429);
  });

  it('the visitors WebSocket connects through the proxy (wss)', async () => {
    const socket = new WebSocket(`wss://127.0.0.1:${httpsPort}/ws`, {
      ca: cert,
      origin: `https://127.0.0.1:${httpsPort}`,
      localAddress: '127.0.0.7',
    });
    const message = await new Promise<{ type: string; online: number }>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data))));
      socket.once('error', reject);
    });
    socket.close();
    expect(message).toEqual({ type: 'visitors', online: expect.any(Number) });
  });

  it('/healthz and /readyz are answered through the proxy to this machine only', async () => {
    for (const path of ['/healthz', '/readyz']) {
      // 127.0.0.3 stands for any other address: the internet, which may not flood the readiness check.
      expect((await send('proxy', 'GET', path, { from: '127.0.0.3' })).status, path).toBe(403);
      const local = await send('proxy', 'GET', path, { from: '127.0.0.1' });
      expect([local.status, local.body], path).toEqual([200, 'ok\n']);
    }
    // /metrics asks for its own credentials; everything else passes as before.
    expect((await send('proxy', 'GET', '/metrics', { from: '127.0.0.3' })).status).toBe(401);
  });

  it('built files under /_astro/ are kept by nginx for a year', async () => {
    const asset = readdirSync(join(root, process.env.SKILLSHELF_DIST ?? 'dist', 'client/_astro')).find((name) =>
      name.endsWith('.js'),
    )!;
    const first = await send('proxy', 'GET', `/_astro/${asset}`, { from: '127.0.0.8' });
    const second = await send('proxy', 'GET', `/_astro/${asset}`, { from: '127.0.0.8' });
    expect(first.status, readFileSync(join(dir, 'logs/error.log'), 'utf8')).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(second.headers['x-cache-status']).toBe('HIT');
  });

  it('a body over our largest limit is refused by nginx, and plain http is sent to https', async () => {
    const tooBig = Buffer.alloc(6 * 1024 * 1024, 'a');
    const res = await send('proxy', 'POST', '/api/upload', {
      from: '127.0.0.9',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: tooBig,
    });
    expect(res.status).toBe(413);
    const plain = await new Promise<Reply>((resolve, reject) =>
      httpRequest({ host: '127.0.0.1', port: httpPort, path: '/search?q=go', agent: false }, (r) => {
        r.resume();
        resolve({ status: r.statusCode!, headers: r.headers, body: '' });
      })
        .on('error', reject)
        .end(),
    );
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/search?q=go');
  });
});
