import { describe, expect, it } from 'vitest';
import { closestTerms, editDistance } from './typos.ts';

describe('edit distance', () => {
  it.each([
    ['javscript', 'javascript', 1],
    ['pyhton', 'python', 1],
    ['kitten', 'sitting', 3],
    ['same', 'same', 0],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b, 3)).toBe(d);
  });

  it('stops early past the limit', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
  });
});

describe('closest terms', () => {
  const vocabulary = [
    { term: 'javascript', doc: 40 },
    { term: 'java', doc: 30 },
    { term: 'python', doc: 50 },
    { term: 'pythons', doc: 1 },
  ];

  it('finds the common word a typo meant', () => {
    expect(closestTerms('javscript', vocabulary)).toEqual(['javascript']);
    expect(closestTerms('pyhton', vocabulary)[0]).toBe('python');
  });

  it('leaves short words alone (too many near misses)', () => {
    expect(closestTerms('jav', vocabulary)).toEqual([]);
  });
});
