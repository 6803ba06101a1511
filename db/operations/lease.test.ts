import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { currentLease, releaseLease, takeLease, withLease } from './lease.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

describe('leases', () => {
  it('one holder at a time: another may take it only once it lapsed or was released', async () => {
    expect(await takeLease(t.db, 'job', 'a', 60_000)).toBe(true);
    expect(await takeLease(t.db, 'job', 'b', 60_000)).toBe(false);
    // Its holder renews it.
    expect(await takeLease(t.db, 'job', 'a', 60_000)).toBe(true);
    expect(await currentLease(t.db, 'job')).toMatchObject({ holder: 'a' });
    await releaseLease(t.db, 'job', 'b'); // not b's to release
    expect(await takeLease(t.db, 'job', 'b', 60_000)).toBe(false);
    await releaseLease(t.db, 'job', 'a');
    expect(await takeLease(t.db, 'job', 'b', 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    // b's lease lapsed (its process died): a takes it.
    expect(await takeLease(t.db, 'job', 'a', 60_000)).toBe(true);
  });

  it('of many racing for it, exactly one wins', async () => {
    const wins = await Promise.all(
      Array.from({ length: 20 }, (_, i) => takeLease(t.db, 'race', `holder-${i}`, 60_000)),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('withLease runs the work only when it gets the lease, and gives it up after', async () => {
    let inner: Awaited<ReturnType<typeof withLease>> | undefined;
    const outer = await withLease(t.db, 'job', 60_000, async () => {
      inner = await withLease(t.db, 'job', 60_000, async () => 'second');
      return 'first';
    });
    expect(outer).toEqual({ ran: true, value: 'first' });
    expect(inner).toMatchObject({ ran: false, holder: expect.stringMatching(/:\d+:[0-9a-f]{8}$/) });
    expect(await currentLease(t.db, 'job')).toBeUndefined();
    expect(await withLease(t.db, 'job', 60_000, async () => 'again')).toEqual({ ran: true, value: 'again' });
  });
});
