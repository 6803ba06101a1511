import { describe, expect, it } from 'vitest';
import { shortDate } from './cells.tsx';

describe('a short date in an admin table', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('leaves out this year, and names another', () => {
    expect(shortDate('2026-11-26T23:59:00.000Z', now)).toBe('Nov 26');
    expect(shortDate('2025-01-03T00:00:00.000Z', now)).toBe('Jan 3, 2025');
  });
  it('is the day in UTC, as the ISO date in its tooltip', () => {
    expect(shortDate('2026-03-01T00:30:00.000Z', now)).toBe('Mar 1');
  });
});
