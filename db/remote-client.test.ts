/**
 * When an exchange with a libSQL server is given up as lost (the queues themselves are tested against a real
 * sqld in tests/sqld/call-queues.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { lostAfterMs } from './remote-client.ts';

describe('an answer a libSQL server never sends', () => {
  it('is taken as lost after a minute, far past a short deadline, or after twice a deadline longer than half a minute', () => {
    // A short deadline (an overload test's 0.5 s): cutting at twice it handed turns back while the server
    // still ran their calls, and a burst piled up there.
    expect(lostAfterMs(500)).toBe(60_000);
    expect(lostAfterMs(5_000)).toBe(60_000);
    expect(lostAfterMs(30_000)).toBe(60_000);
    expect(lostAfterMs(45_000)).toBe(90_000);
  });
});
