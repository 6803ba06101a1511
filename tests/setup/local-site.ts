/**
 * Small HTTP servers on this machine that tests point contents and submissions at: each answers as its
 * handler says and records every request it got (method, path, time).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LocalSite {
  /** http://127.0.0.1:<port> (no trailing slash). */
  url: string;
  port: number;
  requests: Array<{ method: string; path: string; at: number }>;
  close: () => Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startLocalSite(handler: Handler, host = '127.0.0.1'): Promise<LocalSite> {
  const requests: LocalSite['requests'] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', at: Date.now() });
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A page with this title (and optional og:title). */
export const page = (title: string, ogTitle?: string) =>
  `<!doctype html><html><head>${ogTitle ? `<meta property="og:title" content="${ogTitle}">` : ''}<title>${title}</title></head><body>Hello</body></html>`;
