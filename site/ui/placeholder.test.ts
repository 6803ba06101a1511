import { describe, expect, it } from 'vitest';
import { placeholderTile } from './placeholder.ts';

describe('placeholderTile', () => {
  it("shows the name's first letter or digit, upper-cased", () => {
    expect(placeholderTile('freeCodeCamp').letter).toBe('F');
    expect(placeholderTile('  30 seconds of code').letter).toBe('3');
    expect(placeholderTile('«éclair»').letter).toBe('É');
    expect(placeholderTile('').letter).toBe('?');
    expect(placeholderTile('!!!').letter).toBe('?');
  });

  it('derives the colour from the name, the same every time', () => {
    expect(placeholderTile('MDN Web Docs').background).toBe(placeholderTile('MDN Web Docs').background);
    expect(placeholderTile('MDN Web Docs').background).toMatch(/^oklch\(0\.45 0\.12 \d{1,3}\)$/);
  });

  it('gives different names different colours (mostly)', () => {
    const names = [
      'freeCodeCamp',
      'MDN Web Docs',
      'Khan Academy',
      'Coursera',
      'edX',
      'The Odin Project',
      'Exercism',
      'Kaggle',
    ];
    const colours = new Set(names.map((n) => placeholderTile(n).background));
    expect(colours.size).toBeGreaterThanOrEqual(6);
  });
});
