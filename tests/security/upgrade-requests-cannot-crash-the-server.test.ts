/**
 * An upgrade request whose target the URL parser cannot read ("//", "/\", "http://[") once threw out of the
 * server's upgrade listener and ended the process (decision 009). Each must get a 4xx, and the server stays
 * up, alone and with WEB_CONCURRENCY=2 (where a crash cost most of the requests sent right after it).
 */
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../setup/raw-http.ts';
import { useServer } from '../setup/use-server.ts';

const CRASHERS = ['//', '/\\', 'http://[', '//evil.example/ws', '/\\evil.example', 'http://[::1', '/ws/..//x', '*'];

const upgrade = (target: string) =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;

describe.each([1, 2])('upgrade requests with WEB_CONCURRENCY=%i', (workers) => {
  const { server } = useServer({ seed: false, env: { WEB_CONCURRENCY: String(workers) } });

  it('an unparseable upgrade target gets a 4xx and the server keeps serving', async () => {
    for (const target of CRASHERS) {
      const reply = await rawRequest(server.port, upgrade(target));
      expect(reply.status, `upgrade to ${target}`).toBeGreaterThanOrEqual(400);
      expect(reply.status, `upgrade to ${target}`).toBeLessThan(500);
    }
    // Probes right after the hostile requests: every one answered, nobody restarted.
    const probes = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${server.url}/api/test`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    expect(probes.every((status) => status === 200)).toBe(true);
    expect(server.process.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/Invalid URL|ended \(/);
  });
});
