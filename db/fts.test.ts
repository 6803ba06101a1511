import { describe, expect, it } from 'vitest';
import { ftsQuery, MAX_TERMS, searchWords } from './fts.ts';

describe('search words', () => {
  it('keeps letters and digits, lowercased, and drops every FTS operator', () => {
    expect(searchWords('Python AND "data" OR (ml) -java * NEAR(x y)')).toEqual(['python', 'and', 'data', 'or', 'ml', 'java', 'near', 'x', 'y']);
  });

  it('keeps non-latin words and drops emoji', () => {
    expect(searchWords('数据 科学 🚀 café')).toEqual(['数据', '科学', 'café']);
  });

  it('caps the number and length of words from a huge input', () => {
    const words = searchWords('x'.repeat(5000) + ' a b c d e f g h i j k l m n o p');
    expect(words).toHaveLength(MAX_TERMS);
    expect(words[0]).toHaveLength(64);
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
