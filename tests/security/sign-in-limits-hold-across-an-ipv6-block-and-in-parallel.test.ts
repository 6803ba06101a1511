/**
 * Two ways around the sign-in limits: every per-address limit was keyed on the exact address, so each
 * address of one IPv6 /64 (a single subscriber's block) got a counter of its own; and the slowdown of an
 * account under attack was a sleep inside each request, which parallel requests sat out side by side. After
 * 15 failures, 60 parallel guesses from 60 addresses of one /64 finished in 5.5 s with no 429. Limits now
 * count an IPv6 client by its /64 (db/operations/rate-limit.ts addressGroup), and a slowed account hands
 * out turns from a stored "next attempt not before" time (waitForTurn), so parallel guesses queue.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

// The production limits, and the test client as the trusted proxy that forwards each guesser's address.
const { server, api } = useServer({ seed: false, env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_SIGNIN_IP: '50/900' } });

const signInFrom = async (address: string, email: string, password: string) => {
  const response = await fetch(`${server.url}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  return response.status;
};

describe('sign-in guesses', () => {
  it('from 60 addresses of one IPv6 /64 count as one client: most are refused with 429', async () => {
    const { email, password } = await signUp(api, 'Guarded', { password: 'the-right-password-1' });
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signInFrom(`2001:db8:5:7::${(i + 1).toString(16)}`, email, i === 59 ? password : `guess-${i}`),
      ),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50);
  });

  it('in parallel on a slowed account take turns: of 60 from 60 separate blocks, only those whose turn comes within 10 s are tried', async () => {
    const { email, password } = await signUp(api, 'Guarded', { password: 'the-right-password-1' });
    // Twelve failures from as many addresses: the account is slowed (a turn a second from now on).
    for (let i = 0; i < 12; i++) expect(await signInFrom(`198.51.100.${i + 1}`, email, `warm-up-${i}`)).toBe(401);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signInFrom(`2001:db8:${(i + 100).toString(16)}::1`, email, i === 30 ? password : `guess-${i}`),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const tried = statuses.filter((s) => s !== 429).length;
    // A turn a second, at most 10 s ahead: about eleven tried, every other guess refused at once. Never more
    // than one a second of the burst (on a loaded machine the 60 arrive over more than a second).
    expect(tried).toBeGreaterThanOrEqual(1);
    expect(tried).toBeLessThanOrEqual(Math.max(12, Math.ceil(seconds) + 1));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(48);
    expect(seconds).toBeLessThan(15);
  }, 60_000);
});
