/**
 * A 304 to search, filters and a content by slug carried `Content-Type: application/json` with no body, and
 * Prism (Stoplight's validating proxy) failed on it; a page's 304 carried `Content-Type` and
 * `Content-Encoding: br`, a built file's the same. A 304 describes no content (RFC 9110 §15.4.5): it sends
 * the validators and caching fields of the 200 it stands for (ETag, Cache-Control, Vary) and our security
 * headers, never Content-Type, Content-Length or Content-Encoding.
 */
import { request } from 'node:http';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';

let paths: string[];
const { server } = useServer();
beforeAll(async () => {
  const { contents } = await (await fetch(`${server.url}/api/contents/search`)).json();
  const css = readdirSync(fileURLToPath(new URL('../../dist/client/_astro', import.meta.url))).find((name) =>
    name.endsWith('.css'),
  );
  paths = [
    '/api/contents/search?category=web-development',
    '/api/contents/filters',
    `/api/contents/slug/${contents[0].slug}`,
    '/',
    '/search?category=web-development',
    `/content/${contents[0].slug}`,
    '/feed.xml',
    '/signin',
    '/favicon.svg',
    `/_astro/${css}`,
  ];
});

/** A GET whose headers are read as sent, whatever fetch would make of them. */
function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a 304', () => {
  it('sends no Content-Type, Content-Length or Content-Encoding, for every kind of answer and encoding', async () => {
    const wrong: string[] = [];
    for (const path of paths) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        // Twice: the second from the page cache where there is one.
        await get(path, { 'accept-encoding': encoding });
        const full = await get(path, { 'accept-encoding': encoding });
        expect(full.status, path).toBe(200);
        const etag = String(full.headers.etag);
        const again = await get(path, { 'accept-encoding': encoding, 'if-none-match': etag });
        expect(again.status, `${path} (${encoding})`).toBe(304);
        expect(again.headers.etag, path).toBe(etag);
        expect(again.headers['cache-control'], path).toBe(full.headers['cache-control']);
        expect(again.headers['x-content-type-options'], path).toBe('nosniff');
        for (const field of ['content-type', 'content-length', 'content-encoding', 'transfer-encoding']) {
          if (again.headers[field] !== undefined)
            wrong.push(`${path} (${encoding}): ${field}: ${again.headers[field]}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
