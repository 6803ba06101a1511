/**
 * Ten wrong passwords from anyone once locked an account for 15 minutes, its owner and admins included.
 * Failures are now refused per account and client address; the account as a whole is only slowed down (OWASP,
 * Authentication Cheat Sheet: "Account Lockout"). The server sees each test client by its real source
 * address: these requests leave from other loopback addresses (127.0.0.2, …), as a person on another network
 * would.
 */
import { request } from 'node:http';
import { expect, it } from 'vitest';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';

// RATE_LIMIT_SIGNIN_ACCOUNT stays at its default, 10 failures per 15 minutes.
const { server } = useServer();

interface Reply {
  status: number;
  retryAfter: number;
  ms: number;
}

/** A sign-in sent from `address` (a loopback address of this machine) to the server. */
function signInFrom(address: string, credentials: { email: string; password: string }): Promise<Reply> {
  const body = JSON.stringify(credentials);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress: address,
        method: 'POST',
        path: '/api/users/signin',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: Number(res.headers['retry-after'] ?? 0),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const wrong = (i: number) => ({ email: DEMO_ADMIN.email, password: `stranger-guess-${i}` });

it('ten wrong passwords from a stranger do not lock the admin out: the admin signs in from another address', async () => {
  for (let i = 0; i < 10; i++) expect((await signInFrom('127.0.0.1', wrong(i))).status).toBe(401);
  expect((await signInFrom('127.0.0.2', DEMO_ADMIN)).status).toBe(200);
});

it("the stranger's address stays refused for that account, even with the right password, with Retry-After", async () => {
  const refused = await signInFrom('127.0.0.1', DEMO_ADMIN);
  expect(refused.status).toBe(429);
  expect(refused.retryAfter).toBeGreaterThan(800);
  expect(refused.retryAfter).toBeLessThanOrEqual(900);
});

it('more failures from more addresses slow the account down but never refuse its owner', async () => {
  for (const address of ['127.0.0.3', '127.0.0.4']) {
    for (let i = 0; i < 2; i++) expect((await signInFrom(address, wrong(i))).status).toBe(401);
  }
  const owner = await signInFrom('127.0.0.2', DEMO_ADMIN);
  expect(owner.status).toBe(200);
  // Fourteen failures in the window: the owner waited (a lower bound only: a busy machine is slower, never faster).
  expect(owner.ms).toBeGreaterThanOrEqual(1000);
}, 60_000);
