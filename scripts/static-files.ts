/**
 * The built client files (dist/client: the hashed scripts and styles under /_astro, the favicon) served from
 * memory ahead of Astro. They never change while the server runs and weigh under a megabyte, so they are
 * read once at start; every other request goes straight to Astro without first asking the disk whether
 * it names a file (the adapter's own static handler costs a stat and a failed open on every page view).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { etagMatches } from '../site/lib/server/http.ts';

interface StaticFile {
  body: Buffer;
  headers: Record<string, string>;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Hashed build output may be kept forever; other files (the favicon) for a day. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=86400';

export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const url = `/${relative(dir, path).split(sep).join('/')}`;
        const body = readFileSync(path);
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        files.set(url, {
          body,
          etag,
          headers: {
            'content-type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
            'cache-control': url.startsWith('/_astro/') ? IMMUTABLE : SHORT,
            'x-content-type-options': 'nosniff',
            etag,
          },
        });
      }
    }
  };
  walk(dir);
  return files;
}

/** Answers the request if it names a built file (true), else leaves it alone (false). */
export function serveStaticFile(files: Map<string, StaticFile>, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const file = files.get(query === -1 ? url : url.slice(0, query));
  if (!file) return false;
  if (etagMatches(req.headers['if-none-match'], file.etag)) {
    res.writeHead(304, file.headers).end();
    return true;
  }
  res.writeHead(200, { ...file.headers, 'content-length': String(file.body.length) });
  res.end(req.method === 'HEAD' ? undefined : file.body);
  return true;
}
