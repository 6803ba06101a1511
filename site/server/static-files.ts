/**
 * The built client files (dist/client: the hashed scripts and styles under /_astro, the favicon) served from
 * memory ahead of Astro. They never change while the server runs and weigh under a megabyte, so they are
 * read once at start, and the text ones compressed once then (br and gzip); every other request goes
 * straight to Astro without first asking the disk whether it names a file (the adapter's own static
 * handler costs a stat and a failed open on every page view).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { chooseEncoding, compressVariants, type Encoding } from './content-encoding.ts';
import { etagMatches } from './validators.ts';

interface Variant {
  body: Uint8Array;
  etag: string;
  headers: Record<string, string>;
}

interface StaticFile {
  encodings: Encoding[];
  variants: Partial<Record<Encoding, Variant>>;
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

/** Types worth compressing (images and fonts are compressed already). */
const TEXT = /^(text\/|image\/svg|application\/(json|manifest))/;
const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

/** Hashed build output may be kept forever; other files (the favicon) for a day. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=86400';

export async function loadStaticFiles(dir: string): Promise<Map<string, StaticFile>> {
  const paths: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) paths.push(path);
    }
  };
  walk(dir);
  const files = new Map<string, StaticFile>();
  await Promise.all(
    paths.map(async (path) => {
      const url = `/${relative(dir, path).split(sep).join('/')}`;
      const body = readFileSync(path);
      const hash = createHash('sha1').update(body).digest('base64url');
      const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
      const compressible = TEXT.test(type);
      const encoded = compressible ? await compressVariants(body) : { identity: body };
      const variants: Partial<Record<Encoding, Variant>> = {};
      for (const [encoding, bytes] of Object.entries(encoded) as Array<[Encoding, Uint8Array]>) {
        const etag = `"${hash}${ETAG_SUFFIX[encoding]}"`;
        variants[encoding] = {
          body: bytes,
          etag,
          headers: {
            'content-type': type,
            'cache-control': url.startsWith('/_astro/') ? IMMUTABLE : SHORT,
            'x-content-type-options': 'nosniff',
            etag,
            ...(compressible ? { vary: 'accept-encoding' } : {}),
            ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
          },
        };
      }
      files.set(url, { encodings: Object.keys(variants) as Encoding[], variants });
    }),
  );
  return files;
}

/** Answers the request if it names a built file (true), else leaves it alone (false). `extra`: headers to add (the request id). */
export function serveStaticFile(files: Map<string, StaticFile>, req: IncomingMessage, res: ServerResponse, extra: Record<string, string> = {}): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const file = files.get(query === -1 ? url : url.slice(0, query));
  if (!file) return false;
  const variant = file.variants[chooseEncoding(req.headers['accept-encoding'], file.encodings)] ?? file.variants.identity!;
  if (etagMatches(req.headers['if-none-match'], variant.etag)) {
    res.writeHead(304, { ...variant.headers, ...extra }).end();
    return true;
  }
  res.writeHead(200, { ...variant.headers, ...extra, 'content-length': String(variant.body.byteLength) });
  res.end(req.method === 'HEAD' ? undefined : variant.body);
  return true;
}
