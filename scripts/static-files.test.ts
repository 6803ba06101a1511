import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticFiles, serveStaticFile } from './static-files.ts';

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skillshelf-static-'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.Ab12.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  const files = loadStaticFiles(dir);
  server = createServer((req, res) => {
    if (!serveStaticFile(files, req, res)) res.writeHead(418).end('not a file');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('built files served from memory', () => {
  it('serves hashed build output as immutable, with its type and an ETag', async () => {
    const res = await fetch(`${base}/_astro/app.Ab12.js?v=1`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const again = await fetch(`${base}/_astro/app.Ab12.js`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('other files are kept for a day; HEAD has no body', async () => {
    const res = await fetch(`${base}/favicon.svg`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('content-length')).toBe('6');
    expect(await res.text()).toBe('');
  });

  it('leaves every other request (and other methods) to the app', async () => {
    for (const [method, path] of [['GET', '/'], ['GET', '/_astro/missing.js'], ['GET', '/favicon.svg/'], ['GET', '/FAVICON.SVG'], ['POST', '/favicon.svg']] as const) {
      expect((await fetch(base + path, { method })).status, `${method} ${path}`).toBe(418);
    }
  });
});
