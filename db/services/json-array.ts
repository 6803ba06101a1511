/**
 * Reads a JSON array element by element from chunks of text: each element's source text and the line it
 * starts on (so an importer can name the line of a bad row), without holding the whole file or parsing it
 * twice. Only the array's own structure is checked here; each element is then JSON.parse'd on its own.
 * An element longer than the limit is reported without its text, so a huge value costs no memory.
 */

export interface JsonElement {
  /** The line the element starts on, from 1. */
  line: number;
  /** The element's JSON text; undefined when it was longer than the limit. */
  text?: string;
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

const State = { BeforeArray: 0, BeforeElement: 1, InElement: 2, AfterElement: 3, AfterArray: 4 } as const;
type State = (typeof State)[keyof typeof State];

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

export class JsonArrayReader {
  readonly #maxElementChars: number;
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
  /** A comma was read, so an element must follow (JSON allows no trailing comma). */
  #needElement = false;

  constructor(options: { maxElementChars?: number } = {}) {
    this.#maxElementChars = options.maxElementChars ?? 1 << 20;
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
            if (c === 125) throw new JsonArraySyntaxError(this.#line, 'unexpected }');
            // The array's closing bracket ends a scalar element.
            this.#collect(text, from, i);
            this.#finishElement();
            from = -1;
            this.#state = State.AfterArray;
            i++;
            continue;
          }
          this.#depth--;
        } else if (c === 44 && this.#depth === 0) {
          this.#collect(text, from, i);
          this.#finishElement();
          from = -1;
          this.#state = State.BeforeElement;
          this.#needElement = true;
          i++;
          continue;
        } else if (c === 10) this.#line++;
        i++;
        if (this.#depth === 0 && (c === 125 || c === 93)) {
          this.#collect(text, from, i);
          this.#finishElement();
          from = -1;
          this.#state = State.AfterElement;
        }
        continue;
      }
      if (c === 10) this.#line++;
      if (isSpace(c)) {
        i++;
        continue;
      }
      switch (this.#state) {
        case State.BeforeArray:
          if (c !== 91) throw new JsonArraySyntaxError(this.#line, 'expected a JSON array of contents (the file should start with [)');
          this.#state = State.BeforeElement;
          break;
        case State.BeforeElement:
          if (c === 93) {
            if (this.#needElement) throw new JsonArraySyntaxError(this.#line, 'unexpected ] after a comma');
            this.#state = State.AfterArray;
            break;
          }
          if (c === 44) throw new JsonArraySyntaxError(this.#line, 'unexpected comma: an element is missing');
          this.#state = State.InElement;
          this.#needElement = false;
          this.#elementLine = this.#line;
          this.#depth = 0;
          this.#text = '';
          this.#chars = 0;
          from = i;
          continue;
        case State.AfterElement:
          if (c === 44) {
            this.#state = State.BeforeElement;
            this.#needElement = true;
          } else if (c === 93) this.#state = State.AfterArray;
          else throw new JsonArraySyntaxError(this.#line, `expected , or ] after an element, found '${String.fromCharCode(c)}'`);
          break;
        case State.AfterArray:
          throw new JsonArraySyntaxError(this.#line, 'unexpected text after the end of the array');
      }
      i++;
    }
    if (this.#state === State.InElement) this.#collect(text, from, n);
    return this.#take();
  }

  end(): JsonElement[] {
    if (this.#state === State.BeforeArray) throw new JsonArraySyntaxError(this.#line, 'the file is empty: expected a JSON array of contents');
    if (this.#state !== State.AfterArray) throw new JsonArraySyntaxError(this.#line, 'the JSON array is not closed (the file ends before its ])');
    return this.#take();
  }

  #collect(text: string, from: number, to: number): void {
    if (from < 0 || to <= from) return;
    this.#chars += to - from;
    if (this.#chars > this.#maxElementChars) this.#text = '';
    else this.#text += text.slice(from, to);
  }

  #finishElement(): void {
    const oversized = this.#chars > this.#maxElementChars;
    this.#elements.push(oversized ? { line: this.#elementLine } : { line: this.#elementLine, text: this.#text.trimEnd() });
    this.#text = '';
    this.#chars = 0;
    this.#inString = false;
    this.#escaped = false;
  }

  #take(): JsonElement[] {
    const done = this.#elements;
    this.#elements = [];
    return done;
  }
}
