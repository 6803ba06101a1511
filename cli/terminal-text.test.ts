import { describe, expect, it } from 'vitest';
import { truncate, visible, visibleJson, visibleLines } from './terminal-text.ts';

const hostile = 'Nice course\u001b[8m HIDDEN\u001b[0m\u001b]52;c;ZXZpbA==\u0007\u001b[1A\u001b[2K';

describe('visible', () => {
  it('shows escape sequences, BEL and C1 controls as escapes', () => {
    expect(visible(hostile)).toBe('Nice course\\x1b[8m HIDDEN\\x1b[0m\\x1b]52;c;ZXZpbA==\\x07\\x1b[1A\\x1b[2K');
    expect(visible('a\u009b31mb\u0085c\u007f\u0000')).toBe('a\\x9b31mb\\x85c\\x7f\\x00');
  });

  it('shows line breaks, tabs and bidi or zero-width characters as escapes: the text stays on one line, in order', () => {
    expect(visible('one\ntwo\r\tthree')).toBe('one\\ntwo\\r\\tthree');
    expect(visible('admin\u202egpj.exe \u2066x\u2069 a\u200bb \u2028\u2029\ufeff')).toBe(
      'admin\\u202egpj.exe \\u2066x\\u2069 a\\u200bb \\u2028\\u2029\\ufeff',
    );
    expect(visible('tag \u{e0041}')).toBe('tag \\u{e0041}');
  });

  it('leaves ordinary text alone, accents, emoji and other scripts included, and is idempotent', () => {
    const text = 'Ada Lovelace — Café ☕ 日本語 ελληνικά C:\\path "quoted" <b>';
    expect(visible(text)).toBe(text);
    expect(visible(visible(hostile))).toBe(visible(hostile));
  });
});

describe('visibleLines', () => {
  it('keeps line breaks and escapes everything else', () => {
    expect(visibleLines('a\u001b[2K\nb\r\n')).toBe('a\\x1b[2K\nb\\r\n');
  });
});

describe('visibleJson', () => {
  it('leaves no control or format character raw and parses back to the same value', () => {
    const value = { name: hostile, description: 'a\u009bb\u202ec\u2028d\u007fe\u200b\u{e0041}', plain: 'Café ☕' };
    const json = visibleJson(JSON.stringify(value, null, 2));
    expect(json.replaceAll('\n', '')).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('truncate', () => {
  it('cuts to the width with an ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
  });
});
