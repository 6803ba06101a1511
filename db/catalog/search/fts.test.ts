import { describe, expect, it } from 'vitest';
import { ftsQuery, lastWordIsPrefix, MAX_TERMS, searchWords } from './fts.ts';

describe('search words', () => {
  it('keeps letters and digits, lowercased, and drops every FTS operator', () => {
    expect(searchWords('Python AND "data" OR (ml) -java * NEAR(x y)')).toEqual([
      'python',
      'and',
      'data',
      'or',
      'ml',
      'java',
      'near',
      'x',
      'y',
    ]);
  });

  it('keeps non-latin words and drops emoji', () => {
    expect(searchWords('数据 科学 🚀 café')).toEqual(['数据', '科学', 'café']);
  });

  it('caps the number and length of words from a huge input', () => {
    const words = searchWords(`${'x'.repeat(5000)} a b c d e f g h i j k l m n o p`);
    expect(words).toHaveLength(MAX_TERMS);
    expect(words[0]).toHaveLength(64);
  });
});

describe('words that name things with symbols', () => {
  it('keeps + and # on a word, as the index does', () => {
    expect(searchWords('C++ and C# or F#, not c')).toEqual(['c++', 'and', 'c#', 'or', 'f#', 'not', 'c']);
    expect(searchWords('node.js .NET asp.net')).toEqual(['node', 'js', 'net', 'asp', 'net']);
  });

  it('has no word in symbols alone', () => {
    for (const input of ['%', '_', '++', '#', '%_%', '...', '-']) expect(searchWords(input)).toEqual([]);
  });

  it('matches the last word as a prefix only while it is being typed', () => {
    expect(lastWordIsPrefix('pyth')).toBe(true);
    expect(lastWordIsPrefix('machine lear ')).toBe(true);
    for (const input of ['c++', 'c#', '.net', 'node.js', 'f#']) expect(lastWordIsPrefix(input)).toBe(false);
    expect(ftsQuery(['c++'], new Map(), false)).toBe('"c++"');
  });
});

describe('FTS query', () => {
  it('quotes every word and makes the last a prefix', () => {
    expect(ftsQuery(['machine', 'learn'])).toBe('"machine" AND "learn"*');
  });

  it('offers alternatives for a misspelt word', () => {
    expect(ftsQuery(['javscript'], new Map([['javscript', ['javascript']]]))).toBe('("javscript" OR "javascript")');
  });
});
