/**
 * The built client files (dist/client: the hashed scripts and styles under /_astro, the favicon) served from
 * memory ahead of Astro. They never change while the server runs and weigh under a megabyte, so they are
 * read once at start, with the br and gzip copies of the text ones the build stored (compressed at start when
 * missing); every other request goes straight to Astro without first asking the disk whether it names a file
 * (the adapter's own static handler costs a stat and a failed open on every page view).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { chooseEncoding, compressVariants, encodingsFor, type Encoding } from './content-encoding.ts';
import { etagMatches, notModifiedHeaders } from './validators.ts';

interface Variant {
  body: Uint8Array;
  etag: string;
  headers: Record<string, string>;
  /** Those a 304 sends: none that describes the content (validators.ts). */
  notModifiedHeaders: Record<string, string>;
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

/** The files under `dir`, but the compressed copies the build stores beside them (`precompressStaticFiles`). */
function builtFiles(dir: string): string[] {
  const paths: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !isStoredCopy(path)) paths.push(path);
    }
  };
  walk(dir);
  return paths;
}

const STORED_SUFFIX: Partial<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };
const isStoredCopy = (path: string) => /\.(br|gz)$/.test(path) && existsSync(path.slice(0, -3));
const isCompressible = (path: string) => TEXT.test(TYPES[extname(path).toLowerCase()] ?? '');

/**
 * Writes the br and gzip copies of every text file under `dir` beside it (app.js → app.js.br, app.js.gz), at the
 * stored levels: the build does it once (astro.config.mjs), so a server's start reads them rather than spending
 * 0.4 s of CPU compressing the same files again.
 */
export async function precompressStaticFiles(dir: string): Promise<void> {
  await Promise.all(
    builtFiles(dir)
      .filter(isCompressible)
      .map(async (path) => {
        const encoded = await compressVariants(readFileSync(path));
        for (const [encoding, suffix] of Object.entries(STORED_SUFFIX) as Array<[Encoding, string]>) {
          const bytes = encoded[encoding];
          if (bytes) writeFileSync(path + suffix, bytes);
        }
      }),
  );
}

/** The copies the build stored for `path` when they are as new as it is, else compressed now. */
async function variantsOf(path: string, body: Uint8Array): Promise<Partial<Record<Encoding, Uint8Array>>> {
  const encodings = encodingsFor(body);
  const modified = statSync(path).mtimeMs;
  const stored = encodings.map((encoding) => {
    const suffix = STORED_SUFFIX[encoding];
    if (!suffix) return body;
    const copy = path + suffix;
    return existsSync(copy) && statSync(copy).mtimeMs >= modified ? readFileSync(copy) : undefined;
  });
  if (stored.some((bytes) => bytes === undefined)) return compressVariants(body);
  return Object.fromEntries(encodings.map((encoding, i) => [encoding, stored[i]!]));
}

export async function loadStaticFiles(dir: string): Promise<Map<string, StaticFile>> {
  const paths = builtFiles(dir);
  const files = new Map<string, StaticFile>();
  await Promise.all(
    paths.map(async (path) => {
      const url = `/${relative(dir, path).split(sep).join('/')}`;
      const body = readFileSync(path);
      const hash = createHash('sha1').update(body).digest('base64url');
      const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
      const compressible = TEXT.test(type);
      const encoded = compressible ? await variantsOf(path, body) : { identity: body };
      const variants: Partial<Record<Encoding, Variant>> = {};
      for (const [encoding, bytes] of Object.entries(encoded) as Array<[Encoding, Uint8Array]>) {
        const etag = `"${hash}${ETAG_SUFFIX[encoding]}"`;
        const headers = {
          'content-type': type,
          'cache-control': url.startsWith('/_astro/') ? IMMUTABLE : SHORT,
          'x-content-type-options': 'nosniff',
          etag,
          ...(compressible ? { vary: 'accept-encoding' } : {}),
          ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        };
        variants[encoding] = {
          body: bytes,
          etag,
          headers,
          notModifiedHeaders: Object.fromEntries(notModifiedHeaders(Object.entries(headers))),
        };
      }
      files.set(url, { encodings: Object.keys(variants) as Encoding[], variants });
    }),
  );
  return files;
}

/** Answers the request if it names a built file (true), else leaves it alone (false). `extra`: headers to add (the request id). */
export function serveStaticFile(
  files: Map<string, StaticFile>,
  req: IncomingMessage,
  res: ServerResponse,
  extra: Record<string, string> = {},
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const file = files.get(query === -1 ? url : url.slice(0, query));
  if (!file) return false;
  const variant =
    file.variants[chooseEncoding(req.headers['accept-encoding'], file.encodings)] ?? file.variants.identity!;
  if (etagMatches(req.headers['if-none-match'], variant.etag)) {
    res.writeHead(304, { ...variant.notModifiedHeaders, ...extra }).end();
    return true;
  }
  res.writeHead(200, { ...variant.headers, ...extra, 'content-length': String(variant.body.byteLength) });
  res.end(req.method === 'HEAD' ? undefined : variant.body);
  return true;
}
