/**
 * Each sign-in attempt must be counted before its password is looked at: counted only after the password is
 * verified, concurrent guesses all pass the check before any is counted (40 at once got 17–18 verifications
 * against a limit of 10).
 */
import { expect, it } from 'vitest';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

// RATE_LIMIT_SIGNIN_ACCOUNT stays at its default, 10 per 15 minutes.
const { api } = useServer();

it('40 concurrent wrong passwords from one address get at most 10 verdicts; the rest are refused unverified', async () => {
  const account = await signUp(api, 'Guess Target', { password: 'the-right-password' });
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      api.call('signIn', {
        body: { email: account.email, password: `guess-${i}` },
      }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
  expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  for (const refused of results.filter((r) => r.status === 429))
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
});

it('an unknown email is counted the same way, so guessing does not tell which emails exist', async () => {
  const email = uniqueEmail('nobody');
  const statuses = (
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.call('signIn', {
          body: { email, password: `guess-${i}` },
        }),
      ),
    )
  ).map((r) => r.status);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
});
