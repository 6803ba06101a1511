/**
 * Reads a JSON array element by element from chunks of text, each element with the line it starts on (so an
 * importer can name the line of a bad row), without holding the whole file. stream-json's tokenizer reads
 * the text and its Assembler builds each element; strings, keys and numbers come in pieces, so an element
 * longer than the limit is given up as soon as it passes it and costs no memory.
 *
 * stream-json's tokens say nothing of where they are: the text goes in a line at a time, so every token is
 * on the line being read (JSON allows no line break inside a token).
 *
 * With `wrappers`, the array may also be a field of a top-level object, as other applications export it
 * ({"contents": [...], "total": 127}): the other fields are skipped without being kept.
 */
import { getManyValues, isMany, none, type Many } from 'stream-chain/defs.js';
import Assembler from 'stream-json/assembler.js';
import { jsonParser, type Token } from 'stream-json/parser.js';

export type JsonElement = { line: number; value: unknown; oversized?: never } | { line: number; oversized: true };

export interface JsonArrayReaderOptions {
  maxElementChars?: number;
  /** Fields of a top-level object that may hold the array, matched without regard to case. */
  wrappers?: readonly string[];
}

/** The text is not a JSON array (or not a complete one). */
export class JsonArraySyntaxError extends Error {
  override readonly name = 'JsonArraySyntaxError';
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/** Every element of the array, in order. */
export async function* readJsonElements(
  input: AsyncIterable<string> | Iterable<string>,
  options: JsonArrayReaderOptions = {},
): AsyncGenerator<JsonElement> {
  const reader = new JsonArrayReader(options);
  for await (const chunk of input) yield* reader.push(chunk);
  yield* reader.end();
}

/** A value being read: an element of the array, or a field of the wrapping object that is skipped. */
interface Value {
  line: number;
  /** Containers open within it. */
  depth: number;
  /** Builds the element; absent for a skipped field, and once the element is over the limit. */
  assembler?: Assembler;
  /** The string, key or number being read, in pieces. */
  text: string;
  chars: number;
}

type Place = 'start' | 'array' | 'fields' | 'end';

const MAX_KEY_CHARS = 200;
const quoted = (names: readonly string[]) =>
  names
    .map((name) => `"${name}"`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');

class JsonArrayReader {
  readonly #maxElementChars: number;
  readonly #wrappers: readonly string[];
  // A flushable stage of stream-chain: text in, tokens out; `none` flushes it at the end.
  readonly #tokenize = jsonParser({ packValues: false, streamValues: true }) as (
    text: string | typeof none,
  ) => Many<Token> | typeof none;
  #line = 1;
  #started = false;
  /** The document's first character other than white space (tokens come a line at a time, so it may be ahead of them). */
  #first: string | undefined;
  #place: Place = 'start';
  #value: Value | undefined;
  #elements: JsonElement[] = [];
  /** The document is an object whose field holds the array. */
  #inObject = false;
  /** A field name of that object is being read, and the name so far. */
  #inKey = false;
  #key = '';
  /** The object's field names, for the message when none holds the array. */
  #keys: string[] = [];
  #arrayKey: string | undefined;

  constructor(options: JsonArrayReaderOptions) {
    this.#maxElementChars = options.maxElementChars ?? 1 << 20;
    this.#wrappers = options.wrappers ?? [];
  }

  push(chunk: string): JsonElement[] {
    let text = chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.#first ??= /\S/.exec(text)?.[0];
    for (let from = 0; from < text.length; ) {
      const lineEnd = text.indexOf('\n', from);
      const end = lineEnd < 0 ? text.length : lineEnd + 1;
      this.#read(text.slice(from, end));
      if (lineEnd >= 0) this.#line++;
      from = end;
    }
    return this.#take();
  }

  end(): JsonElement[] {
    this.#read(none);
    if (this.#place === 'start')
      throw this.#first
        ? this.#syntaxError('')
        : new JsonArraySyntaxError(this.#line, `the file is empty: expected ${this.#expectedDocument()}`);
    if (this.#place !== 'end') {
      const open =
        this.#place === 'array'
          ? 'the JSON array is not closed (the file ends before its ])'
          : 'the JSON object is not closed (the file ends before its })';
      throw new JsonArraySyntaxError(this.#line, open);
    }
    if (this.#inObject && this.#arrayKey === undefined) {
      const fields = this.#keys.length ? `its fields: ${this.#keys.join(', ')}` : 'it has no fields';
      throw new JsonArraySyntaxError(
        this.#line,
        `the JSON object holds no array of contents under ${quoted(this.#wrappers)} (${fields})`,
      );
    }
    return this.#take();
  }

  /** Tokenizes text (or, given `none`, the end of it), naming the line of what stream-json finds wrong. */
  #read(text: string | typeof none): void {
    let tokens: Many<Token> | typeof none;
    try {
      tokens = this.#tokenize(text);
    } catch (error) {
      if (text === none && this.#place !== 'end') return; // end() names what is missing
      throw this.#syntaxError(error);
    }
    if (isMany(tokens)) for (const token of getManyValues(tokens)) this.#token(token);
  }

  #syntaxError(error: unknown): JsonArraySyntaxError {
    const what = String((error as Error).message ?? error)
      .replace(/^Parser (cannot parse input|has expected)/, '')
      .replace(/^: /, '')
      .trim();
    const opens = this.#first === '[' || (this.#first === '{' && this.#wrappers.length > 0);
    if (!opens)
      return new JsonArraySyntaxError(
        this.#line,
        `expected ${this.#expectedDocument()} (the file should start with [${this.#wrappers.length ? ' or {' : ''})`,
      );
    if (this.#place === 'end')
      return new JsonArraySyntaxError(
        this.#line,
        `unexpected text after the end of the ${this.#inObject ? 'object' : 'array'}`,
      );
    if (this.#value && this.#place === 'array')
      return new JsonArraySyntaxError(this.#value.line, `invalid JSON in the row starting on this line: ${what}`);
    return new JsonArraySyntaxError(this.#line, `invalid JSON: ${what}`);
  }

  #token(token: Token): void {
    if (this.#value) {
      if (this.#feed(this.#value, token)) this.#finishValue();
      return;
    }
    switch (this.#place) {
      case 'start':
        if (token.name === 'startArray') this.#place = 'array';
        else if (token.name === 'startObject' && this.#wrappers.length > 0) {
          this.#inObject = true;
          this.#place = 'fields';
        } else throw this.#syntaxError('');
        return;
      case 'array':
        if (token.name === 'endArray') this.#place = this.#inObject ? 'fields' : 'end';
        else this.#startValue(token, true);
        return;
      case 'fields':
        this.#fieldToken(token);
        return;
      case 'end':
        throw this.#syntaxError('');
    }
  }

  /** In the wrapping object: field names, the array of contents, and the other fields' values (skipped). */
  #fieldToken(token: Token): void {
    if (token.name === 'startKey') {
      this.#inKey = true;
      this.#key = '';
    } else if (token.name === 'stringChunk' && this.#inKey) {
      if (this.#key.length < MAX_KEY_CHARS) this.#key += token.value;
    } else if (token.name === 'endKey') {
      this.#inKey = false;
      if (this.#keys.length < 10) this.#keys.push(this.#key);
    } else if (token.name === 'endObject') this.#place = 'end';
    else if (
      token.name === 'startArray' &&
      this.#wrappers.some((name) => name.toLowerCase() === this.#key.toLowerCase())
    ) {
      if (this.#arrayKey !== undefined)
        throw new JsonArraySyntaxError(
          this.#line,
          `both "${this.#arrayKey}" and "${this.#key}" hold an array: keep the one with the contents`,
        );
      this.#arrayKey = this.#key;
      this.#place = 'array';
    } else this.#startValue(token, false);
  }

  #startValue(token: Token, kept: boolean): void {
    this.#value = { line: this.#line, depth: 0, text: '', chars: 0, ...(kept ? { assembler: new Assembler() } : {}) };
    this.#token(token);
  }

  /** Takes one token of the value; true when it completes the value. */
  #feed(value: Value, token: Token): boolean {
    switch (token.name) {
      case 'startObject':
      case 'startArray':
        value.depth++;
        this.#assemble(value, token, 1);
        return false;
      case 'endObject':
      case 'endArray':
        value.depth--;
        this.#assemble(value, token, 1);
        return value.depth === 0;
      case 'startKey':
      case 'startString':
      case 'startNumber':
        value.text = '';
        return false;
      case 'stringChunk':
      case 'numberChunk':
        value.chars += token.value.length;
        if (value.assembler) value.text += token.value;
        this.#limit(value);
        return false;
      case 'endKey':
        this.#assemble(value, { name: 'keyValue', value: value.text }, 2);
        return false;
      case 'endString':
        this.#assemble(value, { name: 'stringValue', value: value.text }, 2);
        return value.depth === 0;
      case 'endNumber':
        this.#assemble(value, { name: 'numberValue', value: value.text }, 0);
        return value.depth === 0;
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        this.#assemble(value, token, String(token.value).length);
        return value.depth === 0;
      default:
        return false;
    }
  }

  #assemble(value: Value, token: Token, chars: number): void {
    value.chars += chars;
    value.text = '';
    this.#limit(value);
    value.assembler?.consume(token);
  }

  /** Past the limit, the element is given up: nothing more of it is kept. */
  #limit(value: Value): void {
    if (value.chars <= this.#maxElementChars || !value.assembler) return;
    delete value.assembler;
    value.text = '';
    value.chars = Infinity;
  }

  #finishValue(): void {
    const value = this.#value!;
    this.#value = undefined;
    if (this.#place !== 'array') return;
    if (value.assembler) this.#elements.push({ line: value.line, value: value.assembler.current });
    else this.#elements.push({ line: value.line, oversized: true });
  }

  #expectedDocument(): string {
    return this.#wrappers.length
      ? `a JSON array of contents, or an object holding one under ${quoted(this.#wrappers)}`
      : 'a JSON array of contents';
  }

  #take(): JsonElement[] {
    const done = this.#elements;
    this.#elements = [];
    return done;
  }
}
