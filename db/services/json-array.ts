/**
 * Reads a JSON array element by element from chunks of text: each element's source text and the line it
 * starts on (so an importer can name the line of a bad row), without holding the whole file or parsing it
 * twice. Only the array's own structure is checked here; each element is then JSON.parse'd on its own.
 * An element longer than the limit is reported without its text, so a huge value costs no memory.
 *
 * With `wrappers`, the array may also be a field of a top-level object, as other applications export it
 * ({"contents": [...], "total": 127}): the other fields are skipped without being kept.
 */

export interface JsonElement {
  /** The line the element starts on, from 1. */
  line: number;
  /** The element's JSON text; undefined when it was longer than the limit. */
  text?: string;
}

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

const State = {
  BeforeArray: 0,
  BeforeElement: 1,
  /** Inside a value: an element of the array, or a skipped field of the wrapping object. */
  InElement: 2,
  AfterElement: 3,
  /** The document's value is complete. */
  AfterArray: 4,
  BeforeKey: 5,
  InKey: 6,
  AfterKey: 7,
  BeforeValue: 8,
  AfterValue: 9,
} as const;
type State = (typeof State)[keyof typeof State];

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const MAX_KEY_CHARS = 200;
const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ').replace(/, ([^,]*)$/, ' or $1');

export class JsonArrayReader {
  readonly #maxElementChars: number;
  readonly #wrappers: readonly string[];
  #state: State = State.BeforeArray;
  #line = 1;
  #elements: JsonElement[] = [];
  #text = '';
  #chars = 0;
  #elementLine = 1;
  #depth = 0;
  #inString = false;
  #escaped = false;
  #started = false;
  /** A comma was read, so an element (or a field) must follow (JSON allows no trailing comma). */
  #needElement = false;
  /** The document is an object whose field holds the array. */
  #inObject = false;
  /** The value being read is a field of that object other than the array: skipped, never kept. */
  #skipping = false;
  #key = '';
  /** The object's field names, for the message when none holds the array. */
  #keys: string[] = [];
  #arrayKey: string | undefined;

  constructor(options: JsonArrayReaderOptions = {}) {
    this.#maxElementChars = options.maxElementChars ?? 1 << 20;
    this.#wrappers = options.wrappers ?? [];
  }

  push(chunk: string): JsonElement[] {
    let text = chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const n = text.length;
    let i = 0;
    // Where the current element's text began within this chunk (-1: not in this chunk).
    let from = this.#state === State.InElement ? 0 : -1;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (this.#state === State.InElement) {
        if (this.#inString) {
          if (this.#escaped) this.#escaped = false;
          else if (c === 92) this.#escaped = true;
          else if (c === 34) this.#inString = false;
          else if (c === 10) this.#line++;
          i++;
          continue;
        }
        if (c === 34) this.#inString = true;
        else if (c === 123 || c === 91) this.#depth++;
        else if (c === 125 || c === 93) {
          if (this.#depth === 0) {
            // The closing bracket of what holds the value ends a scalar value.
            const skipped = this.#skipping;
            if (c !== (skipped ? 125 : 93)) throw new JsonArraySyntaxError(this.#line, `unexpected ${String.fromCharCode(c)}`);
            this.#collect(text, from, i);
            this.#finishElement();
            from = -1;
            this.#state = skipped || !this.#inObject ? State.AfterArray : State.AfterValue;
            i++;
            continue;
          }
          this.#depth--;
        } else if (c === 44 && this.#depth === 0) {
          const skipped = this.#skipping;
          this.#collect(text, from, i);
          this.#finishElement();
          from = -1;
          this.#state = skipped ? State.BeforeKey : State.BeforeElement;
          this.#needElement = true;
          i++;
          continue;
        } else if (c === 10) this.#line++;
        i++;
        if (this.#depth === 0 && (c === 125 || c === 93)) {
          const skipped = this.#skipping;
          this.#collect(text, from, i);
          this.#finishElement();
          from = -1;
          this.#state = skipped ? State.AfterValue : State.AfterElement;
        }
        continue;
      }
      if (this.#state === State.InKey) {
        if (this.#escaped) this.#escaped = false;
        else if (c === 92) this.#escaped = true;
        else if (c === 34) {
          this.#state = State.AfterKey;
          this.#key = parseKey(this.#key);
          if (this.#keys.length < 10) this.#keys.push(this.#key);
          i++;
          continue;
        }
        if (this.#key.length < MAX_KEY_CHARS) this.#key += text[i];
        i++;
        continue;
      }
      if (c === 10) this.#line++;
      if (isSpace(c)) {
        i++;
        continue;
      }
      switch (this.#state) {
        case State.BeforeArray:
          if (c === 123 && this.#wrappers.length > 0) {
            this.#inObject = true;
            this.#state = State.BeforeKey;
            break;
          }
          if (c !== 91) throw new JsonArraySyntaxError(this.#line, `expected ${this.#expectedDocument()} (the file should start with [${this.#wrappers.length ? ' or {' : ''})`);
          this.#state = State.BeforeElement;
          break;
        case State.BeforeElement:
          if (c === 93) {
            if (this.#needElement) throw new JsonArraySyntaxError(this.#line, 'unexpected ] after a comma');
            this.#state = this.#inObject ? State.AfterValue : State.AfterArray;
            break;
          }
          if (c === 44) throw new JsonArraySyntaxError(this.#line, 'unexpected comma: an element is missing');
          this.#startValue(false);
          from = i;
          continue;
        case State.AfterElement:
          if (c === 44) {
            this.#state = State.BeforeElement;
            this.#needElement = true;
          } else if (c === 93) this.#state = this.#inObject ? State.AfterValue : State.AfterArray;
          else throw new JsonArraySyntaxError(this.#line, `expected , or ] after an element, found '${String.fromCharCode(c)}'`);
          break;
        case State.BeforeKey:
          if (c === 34) {
            this.#state = State.InKey;
            this.#key = '';
            this.#needElement = false;
          } else if (c === 125 && !this.#needElement) this.#state = State.AfterArray;
          else throw new JsonArraySyntaxError(this.#line, `expected a field name in quotes, found '${String.fromCharCode(c)}'`);
          break;
        case State.AfterKey:
          if (c !== 58) throw new JsonArraySyntaxError(this.#line, `expected : after the field name "${this.#key}"`);
          this.#state = State.BeforeValue;
          break;
        case State.BeforeValue:
          if (c === 91 && this.#wrappers.some((name) => name.toLowerCase() === this.#key.toLowerCase())) {
            if (this.#arrayKey !== undefined) throw new JsonArraySyntaxError(this.#line, `both "${this.#arrayKey}" and "${this.#key}" hold an array: keep the one with the contents`);
            this.#arrayKey = this.#key;
            this.#state = State.BeforeElement;
            break;
          }
          this.#startValue(true);
          continue;
        case State.AfterValue:
          if (c === 44) {
            this.#state = State.BeforeKey;
            this.#needElement = true;
          } else if (c === 125) this.#state = State.AfterArray;
          else throw new JsonArraySyntaxError(this.#line, `expected , or } after a field, found '${String.fromCharCode(c)}'`);
          break;
        case State.AfterArray:
          throw new JsonArraySyntaxError(this.#line, `unexpected text after the end of the ${this.#inObject ? 'object' : 'array'}`);
      }
      i++;
    }
    if (this.#state === State.InElement) this.#collect(text, from, n);
    return this.#take();
  }

  end(): JsonElement[] {
    if (this.#state === State.BeforeArray) throw new JsonArraySyntaxError(this.#line, `the file is empty: expected ${this.#expectedDocument()}`);
    if (this.#state !== State.AfterArray) {
      const inArray = this.#state === State.BeforeElement || this.#state === State.AfterElement || (this.#state === State.InElement && !this.#skipping);
      const open = inArray ? 'the JSON array is not closed (the file ends before its ])' : 'the JSON object is not closed (the file ends before its })';
      throw new JsonArraySyntaxError(this.#line, open);
    }
    if (this.#inObject && this.#arrayKey === undefined) {
      const fields = this.#keys.length ? `its fields: ${this.#keys.join(', ')}` : 'it has no fields';
      throw new JsonArraySyntaxError(this.#line, `the JSON object holds no array of contents under ${quoted(this.#wrappers)} (${fields})`);
    }
    return this.#take();
  }

  #expectedDocument(): string {
    return this.#wrappers.length ? `a JSON array of contents, or an object holding one under ${quoted(this.#wrappers)}` : 'a JSON array of contents';
  }

  #startValue(skipping: boolean): void {
    this.#state = State.InElement;
    this.#skipping = skipping;
    this.#needElement = false;
    this.#elementLine = this.#line;
    this.#depth = 0;
    this.#text = '';
    this.#chars = 0;
  }

  #collect(text: string, from: number, to: number): void {
    if (this.#skipping || from < 0 || to <= from) return;
    this.#chars += to - from;
    if (this.#chars > this.#maxElementChars) this.#text = '';
    else this.#text += text.slice(from, to);
  }

  #finishElement(): void {
    if (!this.#skipping) {
      const oversized = this.#chars > this.#maxElementChars;
      this.#elements.push(oversized ? { line: this.#elementLine } : { line: this.#elementLine, text: this.#text.trimEnd() });
    }
    this.#text = '';
    this.#chars = 0;
    this.#inString = false;
    this.#escaped = false;
    this.#skipping = false;
  }

  #take(): JsonElement[] {
    const done = this.#elements;
    this.#elements = [];
    return done;
  }
}

/** A field name as written between its quotes, with its escapes read. */
function parseKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
