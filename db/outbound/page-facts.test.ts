import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPageFacts } from './page-facts.ts';

// Addresses under .invalid never resolve (RFC 6761): each read ends at once, with no facts, and no other site is visited.
const page = (n: number) => `https://page-${n}.example.invalid/`;

describe('a page read a moment ago', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is shared by the next reader of the same address for a minute, then read again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1) });
    const first = fetchPageFacts(page(1));
    expect(fetchPageFacts(page(1))).toBe(first);
    expect(fetchPageFacts(page(2))).not.toBe(first);
    expect(await first).toBeUndefined();
    vi.setSystemTime(Date.UTC(2026, 0, 1) + 61_000);
    expect(fetchPageFacts(page(1))).not.toBe(first);
  });

  it('is not shared with a reader that asks with limits of its own', () => {
    const usual = fetchPageFacts(page(3));
    expect(fetchPageFacts(page(3), { timeoutMs: 500 })).not.toBe(usual);
    expect(fetchPageFacts(page(3))).toBe(usual);
  });

  it('is forgotten, oldest first, past two hundred addresses', () => {
    const oldest = fetchPageFacts(page(100));
    const newer = fetchPageFacts(page(101));
    for (let n = 0; n < 199; n++) fetchPageFacts(page(1000 + n));
    expect(fetchPageFacts(page(101))).toBe(newer);
    expect(fetchPageFacts(page(100))).not.toBe(oldest);
  });
});
