import { describe, expect, it } from 'vitest';
import { JsonArrayReader, JsonArraySyntaxError } from './json-array.ts';

function read(text: string, chunkSize = text.length || 1, maxElementChars?: number) {
  const reader = new JsonArrayReader(maxElementChars === undefined ? {} : { maxElementChars });
  const elements = [];
  for (let i = 0; i < text.length; i += chunkSize) elements.push(...reader.push(text.slice(i, i + chunkSize)));
  elements.push(...reader.end());
  return elements;
}

function syntaxError(text: string): JsonArraySyntaxError {
  try {
    read(text);
  } catch (error) {
    if (error instanceof JsonArraySyntaxError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('JsonArrayReader', () => {
  it('gives each element with the line it starts on', () => {
    const text = '[\n{"a": 1},\n  {"b": "x,]}"},\n  [1, {"c": []}], 42, "s", null\n]\n';
    expect(read(text)).toEqual([
      { line: 2, text: '{"a": 1}' },
      { line: 3, text: '{"b": "x,]}"}' },
      { line: 4, text: '[1, {"c": []}]' },
      { line: 4, text: '42' },
      { line: 4, text: '"s"' },
      { line: 4, text: 'null' },
    ]);
  });

  it('is unaffected by chunk boundaries, escaped quotes and line breaks inside strings', () => {
    const text = '[{"q": "say \\"hi\\" \\\\"},\n{"n": "a\\nb"}]';
    const whole = read(text);
    for (const size of [1, 2, 3, 7]) expect(read(text, size)).toEqual(whole);
    expect(whole.map((e) => JSON.parse(e.text!))).toEqual([{ q: 'say "hi" \\' }, { n: 'a\nb' }]);
  });

  it('reads an empty array and a byte-order mark', () => {
    expect(read('\ufeff [ ] \n')).toEqual([]);
  });

  it('an element over the limit comes without its text; the others are intact', () => {
    expect(read(`[{"a":1},\n{"big":"${'x'.repeat(200)}"},\n{"b":2}]`, 10, 50)).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2 },
      { line: 3, text: '{"b":2}' },
    ]);
  });

  it.each([
    ['{"a": 1}', 1, 'expected a JSON array of contents (the file should start with [)'],
    ['', 1, 'the file is empty: expected a JSON array of contents'],
    ['[{"a": 1},\n{"b": 2}', 2, 'the JSON array is not closed (the file ends before its ])'],
    ['[{"a": 1}\n{"b": 2}]', 2, "expected , or ] after an element, found '{'"],
    ['[1,\n]', 2, 'unexpected ] after a comma'],
    ['[1,,2]', 1, 'unexpected comma: an element is missing'],
    ['[1]\n[2]', 2, 'unexpected text after the end of the array'],
  ])('%j is refused at line %i', (text, line, message) => {
    expect(syntaxError(text)).toMatchObject({ line, message });
  });
});

describe('JsonArrayReader with wrappers', () => {
  const wrapped = (text: string, chunkSize = text.length || 1) => {
    const reader = new JsonArrayReader({ wrappers: ['contents', 'items', 'data', 'resources'] });
    const elements = [];
    for (let i = 0; i < text.length; i += chunkSize) elements.push(...reader.push(text.slice(i, i + chunkSize)));
    elements.push(...reader.end());
    return elements;
  };
  const wrappedError = (text: string) => {
    try {
      wrapped(text);
    } catch (error) {
      return error;
    }
    throw new Error('no error');
  };

  it('reads the array held by a field of a top-level object, skipping the other fields, in any chunking', () => {
    const text = '{"total": 2, "meta": {"next": [1, {"x": "]}"}], "q": "a,b"},\n"Contents": [\n{"a": 1},\n{"b": [2]}\n], "page": null}\n';
    const expected = [
      { line: 3, text: '{"a": 1}' },
      { line: 4, text: '{"b": [2]}' },
    ];
    for (const size of [1, 3, 1000]) expect(wrapped(text, size)).toEqual(expected);
  });

  it('still reads a bare array, and an object holding an empty array', () => {
    expect(wrapped('[{"a": 1}]')).toEqual([{ line: 1, text: '{"a": 1}' }]);
    expect(wrapped('{"data": {"note": 1}, "items": []}')).toEqual([]);
  });

  it.each([
    ['{"results": [{"a": 1}], "count": 1}', 1, 'the JSON object holds no array of contents under "contents", "items", "data" or "resources" (its fields: results, count)'],
    ['{}', 1, 'the JSON object holds no array of contents under "contents", "items", "data" or "resources" (it has no fields)'],
    ['{"items": [1], "data": [2]}', 1, 'both "items" and "data" hold an array: keep the one with the contents'],
    ['{"contents": [{"a": 1},\n', 2, 'the JSON array is not closed (the file ends before its ])'],
    ['{"contents": [{"a": 1}]\n', 2, 'the JSON object is not closed (the file ends before its })'],
    ['{"contents": [{"a": 1}] "x": 1}', 1, "expected , or } after a field, found '\"'"],
    ['{"contents": [], }', 1, "expected a field name in quotes, found '}'"],
    ['{"contents" []}', 1, 'expected : after the field name "contents"'],
    ['"text"', 1, 'expected a JSON array of contents, or an object holding one under "contents", "items", "data" or "resources" (the file should start with [ or {)'],
  ])('%j is refused at line %i', (text, line, message) => {
    expect(wrappedError(text)).toMatchObject({ line, message });
  });
});
