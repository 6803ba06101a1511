/** The home page's WebSocket (/ws): each client hears the number of visitors online whenever it changes. */
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { useServer } from '../setup/use-server.ts';

const { server } = useServer({ seed: false });

function connect(): Promise<{ socket: WebSocket; messages: Array<{ type: string; online: number }> }> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { origin: server.url });
  const messages: Array<{ type: string; online: number }> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('error', reject);
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe('visitors online', () => {
  it('counts connections as they come and go', async () => {
    const a = await connect();
    await until(() => a.messages.at(-1)?.online === 1);
    const b = await connect();
    await until(() => a.messages.at(-1)?.online === 2 && b.messages.at(-1)?.online === 2);
    b.socket.close();
    await until(() => a.messages.at(-1)?.online === 1);
    expect(a.messages.every((m) => m.type === 'visitors')).toBe(true);
    a.socket.close();
  });

  it('refuses an upgrade on any other path', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/elsewhere`);
    const outcome = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('open'));
      socket.once('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
  });
});
