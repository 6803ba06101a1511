/**
 * A catalog file read into rows, before any check: each row with its position and the line it starts on,
 * and its fields in the JSON shape (a CSV record's cells named by the header, unescaped, tags split, booleans
 * read), or why it cannot be read (larger than MAX_ROW_CHARS, not an object, a CSV record with more or fewer
 * cells than the header). A file that cannot be read as rows at all is an ImportFileError, before anything
 * is written.
 */
import { AppError } from '../../errors.ts';
import { TAG_KINDS } from '../../catalog/taxonomy.ts';
import type { CsvRecord } from './csv.ts';
import { unescapeFormula } from './csv-cells.ts';
import {
  IMPORT_COLUMNS,
  JSON_WRAPPERS,
  MAX_ROW_CHARS,
  REQUIRED_COLUMNS,
  TAG_SEPARATOR,
  type CatalogFormat,
} from './format.ts';

/** The file cannot be read as rows: nothing was written. */
export class ImportFileError extends AppError {
  readonly line: number | undefined;
  constructor(line: number | undefined, message: string) {
    super('VALIDATION', line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'ImportFileError';
    this.line = line;
  }
}

/** A row as read from the file, before validation. */
export interface RawRow {
  /** Position in the file, from 0 (several rows can share a line). */
  index: number;
  line: number;
  fields?: Record<string, unknown>;
  problem?: string;
}

/** Every row of the file, or an ImportFileError naming the line that stops it being read as rows. */
export async function readRows(input: AsyncIterable<string>, format: CatalogFormat): Promise<RawRow[]> {
  // The parsers are loaded when a file is read, not with every command of the CLI (about 40 ms).
  return format === 'csv'
    ? readCsvRows(input, await import('./csv.ts'))
    : readJsonRows(input, await import('./json-array.ts'));
}

const TOO_LARGE = `the row is larger than ${MAX_ROW_CHARS / (1 << 20)} MB`;

async function readJsonRows(
  input: AsyncIterable<string>,
  { readJsonElements, JsonArraySyntaxError }: typeof import('./json-array.ts'),
): Promise<RawRow[]> {
  const rows: RawRow[] = [];
  try {
    for await (const element of readJsonElements(input, { maxElementChars: MAX_ROW_CHARS, wrappers: JSON_WRAPPERS })) {
      const { line } = element;
      if (element.oversized) rows.push({ index: rows.length, line, problem: TOO_LARGE });
      else if (typeof element.value !== 'object' || element.value === null || Array.isArray(element.value))
        rows.push({ index: rows.length, line, problem: 'expected an object with the fields of a content' });
      else rows.push({ index: rows.length, line, fields: element.value as Record<string, unknown> });
    }
  } catch (error) {
    throw error instanceof JsonArraySyntaxError ? new ImportFileError(error.line, error.message) : error;
  }
  return rows;
}

async function readCsvRows(
  input: AsyncIterable<string>,
  { readCsvRecords, CsvSyntaxError }: typeof import('./csv.ts'),
): Promise<RawRow[]> {
  let columns: string[] | undefined;
  const rows: RawRow[] = [];
  try {
    for await (const record of readCsvRecords(input, { maxRecordChars: MAX_ROW_CHARS })) {
      if (!columns) {
        columns = csvHeader(record);
        continue;
      }
      if (record.oversized) rows.push({ index: rows.length, line: record.line, problem: TOO_LARGE });
      else if (record.fields.length !== columns.length)
        rows.push({
          index: rows.length,
          line: record.line,
          problem: `the row has ${record.fields.length} fields, the header ${columns.length}`,
        });
      else rows.push({ index: rows.length, line: record.line, fields: csvFields(columns, record.fields) });
    }
  } catch (error) {
    throw error instanceof CsvSyntaxError ? new ImportFileError(error.line, error.message) : error;
  }
  if (!columns) throw new ImportFileError(undefined, 'the file is empty: expected a CSV header line');
  return rows;
}

function csvHeader(record: CsvRecord): string[] {
  if (record.oversized)
    throw new ImportFileError(record.line, `the header line is larger than ${MAX_ROW_CHARS / (1 << 20)} MB`);
  const known = new Map(IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c as string]));
  const columns = record.fields.map((field) => {
    const column = known.get(field.trim().toLowerCase());
    if (!column)
      throw new ImportFileError(
        record.line,
        `unknown column '${field.slice(0, 40)}' in the header (columns: ${IMPORT_COLUMNS.join(', ')})`,
      );
    return column;
  });
  const repeated = columns.find((c, i) => columns.indexOf(c) !== i);
  if (repeated) throw new ImportFileError(record.line, `the column '${repeated}' appears twice in the header`);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0)
    throw new ImportFileError(
      record.line,
      `the header has no ${missing.map((c) => `'${c}'`).join(', ')} column (required: ${REQUIRED_COLUMNS.join(', ')})`,
    );
  return columns;
}

/**
 * A CSV row as the JSON shape: cells unescaped from formulas (csv-cells.ts: one leading `'` off, as export
 * wrote it), empty cells left to the schema's defaults, tag cells split, booleans read.
 */
function csvFields(columns: string[], values: string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const value = unescapeFormula(values[i]!);
    if ((TAG_KINDS as readonly string[]).includes(column)) {
      fields[column] = value
        .split(TAG_SEPARATOR)
        .map((label) => label.trim())
        .filter(Boolean);
    } else if (column === 'hasCert') {
      const flag = value.trim().toLowerCase();
      if (flag !== '')
        fields[column] = ['true', 'yes', '1'].includes(flag)
          ? true
          : ['false', 'no', '0'].includes(flag)
            ? false
            : value;
    } else if (value !== '' || column === 'image') fields[column] = value;
  });
  return fields;
}
