import { describe, expect, it } from 'vitest';
import { JsonArraySyntaxError, readJsonElements, type JsonArrayReaderOptions, type JsonElement } from './json-array.ts';

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function read(
  text: string,
  chunkSize = text.length || 1,
  options: JsonArrayReaderOptions = {},
): Promise<JsonElement[]> {
  const elements: JsonElement[] = [];
  for await (const element of readJsonElements(chunksOf(text, chunkSize), options)) elements.push(element);
  return elements;
}

async function syntaxError(text: string, options: JsonArrayReaderOptions = {}): Promise<JsonArraySyntaxError> {
  const error = await read(text, undefined, options).then(
    () => new Error('no error'),
    (e: unknown) => e,
  );
  if (error instanceof JsonArraySyntaxError) return error;
  throw error;
}

describe('readJsonElements', () => {
  it('gives each element with the line it starts on', async () => {
    const text = '[\n{"a": 1},\n  {"b": "x,]}"},\n  [1, {"c": []}], 42, "s", null\n]\n';
    expect(await read(text)).toEqual([
      { line: 2, value: { a: 1 } },
      { line: 3, value: { b: 'x,]}' } },
      { line: 4, value: [1, { c: [] }] },
      { line: 4, value: 42 },
      { line: 4, value: 's' },
      { line: 4, value: null },
    ]);
  });

  it('is unaffected by chunk boundaries, escaped quotes and line breaks inside strings', async () => {
    const text = '[{"q": "say \\"hi\\" \\\\"},\n{"n": "a\\nb", "x": -1.5e3, "t": true, "f": false}]';
    const whole = await read(text);
    for (const size of [1, 2, 3, 7]) expect(await read(text, size)).toEqual(whole);
    expect(whole).toEqual([
      { line: 1, value: { q: 'say "hi" \\' } },
      { line: 2, value: { n: 'a\nb', x: -1500, t: true, f: false } },
    ]);
  });

  it('reads values as JSON.parse does, a "__proto__" key as a field of its own', async () => {
    const [element] = await read('[{"__proto__": {"admin": true}, "name": "x"}]');
    expect(element).toEqual({ line: 1, value: JSON.parse('{"__proto__": {"admin": true}, "name": "x"}') });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('reads an empty array and a byte-order mark', async () => {
    expect(await read('\ufeff [ ] \n')).toEqual([]);
  });

  it('an element over the limit comes without its value; the others are intact', async () => {
    const text = `[{"a":1},\n{"big":"${'x'.repeat(200)}", "more": [1, 2]},\n{"${'k'.repeat(100)}": 1},\n{"b":2}]`;
    for (const size of [10, 1000]) {
      expect(await read(text, size, { maxElementChars: 50 })).toEqual([
        { line: 1, value: { a: 1 } },
        { line: 2, oversized: true },
        { line: 3, oversized: true },
        { line: 4, value: { b: 2 } },
      ]);
    }
  });

  it.each([
    ['{"a": 1}', 1, 'expected a JSON array of contents (the file should start with [)'],
    ['nonsense', 1, 'expected a JSON array of contents (the file should start with [)'],
    ['', 1, 'the file is empty: expected a JSON array of contents'],
    [' \n ', 2, 'the file is empty: expected a JSON array of contents'],
    ['[{"a": 1},\n{"b": 2}', 2, 'the JSON array is not closed (the file ends before its ])'],
    ['[{"a": 1}\n{"b": 2}]', 2, "invalid JSON: expected ','"],
    ['[1,\n]', 2, "invalid JSON: unexpected token ']'"],
    ['[1,,2]', 1, 'invalid JSON: expected a value'],
    ['[1]\n[2]', 2, 'unexpected text after the end of the array'],
    ['[{"name": "CS50",\n "url": }\n]', 1, 'invalid JSON in the row starting on this line: expected a value'],
  ])('%j is refused at line %i', async (text, line, message) => {
    expect(await syntaxError(text)).toMatchObject({ line, message });
  });
});

describe('readJsonElements with wrappers', () => {
  const wrappers = { wrappers: ['contents', 'items', 'data', 'resources'] };

  it('reads the array held by a field of a top-level object, skipping the other fields, in any chunking', async () => {
    const text = `{"total": 2, "meta": {"next": [1, {"x": "]}"}], "q": "a,b"}, "note": "${'n'.repeat(3000)}",\n"Contents": [\n{"a": 1},\n{"b": [2]}\n], "page": null}\n`;
    const expected = [
      { line: 3, value: { a: 1 } },
      { line: 4, value: { b: [2] } },
    ];
    for (const size of [1, 3, 1000])
      expect(await read(text, size, { ...wrappers, maxElementChars: 100 })).toEqual(expected);
  });

  it('still reads a bare array, and an object holding an empty array', async () => {
    expect(await read('[{"a": 1}]', undefined, wrappers)).toEqual([{ line: 1, value: { a: 1 } }]);
    expect(await read('{"data": {"note": 1}, "items": []}', undefined, wrappers)).toEqual([]);
  });

  it.each([
    [
      '{"results": [{"a": 1}], "count": 1}',
      1,
      'the JSON object holds no array of contents under "contents", "items", "data" or "resources" (its fields: results, count)',
    ],
    [
      '{}',
      1,
      'the JSON object holds no array of contents under "contents", "items", "data" or "resources" (it has no fields)',
    ],
    ['{"items": [1], "data": [2]}', 1, 'both "items" and "data" hold an array: keep the one with the contents'],
    ['{"contents": [{"a": 1},\n', 2, 'the JSON array is not closed (the file ends before its ])'],
    ['{"contents": [{"a": 1}]\n', 2, 'the JSON object is not closed (the file ends before its })'],
    ['{"contents": [{"a": 1}] "x": 1}', 1, "invalid JSON: expected ','"],
    ['{"contents": [], }', 1, "invalid JSON: unexpected token '}'"],
    ['{"contents" []}', 1, "invalid JSON: expected ':'"],
    [
      '"text"',
      1,
      'expected a JSON array of contents, or an object holding one under "contents", "items", "data" or "resources" (the file should start with [ or {)',
    ],
  ])('%j is refused at line %i', async (text, line, message) => {
    expect(await syntaxError(text, wrappers)).toMatchObject({ line, message });
  });
});
