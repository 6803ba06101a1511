import { describe, expect, it } from 'vitest';
import { countMessage, markedParts } from './suggest-box.ts';

describe('a suggestion’s label, marked', () => {
  it('splits the label at the server’s offsets', () => {
    expect(markedParts('Machine Learning', [[0, 4]])).toEqual([
      { text: 'Mach', marked: true },
      { text: 'ine Learning', marked: false },
    ]);
    expect(
      markedParts('Practical Machine Learning', [
        [10, 14],
        [18, 20],
      ])
        .map((p) => (p.marked ? `[${p.text}]` : p.text))
        .join(''),
    ).toBe('Practical [Mach]ine [Le]arning');
  });

  it('ignores offsets out of order, out of range or empty, keeping the whole label as text', () => {
    const parts = markedParts('Rust', [
      [2, 1],
      [3, 9],
      [-1, 2],
      [1, 1],
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('Rust');
    expect(parts.some((p) => p.marked)).toBe(false);
  });

  it('says how many there are', () => {
    expect(countMessage(0)).toBe('No suggestions. Press Enter to search.');
    expect(countMessage(1)).toMatch(/^1 suggestion\./);
    expect(countMessage(8)).toMatch(/^8 suggestions\./);
  });
});
