import { describe, expect, it } from 'vitest';
import { cleanText, plural } from './text.ts';

describe('cleanText', () => {
  it.each([
    ['\u0000Invisible', 'Invisible'],
    ['\u0000', ''],
    ['\u0000\u0000', ''],
    ['Ada\u0007 Love\u001Blace\u007F', 'Ada Lovelace'],
    ['C1\u0085\u009B controls', 'C1 controls'],
    ['\u200B\u200E\u200F', ''],
    ['\u202Eevil\u202C', 'evil'],
    ['\u2066isolated\u2069\u2060\u2064', 'isolated'],
    ['\uFEFFbom', 'bom'],
    ['\u3164\u115F\u1160\uFFA0', ''],
    ['ad\u200Dmin', 'admin'],
    ['\u200C\u200D', ''],
    ['  spaced  ', 'spaced'],
  ])('%j becomes %j', (input, expected) => {
    expect(cleanText(input)).toBe(expected);
    expect(cleanText(input, { multiline: true })).toBe(expected);
  });

  it('drops lone surrogates and keeps pairs', () => {
    expect(cleanText('a\uD800b\uDC00c')).toBe('abc');
    expect(cleanText('😀 x \uD83D')).toBe('😀 x');
  });

  it('keeps joiners that join: emoji sequences and Persian or Indic spelling', () => {
    for (const word of ['👩\u200D💻', '👨🏽\u200D🚀', '❤️\u200D🔥', 'می\u200Cخواهم', 'क्\u200Dष'])
      expect(cleanText(word)).toBe(word);
  });

  it('turns tabs and line breaks into one space on a single line', () => {
    expect(cleanText('Ada\r\n\tLovelace\u2028x')).toBe('Ada Lovelace x');
    expect(cleanText('a@b.co\r\nBcc: x@y.co')).toBe('a@b.co Bcc: x@y.co');
  });

  it('keeps tabs and line breaks (as \\n) in multi-line text', () => {
    expect(cleanText('\n first\r\nsecond\rthird\u2029\tfourth \n', { multiline: true })).toBe(
      'first\nsecond\nthird\n\tfourth',
    );
    expect(cleanText('line\u0000\nnext\u000B', { multiline: true })).toBe('line\nnext');
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'Grace Hopper',
      'ｆｕｌｌｗｉｄｔｈ',
      'Ünïcödé — “quotes”',
      '<b>markup</b>',
      'Zoë O\u2019Brien',
    ])
      expect(cleanText(text)).toBe(text);
  });
});

describe('plural', () => {
  it('says one or many', () => {
    expect(plural(1, 'review')).toBe('1 review');
    expect(plural(0, 'review')).toBe('0 reviews');
    expect(plural(2, 'match', 'matches')).toBe('2 matches');
    expect(plural(1204, 'content')).toBe('1,204 contents');
  });
});
