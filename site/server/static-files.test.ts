import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticFiles, precompressStaticFiles, serveStaticFile } from './static-files.ts';

const BIG_CSS = '.card { color: red; }\n'.repeat(200);
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skillshelf-static-'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.Ab12.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dir, '_astro', 'big.Cd34.css'), BIG_CSS);
  writeFileSync(join(dir, '_astro', 'logo.Ef56.png'), Buffer.alloc(4096, 7));
  const files = await loadStaticFiles(dir);
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

  it('sends a text file compressed once in the encoding the browser prefers, each encoding with its own ETag', async () => {
    const { request } = await import('node:http');
    const get = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
        (resolve, reject) => {
          request(`${base}/_astro/big.Cd34.css`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
            .on('error', reject)
            .end();
        },
      );
    const br = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_CSS);
    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(BIG_CSS);
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_CSS);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    // A 304 only for the ETag of the encoding this request would get.
    expect((await get({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })).status).toBe(200);
    // Images are not compressed again.
    const png = await fetch(`${base}/_astro/logo.Ef56.png`, { headers: { 'accept-encoding': 'br' } });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
  });

  it('leaves every other request (and other methods) to the app', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/_astro/missing.js'],
      ['GET', '/favicon.svg/'],
      ['GET', '/FAVICON.SVG'],
      ['POST', '/favicon.svg'],
    ] as const) {
      expect((await fetch(base + path, { method })).status, `${method} ${path}`).toBe(418);
    }
  });
});

describe('the compressed copies the build stores', () => {
  it('are written beside each text file, served as they are, and never served as files of their own', async () => {
    const built = mkdtempSync(join(tmpdir(), 'skillshelf-static-stored-'));
    try {
      writeFileSync(join(built, 'big.css'), BIG_CSS);
      writeFileSync(join(built, 'tiny.js'), 'x');
      writeFileSync(join(built, 'logo.png'), Buffer.alloc(4096, 7));
      await precompressStaticFiles(built);
      expect(readdirSync(built).sort()).toEqual(['big.css', 'big.css.br', 'big.css.gz', 'logo.png', 'tiny.js']);
      expect(brotliDecompressSync(readFileSync(join(built, 'big.css.br'))).toString()).toBe(BIG_CSS);
      expect(gunzipSync(readFileSync(join(built, 'big.css.gz'))).toString()).toBe(BIG_CSS);
      // A stored copy is what is served: marked, it shows through.
      const marked = gzipSync('.marked {}');
      writeFileSync(join(built, 'big.css.gz'), marked);
      let files = await loadStaticFiles(built);
      expect([...files.keys()].sort()).toEqual(['/big.css', '/logo.png', '/tiny.js']);
      expect(Buffer.from(files.get('/big.css')!.variants.gzip!.body)).toEqual(marked);
      // A copy older than its file (the file rebuilt, the copy not) is made again at start instead.
      const past = new Date(Date.now() - 60_000);
      utimesSync(join(built, 'big.css.gz'), past, past);
      files = await loadStaticFiles(built);
      expect(gunzipSync(files.get('/big.css')!.variants.gzip!.body).toString()).toBe(BIG_CSS);
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });
});
