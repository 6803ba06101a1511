/**
 * Every WebSocket connect and close once told every client the new count, so N sockets cost N² frames; any
 * number of sockets from one address, from any site, was accepted. Now the count goes out at most once a
 * second whatever the churn, sockets are capped per address and in total, and only this site's pages (its
 * Origin) may connect.
 */
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { useServer } from '../setup/use-server.ts';

const { server } = useServer({ seed: false, env: { VISITORS_MAX_PER_ADDRESS: '40', VISITORS_MAX_TOTAL: '60' } });

interface Client {
  socket: WebSocket;
  counts: number[];
}

/** Opens a socket; resolves with it once open, or with the HTTP status the server refused it with. */
function open(options: { origin?: string; localAddress?: string } = {}): Promise<Client | number> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
    origin: options.origin ?? server.url,
    localAddress: options.localAddress,
  });
  const counts: number[] = [];
  socket.on('message', (data) => counts.push(JSON.parse(String(data)).online));
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ socket, counts }));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve(0));
  });
}

const openMany = async (n: number, options?: Parameters<typeof open>[0]) =>
  Promise.all(Array.from({ length: n }, () => open(options)));
const closeAll = (clients: Array<Client | number>) => {
  for (const c of clients) if (typeof c !== 'number') c.socket.terminate();
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the visitors WebSocket under a flood', () => {
  it('sends each client at most about one count per second, however many sockets come and go', async () => {
    const watcher = (await open()) as Client;
    await sleep(1200);
    const before = watcher.counts.length;
    // 30 connects and 30 closes within a moment: before, the watcher heard one message per change (60).
    const crowd = await openMany(30);
    closeAll(crowd);
    const started = Date.now();
    await sleep(2500);
    const heard = watcher.counts.length - before;
    const seconds = (Date.now() - started) / 1000 + 1;
    expect(heard).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    // …and the count it ends with is right.
    expect(watcher.counts.at(-1)).toBe(1);
    watcher.socket.terminate();
  });

  it('refuses sockets from another site and from clients that send no Origin', async () => {
    expect(await open({ origin: 'https://evil.example' })).toBe(403);
    expect(await open({ origin: server.url.replace('127.0.0.1', 'localhost') })).toBe(403);
    const bare = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
    const status = await new Promise<number>((resolve) => {
      bare.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      bare.once('open', () => resolve(101));
    });
    expect(status).toBe(403);
  });

  it('caps sockets per client address, and frees the slots when they close', async () => {
    const first = await openMany(40);
    expect(first.every((c) => typeof c !== 'number')).toBe(true);
    expect(await open()).toBe(429);
    // Another address is not held back by this one.
    const other = await open({ localAddress: '127.0.0.2' });
    expect(typeof other).not.toBe('number');
    closeAll([...first, other]);
    await sleep(300);
    const again = await open();
    expect(typeof again).not.toBe('number');
    closeAll([again]);
  });

  it('caps sockets in total across addresses', async () => {
    const a = await openMany(35, { localAddress: '127.0.0.3' });
    const b = await openMany(35, { localAddress: '127.0.0.4' });
    const accepted = [...a, ...b].filter((c) => typeof c !== 'number').length;
    const refused = [...a, ...b].filter((c) => c === 429).length;
    expect(accepted).toBe(60);
    expect(refused).toBe(10);
    closeAll([...a, ...b]);
  });

  it('the API answers and the process stays up while a client churns sockets', async () => {
    const churn = (async () => {
      for (let i = 0; i < 10; i++) closeAll(await openMany(30, { localAddress: '127.0.0.5' }));
    })();
    const response = await fetch(`${server.url}/api/test`);
    expect(response.status).toBe(200);
    await churn;
    expect(server.process.exitCode).toBeNull();
  });
});
