import { describe, expect, it } from 'vitest';
import { isoDay, summarize } from './text.ts';

describe('summarize', () => {
  it('keeps a short text as it is, whitespace collapsed', () => {
    expect(summarize('  A short\n\ntext. ')).toBe('A short text.');
  });

  it('cuts a long text at a word boundary within the limit and adds an ellipsis', () => {
    const text = 'word '.repeat(60);
    const summary = summarize(text, 50);
    expect(summary.length).toBeLessThanOrEqual(50);
    expect(summary.endsWith('word…')).toBe(true);
  });

  it('cuts inside a very long word rather than returning almost nothing', () => {
    const summary = summarize('x'.repeat(300), 20);
    expect(summary).toBe(`${'x'.repeat(19)}…`);
  });

  it('drops punctuation left dangling before the ellipsis', () => {
    expect(summarize('alpha beta, gamma delta epsilon', 18)).toBe('alpha beta, gamma…');
    expect(summarize('alpha beta gamma, delta epsilon', 18)).toBe('alpha beta gamma…');
  });
});

describe('isoDay', () => {
  it('is the first 10 characters of the timestamp', () => {
    expect(isoDay('2024-05-06T07:08:09.000Z')).toBe('2024-05-06');
  });
});
