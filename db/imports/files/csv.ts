/**
 * Reading CSV as RFC 4180 writes it (csv-cells.ts writes it): csv-parse's, fed chunk by chunk, so a large
 * file is never held whole. This module adds what an import needs of it: the line each record starts on,
 * and a size limit that refuses one huge record and still reads the records after it. Cells come as
 * written: unescapeFormula (csv-cells.ts) takes the formula escape off.
 */
import { Readable, pipeline } from 'node:stream';
import { CsvError, parse, type Info, type InfoRecord, type Options } from 'csv-parse';

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

/**
 * A record that csv-parse stops collecting (and so the whole file is refused): every line longer than the limit
 * is cut first (LongLineCutter), so only a quoted cell spread over many lines gets there, or a huge line that
 * is mostly quotes (a cut keeps every quote). In bytes, and four times the limit in characters, so no record
 * within the limit can reach it.
 */
const BYTES_PER_CHAR = 4;

/** Every record of the CSV text, with the line it starts on; blank lines are skipped. */
export async function* readCsvRecords(
  input: AsyncIterable<string> | Iterable<string>,
  options: { maxRecordChars?: number } = {},
): AsyncGenerator<CsvRecord> {
  const limit = options.maxRecordChars ?? 1 << 20;
  const cutter = new LongLineCutter(limit);
  const lines = new LineCounter();
  const parsing: Options<CsvRecord, string[]> = {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: BYTES_PER_CHAR * limit,
    // Called as each record ends, before csv-parse reads on: the line count is current when an error comes.
    on_record: (fields: string[], info: InfoRecord): CsvRecord | null => {
      const line = lines.startOf(fields, info);
      const cut = cutter.cutBefore(info.bytes);
      if (fields.length === 1 && fields[0] === '') return null;
      if (cut || fields.reduce((chars, field) => chars + field.length, 0) > limit)
        return { line, fields: [], oversized: true };
      return { line, fields };
    },
  };
  // (csv-parse's types let on_record change a record's shape only along with `columns`.)
  const parser = parse(parsing as unknown as Options);
  // A failure to read the input reaches the loop below as the parser's error.
  pipeline(Readable.from(cutter.cut(input)), parser, () => {});
  try {
    yield* parser as AsyncIterable<CsvRecord>;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = lines.next(error as unknown as Partial<Info>);
    if (error.code === 'CSV_QUOTE_NOT_CLOSED')
      throw new CsvSyntaxError(line, 'a quoted field is not closed before the end of the file');
    if (error.code === 'CSV_MAX_RECORD_SIZE')
      throw new CsvSyntaxError(
        line,
        `a record runs on for more than ${(BYTES_PER_CHAR * limit) / (1 << 20)} MB over several lines (a quote left open?)`,
      );
    throw new CsvSyntaxError(line, error.message);
  }
}

/**
 * The line a record starts on, from csv-parse's count of the lines read when it ends. That count takes every
 * CR and every LF inside a quoted field for a line (a CRLF for two), where a line is a LF there: so the CRs
 * inside fields are taken off, and the line breaks inside the record.
 */
class LineCounter {
  #crs = 0;
  /** Where the last record ended: its last line, and csv-parse's count of empty lines so far. */
  #lastLine = 0;
  #emptyLines = 0;

  startOf(fields: readonly string[], info: Info): number {
    let lfs = 0;
    for (const field of fields) {
      lfs += countOf(field, '\n');
      this.#crs += countOf(field, '\r');
    }
    this.#lastLine = info.lines - this.#crs;
    this.#emptyLines = info.empty_lines;
    return this.#lastLine - lfs;
  }

  /** The line the record after the last one starts on (csv-parse's errors carry its counts as they stood). */
  next(info: Partial<Info>): number {
    return this.#lastLine + 1 + Math.max(0, (info.empty_lines ?? this.#emptyLines) - this.#emptyLines);
  }
}

function countOf(text: string, char: string): number {
  let count = 0;
  for (let i = text.indexOf(char); i >= 0; i = text.indexOf(char, i + 1)) count++;
  return count;
}

/**
 * Passes the text on, except the part of a line past `limit` characters: there every run of characters other
 * than a quote, CR or LF is cut to its first and last character. csv-parse then collects little of that line,
 * yet meets every quote, field start and line end as before (what it decides depends only on those and on
 * whether a field is empty), so it finds the same records after it. Where each cut began, in bytes of the
 * text passed on (as csv-parse counts), tells which record it fell in.
 */
class LongLineCutter {
  readonly #limit: number;
  /** Characters of the current line so far. */
  #lineChars = 0;
  #bytes = 0;
  readonly #cuts: number[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  async *cut(input: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string> {
    for await (const chunk of input) {
      const text = this.#cutChunk(chunk);
      this.#bytes += Buffer.byteLength(text);
      yield text;
    }
  }

  /** Whether a cut began before byte `end` (and after the record before): each cut is reported once. */
  cutBefore(end: number): boolean {
    let cut = false;
    while (this.#cuts.length > 0 && this.#cuts[0]! < end) {
      this.#cuts.shift();
      cut = true;
    }
    return cut;
  }

  #cutChunk(chunk: string): string {
    if (!this.#reachesLimit(chunk)) return chunk;
    let text = '';
    let from = 0;
    for (;;) {
      const lineBreak = nextLineBreak(chunk, from);
      const end = lineBreak < 0 ? chunk.length : lineBreak;
      const room = Math.max(0, this.#limit - this.#lineChars);
      if (end - from > room) {
        if (this.#lineChars <= this.#limit)
          this.#cuts.push(this.#bytes + Buffer.byteLength(text) + Buffer.byteLength(chunk.slice(from, from + room)));
        text +=
          chunk.slice(from, from + room) +
          chunk.slice(from + room, end).replace(ORDINARY_RUN, (run) => (run.length > 2 ? run[0]! + run.at(-1)! : run));
      } else text += chunk.slice(from, end);
      this.#lineChars += end - from;
      if (lineBreak < 0) return text;
      text += chunk[end];
      this.#lineChars = 0;
      from = end + 1;
    }
  }

  /** Whether some line reaches past the limit within this chunk (the common case is a quick no). */
  #reachesLimit(chunk: string): boolean {
    let lineChars = this.#lineChars;
    let from = 0;
    for (let i = nextLineBreak(chunk, 0); ; i = nextLineBreak(chunk, from)) {
      const end = i < 0 ? chunk.length : i;
      if (lineChars + (end - from) > this.#limit) return true;
      if (i < 0) {
        this.#lineChars = lineChars + (end - from);
        return false;
      }
      lineChars = 0;
      from = i + 1;
    }
  }
}

const LINE_BREAK = /[\r\n]/g;
const ORDINARY_RUN = /[^"\r\n]+/g;

function nextLineBreak(text: string, from: number): number {
  LINE_BREAK.lastIndex = from;
  return LINE_BREAK.exec(text)?.index ?? -1;
}
