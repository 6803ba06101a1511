/**
 * Our own HTTP server around Astro's handler (the adapter in middleware mode), so that the same port also
 * serves the WebSocket, the built files and the cached pages, responses are compressed, and the process can
 * shut down cleanly. Every request first passes the request gate (site/server/request-gate.ts), is sent to
 * the one spelling of its address (canonical-path.ts), then meets the health and metrics endpoints, the
 * built files (static-files.ts), the page cache (cached-pages.ts), and Astro. Each gets an id (X-Request-Id), one log line and its metrics when it ends (docs/decisions/019).
 * Nothing a request does may throw out of a listener: an exception there would end the process for everyone.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import compression from 'compression';
import type { Logger } from 'pino';
import { startBackgroundJobs } from '#db/background-jobs.ts';
import { closeDb, getDb } from '#db/client.ts';
import { config, publicUrl } from '#db/config.ts';
import { recordSourceFolder } from '#db/threads.ts';
import { namesSecretPage } from '#db/validation/secret-links.ts';
import { readingAtLeast, readingThePrimary, replicationOf, type CatchUp } from '#db/replication.ts';
import { serveCachedPage } from './cached-pages.ts';
import { canonicalPath } from './canonical-path.ts';
import { clientOf, type Client } from './client.ts';
import { COMPRESS_THRESHOLD, DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from './content-encoding.ts';
import { HEALTH_PATHS, serveHealth } from './health.ts';
import { log, loggablePath, logError, withRequest } from './log.ts';
import { countRequest, serveMetrics, watchGauges } from './metrics.ts';
import {
  CATCH_UP_BOUND_MS,
  catchUpTo,
  namesAnAccount,
  POSITION_HEADER,
  positionCookie,
  requestedPosition,
} from './read-position.ts';
import { checkRequest, type Refusal } from './request-gate.ts';
import { securityHeaders } from './security-headers.ts';
import { loadStaticFiles, serveStaticFile } from './static-files.ts';
import { createVisitorsHub } from './visitors-hub.ts';

const dist = fileURLToPath(new URL(`../../${process.env.SKILLSHELF_DIST ?? 'dist'}/`, import.meta.url));
const entry = join(dist, 'server/entry.mjs');

/** How long requests in flight may take to finish after SIGTERM before their connections are closed. */
const DRAIN_MS = 10_000;

/** What the front door knows of a request, handed to Astro as its locals (the middleware adds the user and the route). */
interface RequestLocals {
  requestId: string;
  client: Client;
  route?: string;
  user?: { id: string } | null;
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: RequestLocals) => Promise<void>;

/** An id the client sent (a proxy's, for correlation) when it is short and plain, else a new one. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;
const requestIdOf = (req: IncomingMessage) => {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
};

/** What the listeners share: the server, the built files, Astro's renderer, and whether the server is draining. */
interface Door {
  server: Server;
  files: Awaited<ReturnType<typeof loadStaticFiles>>;
  render: (req: IncomingMessage, res: ServerResponse, locals: RequestLocals) => void;
  visitors: ReturnType<typeof createVisitorsHub>;
  requestLog: Logger;
  draining: boolean;
  inFlight: number;
  /** The background jobs, started once the port is open. */
  jobs?: ReturnType<typeof startJobs>;
}

/** What a request's log line and metrics need when it ends, beside its locals. */
interface Served {
  startedAt: number;
  socket: Socket;
  bytesBefore: number;
  /** The target as sent, for the log: another spelling of an address is served as the address. */
  target: string;
  cache?: 'hit' | 'miss';
}

export async function startFrontDoor(): Promise<void> {
  if (!existsSync(entry))
    throw new Error('No build found at dist/server/entry.mjs: run `npm run build` first (npm start does it for you).');
  // Before the bundle loads: its copy of db/ finds the threads' files through this one, which runs from the source.
  recordSourceFolder();
  // The adapter runs in middleware mode: its handler renders, and the built files are ours to serve.
  const { handler } = (await import(entry)) as { handler: Handler };
  const files = await loadStaticFiles(join(dist, 'client'));
  const { HOST, PORT, PUBLIC_URL, NODE_ENV, VISITORS_MAX_PER_ADDRESS, VISITORS_MAX_TOTAL, TRUSTED_ORIGINS } = config();
  if (!PUBLIC_URL && NODE_ENV === 'production') {
    log().warn(
      `PUBLIC_URL is not set: canonical links, feeds, sitemaps and mailed links will use ${publicUrl()}. Set PUBLIC_URL to the address visitors use.`,
    );
  }
  const origins = [new URL(publicUrl()).origin, ...TRUSTED_ORIGINS];
  const visitors = createVisitorsHub({
    origins,
    maxPerAddress: VISITORS_MAX_PER_ADDRESS,
    maxTotal: VISITORS_MAX_TOTAL,
  });
  watchGauges(visitors.online);
  const door: Door = {
    server: createServer((req, res) => serveRequest(door, req, res)),
    files,
    render: compressingRenderer(handler),
    visitors,
    requestLog: log(),
    draining: false,
    inFlight: 0,
  };
  const { server } = door;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => upgradeRequest(door, req, socket, head));
  // CONNECT (a proxy's method) never reaches the request listener: without this the socket would hang.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(
      rawResponse({ status: 405, message: 'CONNECT is not allowed here', headers: { allow: 'GET, HEAD, OPTIONS' } }),
    );
  });
  // Handled before the port opens: a client can connect, and a signal arrive, as soon as it does.
  const shutdown = (signal: NodeJS.Signals) => drain(door, signal);
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await new Promise<void>((resolve) => server.listen(PORT, HOST, resolve));
  log().info(`Skillshelf is listening on http://${HOST}:${PORT}`);
  // A signal while they start drains too: the shutdown waits for them and stops them.
  if (!door.draining) door.jobs = startJobs();
}

/**
 * Astro's handler behind compression. Built files and cached pages are stored compressed; what Astro renders is
 * compressed as it goes, at the fastest levels (docs/decisions/013). Responses that arrive encoded (a cache miss)
 * pass as they are.
 */
function compressingRenderer(handler: Handler): Door['render'] {
  const compress = compression({
    threshold: COMPRESS_THRESHOLD,
    level: DYNAMIC_GZIP_LEVEL,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
  return (req, res, locals) =>
    compress(
      req as never,
      res as never,
      () =>
        void withRequest(locals, () => handler(req, res, undefined, locals)).catch((error: unknown) =>
          failRequest(res, error, locals),
        ),
    );
}

/** One request, from its arrival to its log line: counted in flight, routed, and logged and measured when it closes. */
function serveRequest(door: Door, req: IncomingMessage, res: ServerResponse): void {
  const served: Served = {
    startedAt: performance.now(),
    socket: req.socket,
    bytesBefore: req.socket.bytesWritten,
    target: req.url ?? '',
  };
  const locals: RequestLocals = { requestId: requestIdOf(req), client: clientOf(req) };
  door.inFlight++;
  // While draining, each answer closes its connection; a connection left idle is closed at once.
  if (door.draining) res.shouldKeepAlive = false;
  res.once('close', () => requestClosed(door, req, res, locals, served));
  try {
    routeRequest(door, req, res, locals, served);
  } catch (error) {
    failRequest(res, error, locals);
  }
}

/** A request's end: its metrics, and its one log line. */
function requestClosed(
  door: Door,
  req: IncomingMessage,
  res: ServerResponse,
  locals: RequestLocals,
  served: Served,
): void {
  door.inFlight--;
  const seconds = (performance.now() - served.startedAt) / 1000;
  const route = locals.route ?? 'unmatched';
  countRequest(route, res.statusCode, seconds, served.cache);
  if (door.draining) door.server.closeIdleConnections();
  if (!door.requestLog.isLevelEnabled('info')) return;
  door.requestLog.info({
    requestId: locals.requestId,
    method: req.method,
    path: loggablePath(served.target),
    route,
    status: res.writableFinished ? res.statusCode : 499,
    ms: Math.round(seconds * 10_000) / 10,
    bytes: served.socket.bytesWritten - served.bytesBefore,
    address: locals.client.address,
    ...(locals.user ? { userId: locals.user.id } : {}),
    ...(served.cache ? { cache: served.cache } : {}),
  });
}

/** The request gate, the address's one spelling, health and metrics, the built files, the page cache, then Astro. */
function routeRequest(
  door: Door,
  req: IncomingMessage,
  res: ServerResponse,
  locals: RequestLocals,
  served: Served,
): void {
  const refusal = checkRequest(req);
  if (refusal) {
    locals.route = 'refused';
    answerRefusal(res, refusal, locals);
    return;
  }
  const path = canonicalRequestPath(req, res, locals);
  if (path === undefined) return;
  if (HEALTH_PATHS.has(path) || path === '/metrics') {
    locals.route = path;
    const headers = { ...securityHeaders(locals.client.https), 'x-request-id': locals.requestId };
    const serving =
      path === '/metrics' ? serveMetrics(req, res, headers) : serveHealth(req, res, path, headers, door.draining);
    return void serving.catch((error: unknown) => failRequest(res, error, locals));
  }
  if (serveStaticFile(door.files, req, res, { 'x-request-id': locals.requestId })) {
    locals.route = 'static';
    return;
  }
  const position = carriedPosition(req);
  // Straight on a libSQL server, each read asks for the position (a replica node waits for it, within the bound).
  readingAtLeast(position, CATCH_UP_BOUND_MS, () =>
    caughtUp(position, namesAnAccount(req.headers.authorization, req.headers.cookie))
      .then(({ how, carried }) => {
        if (how !== 'primary')
          return serveCachedPage(req, res, locals.client.https, locals.requestId, carried(locals.client.https));
        // A replica that could not reach the client's position: its cached pages are older than what it saw.
        res.setHeader('x-request-id', locals.requestId);
        readingThePrimary(() => door.render(req, res, locals));
        return null;
      })
      .then((answer) => {
        if (answer === null) return;
        served.cache = answer?.result;
        if (answer?.result === 'hit') return void (locals.route = answer.route);
        res.setHeader('x-request-id', locals.requestId);
        door.render(req, res, locals);
      })
      .catch((error: unknown) => failRequest(res, error, locals)),
  );
}

/** The position the request carries (its cookie or header), 0 when none. */
function carriedPosition(req: IncomingMessage): number {
  const header = req.headers[POSITION_HEADER];
  return requestedPosition(req.headers.cookie, typeof header === 'string' ? header : undefined);
}

/**
 * This process brought up to the position the request carries (read-position.ts), before any cached page is
 * looked at; undefined when it carries none or the database keeps no positions (a file). Never fails: a
 * request is served as it is rather than not at all.
 */
async function caughtUp(
  position: number,
  signedIn: boolean,
): Promise<{ how: CatchUp | undefined; carried: (https: boolean) => string[] }> {
  const none = { how: undefined, carried: () => [] };
  // A visitor who brought none gets the one copy of a cached page, with no cookie; a signed-in user gets the
  // position the page reflects, so their next request, on any server, shows nothing older.
  if (position === 0 && !signedIn) return none;
  try {
    const replication = replicationOf((await getDb()).$client);
    const how = position === 0 ? undefined : await catchUpTo(replication, position);
    // A cached page tells a client that brought a position the newer one it now reflects (monotonic reads).
    const mine = replication?.position() ?? 0;
    return {
      how,
      carried: (https) =>
        mine > position ? ['set-cookie', positionCookie(mine, https), POSITION_HEADER, String(mine)] : [],
    };
  } catch {
    return none;
  }
}

/**
 * The request's path in the one spelling of its address; undefined when it was answered with a redirect there
 * (a GET or HEAD). A form's or a client's post is not sent elsewhere: it is served as the address, whose rules
 * then apply.
 */
function canonicalRequestPath(req: IncomingMessage, res: ServerResponse, locals: RequestLocals): string | undefined {
  const query = req.url!.indexOf('?');
  const path = query === -1 ? req.url! : req.url!.slice(0, query);
  const canonical = canonicalPath(path);
  if (canonical === undefined) return path;
  const search = query === -1 ? '' : req.url!.slice(query);
  if (req.method === 'GET' || req.method === 'HEAD') {
    locals.route = 'redirect';
    answerRedirect(res, canonical + search, locals);
    return undefined;
  }
  req.url = canonical + search;
  return canonical;
}

/** A WebSocket upgrade gets one log line when it is accepted (101) or refused, with no response to wait for. */
function upgradeRequest(door: Door, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  socket.on('error', () => socket.destroy());
  try {
    const requestId = requestIdOf(req);
    const { address } = clientOf(req);
    const logUpgrade = (route: string, status: number) =>
      door.requestLog.info({
        requestId,
        method: req.method,
        path: loggablePath(req.url ?? ''),
        route,
        status,
        address,
      });
    const refusal =
      checkRequest(req) ??
      (door.draining ? { status: 503, message: 'The server is shutting down', headers: {} } : undefined);
    if (refusal) {
      logUpgrade('refused', refusal.status);
      return void socket.end(rawResponse(refusal, requestId));
    }
    logUpgrade('websocket', door.visitors.handleUpgrade(req, socket, head, address, requestId));
  } catch {
    socket.destroy();
  }
}

/**
 * SIGTERM: /readyz answers 503 at once, the port stops taking connections, requests in flight finish
 * (their connections then close) for up to DRAIN_MS, and the process exits 0.
 */
function drain(door: Door, signal: NodeJS.Signals): void {
  if (door.draining) return;
  door.draining = true;
  const { server } = door;
  log().info(
    { signal, inFlight: door.inFlight },
    'Shutting down: no new connections; finishing the requests in flight',
  );
  door.visitors.close();
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const overdue = setTimeout(() => {
    log().warn(
      { inFlight: door.inFlight },
      `Requests still in flight after ${DRAIN_MS / 1000} s: closing their connections`,
    );
    server.closeAllConnections();
  }, DRAIN_MS);
  void stopped
    .then(async () => {
      clearTimeout(overdue);
      await Promise.all(((await door.jobs) ?? []).map((job) => job?.stop()));
      await closeDb();
    })
    .catch((error: unknown) => logError(error, 'Shutdown'))
    .finally(() => {
      log().info('Stopped');
      // The log's last lines are written before the exit; should that ever hang, the exit does not.
      setTimeout(() => process.exit(0), 2000);
      log().flush(() => process.exit(0));
    });
}

/** The process's background jobs, each registered by its room of db/. */
async function startJobs(): Promise<Array<{ stop(): Promise<void> }>> {
  return startBackgroundJobs(await getDb(), logError);
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 503: 'Service Unavailable' };

function refusalHeaders(
  refusal: { status: number; headers: Record<string, string> },
  https = false,
): Record<string, string> {
  return {
    ...securityHeaders(https),
    ...refusal.headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    // After a malformed request the rest of the connection cannot be trusted to be framed right.
    ...(refusal.status === 400 ? { connection: 'close' } : {}),
  };
}

function answerRefusal(res: ServerResponse, refusal: Refusal, locals: RequestLocals): void {
  const body = JSON.stringify({ message: refusal.message });
  res.writeHead(refusal.status, {
    ...refusalHeaders(refusal, locals.client.https),
    'x-request-id': locals.requestId,
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * A GET or HEAD of another spelling of an address (site/server/canonical-path.ts): sent to the address.
 * Kept by no cache when the address holds a secret (a mailed link's token), as its page is not.
 */
function answerRedirect(res: ServerResponse, location: string, locals: RequestLocals): void {
  res.writeHead(301, {
    ...securityHeaders(locals.client.https),
    'x-request-id': locals.requestId,
    location,
    ...(namesSecretPage(location) ? { 'cache-control': 'private, no-store' } : {}),
    'content-length': '0',
  });
  res.end();
}

/** The same answer written straight to a socket (upgrade and CONNECT requests have no ServerResponse). */
function rawResponse(
  refusal: { status: number; message: string; headers: Record<string, string> },
  requestId?: string,
): string {
  const body = JSON.stringify({ message: refusal.message });
  const headers = {
    ...refusalHeaders(refusal),
    connection: 'close',
    ...(requestId ? { 'x-request-id': requestId } : {}),
    'content-length': String(Buffer.byteLength(body)),
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${refusal.status} ${REASONS[refusal.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The last resort for an error no handler caught: logged with its stack; a 500 if nothing was sent yet, else end the connection. */
function failRequest(res: ServerResponse, error: unknown, locals: RequestLocals): void {
  withRequest(locals, () => logError(error));
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  res.writeHead(500, {
    ...securityHeaders(locals.client.https),
    'x-request-id': locals.requestId,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}
