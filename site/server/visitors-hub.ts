/**
 * The home page's WebSocket (docs/product.md#the-rest-api): every open connection counts as a visitor online, and the
 * connections are told the count when it changes. Per process: with several server processes, each
 * counts its own connections.
 *
 * Built to survive a hostile client: the count goes out at most once per BROADCAST_INTERVAL_MS however
 * fast sockets come and go (telling every client on every change costs N² frames for N connections);
 * connections are capped per address and in total; only pages of this site (its Origin) may connect;
 * and no upgrade request, however malformed, can throw out of handleUpgrade.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { addressGroup } from '#db/operations/rate-limit.ts';

/**
 * docs/product.md#the-rest-api: the home page keeps a WebSocket open for the number of visitors online, at `/` (as a separate
 * client of the REST contract opens it: tests/contract/spec-client.test.ts) or `/ws` (our page).
 */
export const VISITORS_PATHS = new Set(['/', '/ws']);
export const BROADCAST_INTERVAL_MS = 1000;

export interface VisitorsOptions {
  /** The site's own origin (PUBLIC_URL, else http://HOST:PORT), which browsers send from our pages, and any trusted others. */
  origins: readonly string[];
  maxPerAddress?: number;
  maxTotal?: number;
}

/** Ends an upgrade that will not become a WebSocket with a plain HTTP answer; returns its status. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, requestId: string): number {
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nX-Request-Id: ${requestId}\r\nContent-Length: 0\r\n\r\n`,
    );
  else socket.destroy();
  return status;
}

export function createVisitorsHub({ origins, maxPerAddress = 16, maxTotal = 5000 }: VisitorsOptions) {
  const allowed = new Set(origins);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  /** Sockets taken on (handshaking or open) per client address, and in all. */
  const perAddress = new Map<string, number>();
  let taken = 0;
  let timer: NodeJS.Timeout | undefined;
  let lastBroadcastAt = 0;
  let lastCount = -1;
  /** The request id each handshake answers with (the front door's, docs/decisions/019). */
  const requestIds = new WeakMap<IncomingMessage, string>();
  wss.on('headers', (headers: string[], request: IncomingMessage) => {
    const id = requestIds.get(request);
    if (id) headers.push(`X-Request-Id: ${id}`);
  });

  const broadcast = () => {
    timer = undefined;
    lastBroadcastAt = Date.now();
    const online = wss.clients.size;
    if (online === lastCount) return;
    lastCount = online;
    const message = JSON.stringify({ type: 'visitors', online });
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(message);
  };
  /** Every change within one interval becomes one message to each client, sent when the interval ends. */
  const scheduleBroadcast = () => {
    timer ??= setTimeout(broadcast, Math.max(0, lastBroadcastAt + BROADCAST_INTERVAL_MS - Date.now()));
  };

  wss.on('connection', (socket: WebSocket) => {
    socket.once('close', scheduleBroadcast);
    socket.on('error', () => socket.terminate());
    // A newcomer hears the count at once; the others with the next broadcast.
    socket.send(JSON.stringify({ type: 'visitors', online: wss.clients.size }));
    scheduleBroadcast();
  });

  return {
    /**
     * Takes over an HTTP upgrade for one of VISITORS_PATHS from this site's pages; refuses any other.
     * `address` is the client's (site/server/client.ts: behind a trusted proxy, the forwarded one), `requestId`
     * goes back in X-Request-Id. Returns the status answered (101 when it became a WebSocket), for the log.
     */
    handleUpgrade(
      request: IncomingMessage,
      socket: Duplex,
      head: Buffer,
      clientAddress: string,
      requestId: string,
    ): number {
      socket.on('error', () => socket.destroy());
      // Capped per address group: an IPv6 client's whole /64 is one (db/operations/rate-limit.ts).
      const address = addressGroup(clientAddress);
      try {
        const path = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || !VISITORS_PATHS.has(path!))
          return refuseUpgrade(socket, 404, 'Not Found', requestId);
        if (!allowed.has(request.headers.origin ?? '')) return refuseUpgrade(socket, 403, 'Forbidden', requestId);
        const mine = perAddress.get(address) ?? 0;
        if (mine >= maxPerAddress || taken >= maxTotal)
          return refuseUpgrade(socket, 429, 'Too Many Requests', requestId);
        perAddress.set(address, mine + 1);
        taken++;
        // The raw socket closes however it ends: a refused handshake, the client leaving, or shutdown.
        socket.once('close', () => {
          taken--;
          const left = (perAddress.get(address) ?? 1) - 1;
          if (left > 0) perAddress.set(address, left);
          else perAddress.delete(address);
        });
        requestIds.set(request, requestId);
        // Without verifyClient, ws completes the handshake or refuses it (a malformed one, with 400) before
        // handleUpgrade returns.
        let status = 400;
        wss.handleUpgrade(request, socket, head, (ws) => {
          status = 101;
          wss.emit('connection', ws, request);
        });
        return status;
      } catch {
        socket.destroy();
        return 500;
      }
    },
    online: () => wss.clients.size,
    close: () => {
      clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
