/**
 * Requests that were once answered with a 500, with the wrong page, or not at all. Each now gets a 4xx with a
 * JSON message and the usual security headers (the request gate, decision 009). (Redirect targets with CR, LF
 * or non-Latin-1 text: redirects-stay-on-this-site.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { headerOf, rawRequest, type RawReply } from '../setup/raw-http.ts';
import { useServer } from '../setup/use-server.ts';

const { server } = useServer();

const send = (requestLine: string, headers: string[] = ['Host: 127.0.0.1'], body = '') =>
  rawRequest(server.port, `${requestLine}\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`);

function expectClientError(reply: RawReply, status?: number) {
  if (status) expect(reply.status).toBe(status);
  expect(reply.status).toBeGreaterThanOrEqual(400);
  expect(reply.status).toBeLessThan(500);
}

function expectSecurityHeaders(reply: RawReply) {
  expect(headerOf(reply, 'x-content-type-options')).toBe('nosniff');
  expect(headerOf(reply, 'x-frame-options')).toBe('DENY');
  expect(headerOf(reply, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('malformed requests', () => {
  it.each(['a@b', 'a/b', '[', 'http://[', 'evil example', 'a:b:c', ':80', 'localhost:99999'])(
    'Host %j gets 400, for a page and for the API',
    async (host) => {
      for (const line of ['GET / HTTP/1.1', 'GET /search HTTP/1.1', 'POST /api/users/signin HTTP/1.1']) {
        const reply = await send(line, [`Host: ${host}`, 'Content-Type: application/json', 'Content-Length: 2'], '{}');
        expectClientError(reply, 400);
        expect(JSON.parse(reply.body).message).toMatch(/Host/);
      }
    },
  );

  it('two Host headers get 400 (RFC 9112)', async () => {
    const reply = await send('GET / HTTP/1.1', ['Host: 127.0.0.1', 'Host: evil.example']);
    expectClientError(reply, 400);
  });

  it('a Host of a/b does not change routing', async () => {
    const reply = await send('GET /search HTTP/1.1', ['Host: a/b']);
    expectClientError(reply, 400);
  });

  it.each(['TRACE', 'TRACK', 'PROPFIND', 'MKCOL', 'COPY', 'LOCK'])(
    '%s gets 405 with Allow and the security headers',
    async (method) => {
      for (const path of ['/', '/api/contents']) {
        const reply = await send(`${method} ${path} HTTP/1.1`);
        if (method === 'TRACK') {
          expectClientError(reply); // not an HTTP method Node parses: refused at the parser
          continue;
        }
        expectClientError(reply, 405);
        expect(headerOf(reply, 'allow')).toContain('GET');
        expectSecurityHeaders(reply);
      }
    },
  );

  it.each(['PUT', 'PATCH', 'DELETE', 'POST', 'PROPFIND'])('%s on a page gets 405, not the page', async (method) => {
    for (const path of ['/', '/search', '/content/freecodecamp', '/admin']) {
      const reply = await send(`${method} ${path} HTTP/1.1`, ['Host: 127.0.0.1', 'Content-Length: 0']);
      expectClientError(reply, 405);
      expect(headerOf(reply, 'allow')).toBe('GET, HEAD, OPTIONS');
      expect(reply.body).not.toContain('<html');
      expectSecurityHeaders(reply);
    }
  });

  it.each(['PUT', 'PATCH', 'DELETE', 'PROPFIND'])(
    '%s on an account form page gets 405 (it takes only its own form post)',
    async (method) => {
      for (const path of ['/signin', '/signup', '/forget-password', '/reset-password/some-token']) {
        const reply = await send(`${method} ${path} HTTP/1.1`, ['Host: 127.0.0.1', 'Content-Length: 0']);
        expectClientError(reply, 405);
        expect(headerOf(reply, 'allow')).toBe('GET, HEAD, POST, OPTIONS');
        expectSecurityHeaders(reply);
      }
    },
  );

  it('a form post to an account page without our Origin is refused, never the page', async () => {
    const reply = await send('POST /signin HTTP/1.1', [
      'Host: 127.0.0.1',
      'Content-Type: application/x-www-form-urlencoded',
      'Content-Length: 0',
    ]);
    expectClientError(reply, 403);
    expect(reply.body).not.toContain('<html');
  });

  it('a method an endpoint does not implement gets 405 with the methods it does', async () => {
    const reply = await send('DELETE /api/users/signin HTTP/1.1', ['Host: 127.0.0.1', 'Content-Length: 0']);
    expectClientError(reply, 405);
    expect(headerOf(reply, 'allow')).toBe('POST, OPTIONS');
    expect(JSON.parse(reply.body).message).toBe('DELETE is not allowed here');
    const options = await send('OPTIONS /api/contents/abc HTTP/1.1');
    expect(options.status).toBe(204);
    expect(headerOf(options, 'allow')).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
  });

  it('CONNECT gets an answer: 405', async () => {
    const reply = await rawRequest(server.port, 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n', {
      timeoutMs: 3000,
    });
    expect(reply.timedOut).toBe(false);
    expectClientError(reply, 405);
    expectSecurityHeaders(reply);
  });

  it.each(['//', '/\\', '//evil.example/', '/%zz', '/search?q=%E6%97'])(
    'the target %j gets 400 with a message',
    async (target) => {
      const reply = await send(`GET ${target} HTTP/1.1`);
      expectClientError(reply, 400);
      expect(JSON.parse(reply.body).message).toMatch(/address is not valid/);
      expectSecurityHeaders(reply);
    },
  );

  it('a client that hangs up in the middle of a body neither crashes the server nor fills its error log', async () => {
    const { connect } = await import('node:net');
    const before = server.output().length;
    const hangUp = (path: string) =>
      new Promise<void>((resolve) => {
        const socket = connect(server.port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{"email":"a`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    for (let i = 0; i < 5; i++)
      await Promise.all(['/api/users/signin', '/api/users/signup', '/api/users/forget-password'].map(hangUp));
    await new Promise((r) => setTimeout(r, 200));
    expect(server.output().slice(before)).not.toMatch(/aborted|ECONNRESET|Error/);
    expect((await fetch(`${server.url}/api/test`)).status).toBe(200);
  });

  it('the server is still up and serving after all of it', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(server.process.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/TypeError|Invalid URL/);
  });
});
