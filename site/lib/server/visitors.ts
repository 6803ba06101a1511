/**
 * The home page's WebSocket (SPEC §7): every open connection counts as a visitor online, and every
 * connection is told the count whenever it changes. Per process: with several server processes, each
 * counts its own connections.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

export const VISITORS_PATH = '/ws';

export function createVisitorsHub() {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const broadcast = () => {
    const message = JSON.stringify({ type: 'visitors', online: wss.clients.size });
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(message);
  };
  wss.on('connection', (socket: WebSocket) => {
    socket.on('close', broadcast);
    socket.on('error', () => socket.terminate());
    broadcast();
  });
  return {
    /** Takes over an HTTP upgrade for VISITORS_PATH; refuses any other. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      if (new URL(request.url ?? '/', 'http://x').pathname !== VISITORS_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    online: () => wss.clients.size,
    close: () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
