/**
 * An outside review timed the forgotten-password form: over 60 requests each, the median answer took 4.8 ms
 * for a registered address and 8.3 ms for an unknown one. The request and the worker behind it now run the
 * same statements for any address (tests/security/whether-an-email-has-an-account-stays-unknown.test.ts);
 * this times them as a prober would, against the real server: each address asked once, registered and
 * unknown in pairs, the order inside a pair alternating (ABBA), so that a slow moment of the machine costs
 * both sides alike. The pairs' differences must centre on nothing: their median within 1 ms, or a quarter of
 * an answer's median time on a slow machine.
 */
import { expect, it } from 'vitest';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const PAIRS = 80;

const { api } = useServer({ seed: false });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function timed(email: string): Promise<number> {
  const started = performance.now();
  const res = await api.call('forgetPassword', {
    body: { email },
  });
  const ms = performance.now() - started;
  expect(res.status).toBe(200);
  return ms;
}

it('a registered address is answered in the same time as an unknown one', async () => {
  const registered: string[] = [];
  for (let i = 0; i < PAIRS; i++) {
    registered.push((await signUp(api, 'Timed', { email: uniqueEmail('timed-known') })).email);
  }
  // Warm the path (the first answers compile and open what later ones reuse).
  for (let i = 0; i < 10; i++) await timed(uniqueEmail('warm-up'));

  const known: number[] = [];
  const unknown: number[] = [];
  const differences: number[] = [];
  for (const [i, email] of registered.entries()) {
    let k: number;
    let u: number;
    if (i % 2 === 0) {
      k = await timed(email);
      u = await timed(uniqueEmail('timed-nobody'));
    } else {
      u = await timed(uniqueEmail('timed-nobody'));
      k = await timed(email);
    }
    known.push(k);
    unknown.push(u);
    differences.push(k - u);
  }
  const tolerance = Math.max(1, 0.25 * median([...known, ...unknown]));
  const summary = `medians: registered ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms, paired difference ${median(differences).toFixed(2)} ms (tolerance ${tolerance.toFixed(2)} ms)`;
  expect(Math.abs(median(differences)), summary).toBeLessThanOrEqual(tolerance);
}, 120_000);
