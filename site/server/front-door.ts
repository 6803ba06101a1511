/**
 * Our own HTTP server around Astro's handler (the adapter in middleware mode), so that the same port also
 * serves the WebSocket, the built files and the cached pages, responses are compressed, and the process can
 * shut down cleanly. Every request first passes the request gate (site/server/request-gate.ts), then the
 * built files (static-files.ts), then the page cache (cached-pages.ts), then Astro. Nothing a request does
 * may throw out of a listener: an exception there would end the process for everyone.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import compression from 'compression';
import { closeDb, getDb } from '#db/client.ts';
import { config, publicUrl } from '#db/config.ts';
import { startMailSender } from '#db/services/mail-sender.ts';
import { serveCachedPage } from './cached-pages.ts';
import { COMPRESS_THRESHOLD, DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from './content-encoding.ts';
import { checkRequest, type Refusal } from './request-gate.ts';
import { securityHeaders } from './security-headers.ts';
import { loadStaticFiles, serveStaticFile } from './static-files.ts';
import { createVisitorsHub } from './visitors-hub.ts';

const dist = fileURLToPath(new URL(`../../${process.env.SKILLSHELF_DIST ?? 'dist'}/`, import.meta.url));
const entry = join(dist, 'server/entry.mjs');

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export async function startFrontDoor(): Promise<void> {
  if (!existsSync(entry)) throw new Error('No build found at dist/server/entry.mjs: run `npm run build` first (npm start does it for you).');
  // The adapter runs in middleware mode: its handler renders, and the built files are ours to serve.
  const { handler } = (await import(entry)) as { handler: Handler };
  const files = await loadStaticFiles(join(dist, 'client'));
  const { HOST, PORT, PUBLIC_URL, NODE_ENV, VISITORS_MAX_PER_ADDRESS, VISITORS_MAX_TOTAL, TRUSTED_ORIGINS } = config();
  if (!PUBLIC_URL && NODE_ENV === 'production') {
    console.warn(`PUBLIC_URL is not set: canonical links, feeds, sitemaps and mailed links will use ${publicUrl()}. Set PUBLIC_URL to the address visitors use.`);
  }
  const origins = [new URL(publicUrl()).origin, ...TRUSTED_ORIGINS];
  const visitors = createVisitorsHub({ origins, maxPerAddress: VISITORS_MAX_PER_ADDRESS, maxTotal: VISITORS_MAX_TOTAL });
  // Built files and cached pages are stored compressed; what Astro renders is compressed as it goes, at the
  // fastest levels (docs/decisions/013). Responses that arrive encoded (a cache miss) pass as they are.
  const compress = compression({
    threshold: COMPRESS_THRESHOLD,
    level: DYNAMIC_GZIP_LEVEL,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
  const render = (req: IncomingMessage, res: ServerResponse) => compress(req as never, res as never, () => void handler(req, res).catch((error: unknown) => failRequest(res, error)));
  const server = createServer((req, res) => {
    try {
      const refusal = checkRequest(req);
      if (refusal) return answerRefusal(res, refusal);
      if (serveStaticFile(files, req, res)) return;
      serveCachedPage(req, res)
        .then((served) => (served ? undefined : render(req, res)))
        .catch((error: unknown) => failRequest(res, error));
    } catch (error) {
      failRequest(res, error);
    }
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      const refusal = checkRequest(req);
      if (refusal) return void socket.end(rawResponse(refusal));
      visitors.handleUpgrade(req, socket, head);
    } catch {
      socket.destroy();
    }
  });
  // CONNECT (a proxy's method) never reaches the request listener: without this the socket would hang.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(rawResponse({ status: 405, message: 'CONNECT is not allowed here', headers: { allow: 'GET, HEAD, OPTIONS' } }));
  });
  await new Promise<void>((resolve) => server.listen(PORT, HOST, resolve));
  console.log(`Skillshelf is listening on http://${HOST}:${PORT}`);
  const mailSender = startMailSender(await getDb());

  const shutdown = () => {
    void mailSender.stop();
    visitors.close();
    server.close(() => void closeDb().finally(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed' };

function refusalHeaders(refusal: Refusal): Record<string, string> {
  return {
    ...securityHeaders('http:'),
    ...refusal.headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    // After a malformed request the rest of the connection cannot be trusted to be framed right.
    ...(refusal.status === 400 ? { connection: 'close' } : {}),
  };
}

function answerRefusal(res: ServerResponse, refusal: Refusal): void {
  const body = JSON.stringify({ message: refusal.message });
  res.writeHead(refusal.status, { ...refusalHeaders(refusal), 'content-length': String(Buffer.byteLength(body)) });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** The same answer written straight to a socket (upgrade and CONNECT requests have no ServerResponse). */
function rawResponse(refusal: Refusal): string {
  const body = JSON.stringify({ message: refusal.message });
  const headers = { ...refusalHeaders(refusal), connection: 'close', 'content-length': String(Buffer.byteLength(body)) };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${refusal.status} ${REASONS[refusal.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The last resort for an error no handler caught: a 500 if nothing was sent yet, else end the connection. */
function failRequest(res: ServerResponse, error: unknown): void {
  console.error(error);
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ message: 'Something went wrong on our side. Please try again.' });
  res.writeHead(500, { ...securityHeaders('http:'), 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}
