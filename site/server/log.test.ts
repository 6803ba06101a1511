import { describe, expect, it } from 'vitest';
import { loggablePath } from './log.ts';

describe('paths as the request log writes them', () => {
  it('a reset link keeps its route but not its token', () => {
    expect(loggablePath('/reset-password/abcDEF123')).toBe('/reset-password/[redacted]');
    expect(loggablePath('/reset-password/abcDEF123?x=1')).toBe('/reset-password/[redacted]?x=1');
  });

  it('secret query values are replaced, the rest kept as sent', () => {
    expect(loggablePath('/api/x?token=s3cret&page=2')).toBe('/api/x?token=[redacted]&page=2');
    expect(loggablePath('/signin?password=hunter2&redirect=%2Fsaved')).toBe(
      '/signin?password=[redacted]&redirect=%2Fsaved',
    );
    expect(loggablePath('/x?reset%5Ftoken=abc')).toBe('/x?reset%5Ftoken=[redacted]');
    expect(loggablePath('/search?q=rust&category=web')).toBe('/search?q=rust&category=web');
    expect(loggablePath('/search?q=keyboard+shortcuts')).toBe('/search?q=keyboard+shortcuts');
    expect(loggablePath('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
  });

  it('a query value naming a page whose address holds a secret is replaced, whatever its name', () => {
    expect(loggablePath('/signin?redirect=%2Freset-password%2Fabc')).toBe('/signin?redirect=[redacted]');
    expect(loggablePath('/signin?redirect=%2Funsubscribe%3Ftoken%3Dabc&x=1')).toBe('/signin?redirect=[redacted]&x=1');
    expect(loggablePath('/search?next=/reset-password/abc&q=rust')).toBe('/search?next=[redacted]&q=rust');
    expect(loggablePath('/x?back=https%3A%2F%2Fskillshelf.example%2Freset-password%2Fabc')).toBe('/x?back=[redacted]');
    expect(loggablePath('/x?%2Freset-password%2Fabc')).toBe('/x?[redacted]');
    expect(loggablePath('/signin?redirect=%2Fsaved')).toBe('/signin?redirect=%2Fsaved');
  });

  it('a long target is cut', () => {
    expect(loggablePath(`/search?q=${'a'.repeat(1000)}`).length).toBeLessThanOrEqual(301);
  });
});
