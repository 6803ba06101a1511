import { describe, expect, it } from 'vitest';
import { groupOf, idOfWord, utf8Of, wordAt, wordCount, wordGroupsOf, wordHasPart, wordTableOf } from './word-table.ts';

const WORDS = ['python', 'pythonic', 'données', 'café', '中文', 'x', '𝔸lgebra', 'c++', ''];
// Enough words that many share a first slot: found past their collisions.
const MANY = Array.from({ length: 20_000 }, (_, n) => `w${n.toString(36)}`);

describe('a table of words outside the heap', () => {
  it('finds each word by its id and each id by its word, in any script', () => {
    const table = wordTableOf([...WORDS, ...MANY]);
    expect(wordCount(table)).toBe(WORDS.length + MANY.length);
    for (const [id, word] of [...WORDS, ...MANY].entries()) {
      expect(wordAt(table, id)).toBe(word);
      expect(idOfWord(table, word)).toBe(id);
    }
  });

  it('holds its words over shared memory, for the search helper to read in place', () => {
    const table = wordTableOf(WORDS);
    for (const array of [table.bytes, table.starts, table.slots])
      expect(array.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('finds no id for a word it does not hold, however close', () => {
    const table = wordTableOf([...WORDS, ...MANY]);
    for (const word of ['pytho', 'pythons', 'Python', 'cafe', '中', 'w', `w${(20_000).toString(36)}`, 'donnees'])
      expect(idOfWord(table, word)).toBeUndefined();
    expect(idOfWord(wordTableOf([]), 'python')).toBeUndefined();
  });

  it('tells the words longer than a part that start or end with it, on their bytes', () => {
    const table = wordTableOf(WORDS);
    const starting = (part: string) => WORDS.filter((_, id) => wordHasPart(table, id, utf8Of(part), false)).sort();
    const ending = (part: string) => WORDS.filter((_, id) => wordHasPart(table, id, utf8Of(part), true)).sort();
    expect(starting('py')).toEqual(['python', 'pythonic']);
    expect(starting('python')).toEqual(['pythonic']);
    expect(starting('caf')).toEqual(['café']);
    expect(ending('é')).toEqual(['café']);
    expect(ending('es')).toEqual(['données']);
    expect(ending('python')).toEqual([]);
  });
});

describe('groups of word ids under keys', () => {
  it('answers each key its ids in order, and none for a key without a group', () => {
    const groups = wordGroupsOf(
      new Map([
        ['py', [0, 1]],
        ['ca', [3]],
        ['中', [4]],
      ]),
    );
    expect([...groupOf(groups, 'py')]).toEqual([0, 1]);
    expect([...groupOf(groups, 'ca')]).toEqual([3]);
    expect([...groupOf(groups, '中')]).toEqual([4]);
    expect([...groupOf(groups, 'zz')]).toEqual([]);
  });

  it('keeps as one group keys cut inside a surrogate pair, as a lookup by the same cut finds them', () => {
    const [a, b] = ['𝔸lgebra', '😀ok'];
    const groups = wordGroupsOf(
      new Map([
        [a[0]!, [0]],
        [b[0]!, [1]],
        [a.slice(1, 3), [2]],
      ]),
    );
    expect([...groupOf(groups, a[0]!)]).toEqual([0, 1]);
    expect([...groupOf(groups, a.slice(1, 3))]).toEqual([2]);
  });
});
