/**
 * The catalog in and out of files (`skillshelf import` / `export`): JSON (an array of contents in the API's
 * shape) or CSV (CATALOG_COLUMNS, tags as labels separated by '|', cells escaped from spreadsheet formulas
 * with a leading `'` as csv.ts describes).
 *
 * Import is an upsert keyed by the normalised URL (urlKey): a row whose website is already listed updates
 * that content when a field differs, otherwise a content is created, so importing the same file twice
 * changes nothing the second time. Every row is validated with the schema the API uses (contentInput); an
 * invalid row is refused on its own and the valid ones are written. A file that cannot be read as rows at
 * all (bad JSON, a CSV header without a required column, an unclosed quote) is refused whole before
 * anything is written. Writes go in batches of BATCH_ROWS rows: one db.batch each, existing contents and
 * slugs looked up per batch with one query, never a round trip per row.
 */
import type { InStatement, InValue } from '@libsql/client';
import { and, asc, eq, getTableColumns, getTableName, inArray, like, or, sql, type Table } from 'drizzle-orm';
import { uniqueViolation } from '../batch.ts';
import type { Db } from '../client.ts';
import { AppError, isAppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { contentTags, contents, submissions, type Content } from '../schema.ts';
import type { Tag } from '../taxonomy.ts';
import { cleanUrl, slugify, urlKey } from '../urls.ts';
import { contentInput, type ContentInput } from '../validation/contents.ts';
import { parseInput } from '../validation/parse.ts';
import { cleanText } from '../validation/text.ts';
import { contentConflict } from './admin-contents.ts';
import { auditEntry, type Actor } from './audit.ts';
import { contentValues, insertContentStatements, storedImage, updateContentStatements } from './content-rows.ts';
import { CsvReader, CsvSyntaxError, csvLine, unescapeFormula } from './csv.ts';
import { JsonArrayReader, JsonArraySyntaxError } from './json-array.ts';

export type CatalogFormat = 'json' | 'csv';

/** CSV columns in the order export writes them; import accepts any order and needs only the required ones. */
export const CATALOG_COLUMNS = ['name', 'slug', 'url', 'image', 'description', 'cost', 'hasCert', 'category', 'techStack', 'type', 'createdAt'] as const;
export const REQUIRED_COLUMNS = ['name', 'url', 'description'] as const;
/** Separates the labels of one tag column in CSV. */
export const TAG_SEPARATOR = '|';
/** A row (a CSV record or a JSON element) longer than this is refused without being kept in memory. */
export const MAX_ROW_CHARS = 1 << 20;
export const BATCH_ROWS = 1000;

/** A content as export writes it and import reads it back. */
export interface CatalogRecord {
  name: string;
  slug: string;
  url: string;
  image: string;
  description: string;
  cost: string;
  hasCert: boolean;
  category: Tag[];
  techStack: Tag[];
  type: Tag[];
  /** ISO 8601; import keeps it for the contents it creates, so the catalog's order survives a round trip. */
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------- export

const exportColumns = {
  seq: contents.seq,
  name: contents.name,
  slug: contents.slug,
  url: contents.url,
  image: contents.image,
  description: contents.description,
  cost: contents.cost,
  hasCert: contents.hasCert,
  category: contents.category,
  techStack: contents.techStack,
  type: contents.type,
  createdAt: contents.createdAt,
};

/** Every content, oldest first, read in pages (keyset on created_at, seq: each page one indexed query). */
export async function* exportCatalog(db: Db, options: { pageSize?: number } = {}): AsyncGenerator<CatalogRecord[]> {
  const pageSize = options.pageSize ?? 1000;
  let after: { createdAt: Date; seq: number } | undefined;
  for (;;) {
    const rows = await db
      .select(exportColumns)
      .from(contents)
      .where(after ? sql`(${contents.createdAt}, ${contents.seq}) > (${after.createdAt.getTime()}, ${after.seq})` : undefined)
      .orderBy(asc(contents.createdAt), asc(contents.seq))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map(({ seq: _seq, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
    if (rows.length < pageSize) return;
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt, seq: last.seq };
  }
}

/**
 * The export as text, page by page. JSON puts one content per line inside the array, so an import's line
 * numbers point at the content, and diffs of two exports read well.
 */
export async function* exportCatalogText(
  db: Db,
  format: CatalogFormat,
  options: { pageSize?: number; onPage?: (contents: number) => void } = {},
): AsyncGenerator<string> {
  if (format === 'csv') yield csvLine(CATALOG_COLUMNS);
  else yield '[';
  let first = true;
  for await (const page of exportCatalog(db, options.pageSize ? { pageSize: options.pageSize } : {})) {
    options.onPage?.(page.length);
    if (format === 'csv') yield page.map((record) => csvLine(CATALOG_COLUMNS.map((column) => csvValue(record, column)))).join('');
    else {
      yield page.map((record, i) => `${first && i === 0 ? '' : ','}\n${JSON.stringify(record)}`).join('');
      first = false;
    }
  }
  if (format === 'json') yield first ? ']\n' : '\n]\n';
}

function csvValue(record: CatalogRecord, column: (typeof CATALOG_COLUMNS)[number]): string {
  const value = record[column];
  if (Array.isArray(value)) return value.map((tag) => tag.label).join(TAG_SEPARATOR);
  return String(value);
}

// ---------------------------------------------------------------------------------------------- import

export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'queued' | 'skipped' | 'refused';
export const IMPORT_OUTCOMES: readonly ImportOutcome[] = ['created', 'updated', 'unchanged', 'queued', 'skipped', 'refused'];

export interface ImportRow {
  /** Where the row starts in the file (rows of a one-line JSON file share line 1). */
  line: number;
  outcome: ImportOutcome;
  name?: string;
  url?: string;
  slug?: string;
  /** Why a row was refused or skipped. */
  reason?: string;
}

export interface ImportReport {
  format: CatalogFormat;
  dryRun: boolean;
  asSubmissions: boolean;
  counts: Record<ImportOutcome, number>;
  rows: ImportRow[];
}

export interface ImportOptions {
  format: CatalogFormat;
  /** Check and report everything, write nothing. */
  dryRun?: boolean;
  /** Queue the rows as submissions for review instead of writing contents. */
  asSubmissions?: boolean;
  /** What the audit entry names as the import's source (the file's name). */
  source: string;
  /** Rows checked and written so far (called after each batch). */
  onProgress?: (done: number, total: number) => void;
}

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
interface RawRow {
  /** Position in the file, from 0 (several rows can share a line). */
  index: number;
  line: number;
  fields?: Record<string, unknown>;
  problem?: string;
}

/** A valid row, ready to be written. */
interface CheckedRow {
  index: number;
  line: number;
  data: ContentInput;
  key: string;
  slugGiven: boolean;
  createdAt?: Date;
}

export async function importCatalog(db: Db, actor: Actor, input: AsyncIterable<string>, options: ImportOptions): Promise<ImportReport> {
  const raw = await readRows(input, options.format);
  const results: ImportRow[] = new Array(raw.length);
  const refuse = (row: RawRow, reason: string, extra: Partial<ImportRow> = {}) => (results[row.index] = { line: row.line, outcome: 'refused', ...extra, reason });

  const checked: CheckedRow[] = [];
  const firstLineOfKey = new Map<string, number>();
  for (const row of raw) {
    const result = checkRow(row);
    if ('problem' in result) {
      // The report echoes the row's name and URL as cleaned text: it is printed to terminals.
      const [name, url] = [row.fields?.name, row.fields?.url].map((value) => (typeof value === 'string' ? cleanText(value) : ''));
      refuse(row, result.problem, { ...(name ? { name } : {}), ...(url ? { url } : {}) });
      continue;
    }
    const earlier = firstLineOfKey.get(result.key);
    if (earlier !== undefined) {
      refuse(row, `the same website as line ${earlier}`, { name: result.data.name, url: result.data.url });
      continue;
    }
    firstLineOfKey.set(result.key, row.line);
    checked.push(result);
  }

  const writer = options.asSubmissions ? new SubmissionWriter(db, options.dryRun === true) : new ContentWriter(db, options.dryRun === true);
  for (let done = 0; done < checked.length; done += BATCH_ROWS) {
    for (const [index, row] of await writer.write(checked.slice(done, done + BATCH_ROWS))) results[index] = row;
    options.onProgress?.(Math.min(done + BATCH_ROWS, checked.length), checked.length);
  }

  const rows = results;
  const counts = Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, 0])) as Record<ImportOutcome, number>;
  for (const row of rows) counts[row.outcome]++;
  if (!options.dryRun) {
    await auditEntry(db, actor, 'content.import', { type: 'import', id: options.source }, { source: options.source, format: options.format, asSubmissions: options.asSubmissions === true, ...counts });
  }
  return { format: options.format, dryRun: options.dryRun === true, asSubmissions: options.asSubmissions === true, counts, rows };
}

// Reading -------------------------------------------------------------------------------------------

async function readRows(input: AsyncIterable<string>, format: CatalogFormat): Promise<RawRow[]> {
  try {
    return format === 'csv' ? await readCsvRows(input) : await readJsonRows(input);
  } catch (error) {
    if (error instanceof CsvSyntaxError || error instanceof JsonArraySyntaxError) throw new ImportFileError(error.line, error.message);
    throw error;
  }
}

const TOO_LARGE = `the row is larger than ${MAX_ROW_CHARS / (1 << 20)} MB`;

async function readJsonRows(input: AsyncIterable<string>): Promise<RawRow[]> {
  const reader = new JsonArrayReader({ maxElementChars: MAX_ROW_CHARS });
  const rows: RawRow[] = [];
  const take = (elements: ReturnType<JsonArrayReader['push']>) => {
    for (const { line, text } of elements) {
      if (text === undefined) {
        rows.push({ index: rows.length, line, problem: TOO_LARGE });
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw jsonSyntaxError(line, error);
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) rows.push({ index: rows.length, line, problem: 'expected an object with the fields of a content' });
      else rows.push({ index: rows.length, line, fields: value as Record<string, unknown> });
    }
  };
  for await (const chunk of input) take(reader.push(chunk));
  take(reader.end());
  return rows;
}

/** JSON.parse's message for the row starting at `line` (V8 names no line of its own). */
function jsonSyntaxError(line: number, error: unknown): ImportFileError {
  return new ImportFileError(line, `invalid JSON in the row starting on this line: ${error instanceof Error ? error.message : String(error)}`);
}

async function readCsvRows(input: AsyncIterable<string>): Promise<RawRow[]> {
  const reader = new CsvReader({ maxRecordChars: MAX_ROW_CHARS });
  let columns: string[] | undefined;
  const rows: RawRow[] = [];
  const take = (records: ReturnType<CsvReader['push']>) => {
    for (const record of records) {
      if (!columns) {
        columns = csvHeader(record);
        continue;
      }
      if (record.oversized) rows.push({ index: rows.length, line: record.line, problem: TOO_LARGE });
      else if (record.fields.length !== columns.length) rows.push({ index: rows.length, line: record.line, problem: `the row has ${record.fields.length} fields, the header ${columns.length}` });
      else rows.push({ index: rows.length, line: record.line, fields: csvFields(columns, record.fields) });
    }
  };
  for await (const chunk of input) take(reader.push(chunk));
  take(reader.end());
  if (!columns) throw new ImportFileError(undefined, 'the file is empty: expected a CSV header line');
  return rows;
}

function csvHeader(record: { line: number; fields: string[]; oversized?: true }): string[] {
  if (record.oversized) throw new ImportFileError(record.line, `the header line is larger than ${MAX_ROW_CHARS / (1 << 20)} MB`);
  const known = new Map(CATALOG_COLUMNS.map((c) => [c.toLowerCase(), c as string]));
  const columns = record.fields.map((field) => {
    const column = known.get(field.trim().toLowerCase());
    if (!column) throw new ImportFileError(record.line, `unknown column '${field.slice(0, 40)}' in the header (columns: ${CATALOG_COLUMNS.join(', ')})`);
    return column;
  });
  const repeated = columns.find((c, i) => columns.indexOf(c) !== i);
  if (repeated) throw new ImportFileError(record.line, `the column '${repeated}' appears twice in the header`);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw new ImportFileError(record.line, `the header has no ${missing.map((c) => `'${c}'`).join(', ')} column (required: ${REQUIRED_COLUMNS.join(', ')})`);
  return columns;
}

/**
 * A CSV row as the JSON shape: cells unescaped from formulas (csv.ts: one leading `'` off, as export wrote
 * it), empty cells left to the schema's defaults, tag cells split, booleans read.
 */
function csvFields(columns: string[], values: string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const value = unescapeFormula(values[i]!);
    if (column === 'category' || column === 'techStack' || column === 'type') {
      fields[column] = value.split(TAG_SEPARATOR).map((label) => label.trim()).filter(Boolean);
    } else if (column === 'hasCert') {
      const flag = value.trim().toLowerCase();
      if (flag !== '') fields[column] = ['true', 'yes', '1'].includes(flag) ? true : ['false', 'no', '0'].includes(flag) ? false : value;
    } else if (value !== '' || column === 'image') fields[column] = value;
  });
  return fields;
}

// Checking -------------------------------------------------------------------------------------------

function checkRow(row: RawRow): CheckedRow | { problem: string } {
  if (!row.fields) return { problem: row.problem ?? 'the row cannot be read' };
  const fields = row.fields;
  const slugGiven = typeof fields.slug === 'string' && cleanText(fields.slug) !== '';
  let data: ContentInput;
  try {
    data = parseInput(contentInput, { ...fields, slug: slugGiven ? fields.slug : slugify(typeof fields.name === 'string' ? fields.name : '') });
  } catch (error) {
    if (isAppError(error)) return { problem: error.message };
    throw error;
  }
  const createdAt = readDate(fields.createdAt);
  if (createdAt === null) return { problem: 'createdAt must be a date (ISO 8601, e.g. 2024-05-01T12:00:00Z)' };
  return { index: row.index, line: row.line, data, key: urlKey(data.url), slugGiven, ...(createdAt ? { createdAt } : {}) };
}

/** undefined when absent, null when present but not a date. */
function readDate(value: unknown): Date | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A row's result, with the row's position in the file. */
type Result = [index: number, row: ImportRow];

const rowOf = (row: CheckedRow, outcome: ImportOutcome, extra: Partial<ImportRow> = {}): Result => [
  row.index,
  { line: row.line, outcome, name: row.data.name, url: row.data.url, ...extra },
];

// Writing contents ------------------------------------------------------------------------------------

const sameTags = (a: readonly Tag[], b: readonly Tag[]) => a.length === b.length && a.every((tag, i) => tag.value === b[i]!.value && tag.label === b[i]!.label);

function differs(existing: Content, data: ContentInput): boolean {
  return (
    existing.name !== data.name ||
    existing.slug !== data.slug ||
    existing.url !== data.url ||
    existing.image !== storedImage(data.image) ||
    existing.description !== data.description ||
    existing.cost !== data.cost ||
    existing.hasCert !== data.hasCert ||
    !sameTags(existing.category, data.category) ||
    !sameTags(existing.techStack, data.techStack) ||
    !sameTags(existing.type, data.type)
  );
}

/** Contents whose slug is not free: who holds it (a urlKey; '' for a content without a website). */
type SlugOwners = Map<string, string>;

interface Planned {
  row: CheckedRow;
  data: ContentInput;
  /** The content it updates; absent for a new content. */
  existing?: Content;
}

class ContentWriter {
  /** Slugs given to rows of this import so far, with the line that took each. */
  readonly #claimed = new Map<string, { key: string; line: number }>();
  readonly #ids = orderedIds();

  readonly db: Db;
  readonly dryRun: boolean;
  constructor(db: Db, dryRun: boolean) {
    this.db = db;
    this.dryRun = dryRun;
  }

  async write(rows: CheckedRow[]): Promise<Result[]> {
    const db = this.db;
    const keys = rows.map((r) => r.key);
    const existing = new Map((await db.select().from(contents).where(inArray(contents.urlKey, keys))).map((c) => [c.urlKey!, c]));
    const wanted = rows.map((r) => (r.slugGiven ? r.data.slug : (existing.get(r.key)?.slug ?? r.data.slug)));
    const owners: SlugOwners = new Map(
      (await db.select({ slug: contents.slug, key: contents.urlKey }).from(contents).where(inArray(contents.slug, [...new Set(wanted)]))).map((o) => [o.slug, o.key ?? '']),
    );

    const results: Result[] = [];
    const planned: Planned[] = [];
    for (const [i, row] of rows.entries()) {
      const current = existing.get(row.key);
      let slug = wanted[i]!;
      const takenBy = this.#takenBy(slug, row.key, owners);
      if (takenBy) {
        if (row.slugGiven || current) {
          results.push(rowOf(row, 'refused', { slug, reason: takenBy }));
          continue;
        }
        slug = await this.#freeSlug(slug, owners);
      }
      const data = { ...row.data, slug };
      this.#claimed.set(slug, { key: row.key, line: row.line });
      if (current && !differs(current, data)) results.push(rowOf(row, 'unchanged', { slug }));
      else planned.push({ row, data, ...(current ? { existing: current } : {}) });
    }
    if (!this.dryRun) results.push(...(await this.#store(planned)));
    else results.push(...planned.map((p) => rowOf(p.row, p.existing ? 'updated' : 'created', { slug: p.data.slug })));
    return results;
  }

  /** Why `slug` cannot go to the content at `key`, or undefined when it can. */
  #takenBy(slug: string, key: string, owners: SlugOwners): string | undefined {
    const claim = this.#claimed.get(slug);
    if (claim && claim.key !== key) return `The slug '${slug}' is already used by line ${claim.line}`;
    const owner = owners.get(slug);
    if (owner !== undefined && owner !== key) return `The slug '${slug}' is already used by another content`;
    return undefined;
  }

  /** base-2, base-3, …: the first that neither the database nor this import uses. */
  async #freeSlug(base: string, owners: SlugOwners): Promise<string> {
    const stem = base.slice(0, 110);
    const used = new Set(
      (await this.db.select({ slug: contents.slug }).from(contents).where(or(eq(contents.slug, stem), like(contents.slug, `${stem}-%`)))).map((r) => r.slug),
    );
    for (let n = 2; ; n++) {
      const candidate = `${stem}-${n}`;
      if (!used.has(candidate) && !owners.has(candidate) && !this.#claimed.has(candidate)) return candidate;
    }
  }

  /** One batch for all of them; if a concurrent writer took a slug or website meanwhile, row by row. */
  async #store(planned: Planned[]): Promise<Result[]> {
    if (planned.length === 0) return [];
    const db = this.db;
    const now = new Date();
    const creates = planned.filter((p) => !p.existing).map((p) => ({ id: this.#ids.next(), p }));
    const updates = planned.filter((p) => p.existing);
    const tagRows = creates.flatMap(({ id, p }) => tagRowsOf(id, p.data));
    const statements: InStatement[] = [
      ...chunked(creates, 500).map((part) => bulkInsert(contents, part.map(({ id, p }) => contentValues(id, p.data, { createdAt: p.row.createdAt ?? now })))),
      ...chunked(tagRows, 2000).map((rows) => bulkInsert(contentTags, rows)),
      ...updates.flatMap((p) => updateContentStatements(db, p.existing!.id, p.data).map(toStatement)),
    ];
    try {
      await db.$client.batch(statements, 'write');
      return planned.map((p) => rowOf(p.row, p.existing ? 'updated' : 'created', { slug: p.data.slug }));
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
    }
    const results: Result[] = [];
    for (const p of planned) {
      try {
        if (p.existing) await db.batch(updateContentStatements(db, p.existing.id, p.data));
        else await db.batch(insertContentStatements(db, newId(), p.data, { createdAt: p.row.createdAt ?? now }));
        results.push(rowOf(p.row, p.existing ? 'updated' : 'created', { slug: p.data.slug }));
      } catch (error) {
        const conflict = contentConflict(error, p.data);
        if (!isAppError(conflict)) throw error;
        results.push(rowOf(p.row, 'refused', { slug: p.data.slug, reason: conflict.message }));
      }
    }
    return results;
  }
}

/**
 * Ids for the contents an import creates, in increasing order: the time in seconds, a random part for this
 * import, then a counter (the layout of MongoDB's ObjectIds, 24 hex digits like newId()). Random ids land
 * all over the indexes that start with the id (contents' id, content_tags' primary key and (kind, value,
 * content_id)), so each batch rewrites thousands of index pages; increasing ones append. Measured on 50k
 * contents: the tag inserts took 9.2 s with random ids, 3.2 s with these.
 */
function orderedIds(): { next: () => string } {
  const run = newId().slice(0, 8);
  let counter = 0;
  return { next: () => `${Math.floor(Date.now() / 1000).toString(16).padStart(8, '0').slice(-8)}${run}${(counter++ % 0x100000000).toString(16).padStart(8, '0')}` };
}

function tagRowsOf(contentId: string, data: ContentInput) {
  return (['category', 'techStack', 'type'] as const).flatMap((kind) => data[kind].map((tag) => ({ contentId, kind, value: tag.value, label: tag.label })));
}

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * A multi-row INSERT as plain SQL, from the table's own column definitions (names and value mapping).
 * drizzle's builder spends longer composing a statement of 10,000 parameters than SQLite spends running
 * it (measured on 10k contents: 1.5 s to build, 0.8 s to run), so the bulk inserts skip it. Every row
 * must have the same keys.
 */
function bulkInsert<T extends Table>(table: T, rows: Array<T['$inferInsert']>): InStatement {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!);
  const placeholders = `(${columns.map(() => '?').join(', ')})`;
  const args: InValue[] = [];
  for (const row of rows) {
    for (const [key, column] of columns) {
      const value = (row as Record<string, unknown>)[key];
      args.push(value === null || value === undefined ? null : (column.mapToDriverValue(value) as InValue));
    }
  }
  const names = columns.map(([, column]) => `"${column.name}"`).join(', ');
  return { sql: `INSERT INTO "${getTableName(table)}" (${names}) VALUES ${rows.map(() => placeholders).join(', ')}`, args };
}

const toStatement = (query: { toSQL: () => { sql: string; params: unknown[] } }): InStatement => {
  const { sql: text, params } = query.toSQL();
  return { sql: text, args: params as InValue[] };
};

// Queueing submissions ---------------------------------------------------------------------------------

class SubmissionWriter {
  /** Increasing, so submissions queued by one import keep the file's order in the queue (same createdAt). */
  readonly #ids = orderedIds();
  readonly db: Db;
  readonly dryRun: boolean;
  constructor(db: Db, dryRun: boolean) {
    this.db = db;
    this.dryRun = dryRun;
  }

  async write(rows: CheckedRow[]): Promise<Result[]> {
    const db = this.db;
    const keys = rows.map((r) => r.key);
    const [listed, queued] = await Promise.all([
      db.select({ key: contents.urlKey, name: contents.name }).from(contents).where(inArray(contents.urlKey, keys)),
      db.select({ key: submissions.urlKey, name: submissions.name }).from(submissions).where(and(inArray(submissions.urlKey, keys), eq(submissions.status, 'pending'))),
    ]);
    const listedAs = new Map(listed.map((c) => [c.key!, c.name]));
    const queuedAs = new Map(queued.map((s) => [s.key, s.name]));
    const results: Result[] = [];
    const fresh: CheckedRow[] = [];
    for (const row of rows) {
      const content = listedAs.get(row.key);
      const pending = queuedAs.get(row.key);
      if (content !== undefined) results.push(rowOf(row, 'skipped', { reason: `already listed as '${content}'` }));
      else if (pending !== undefined) results.push(rowOf(row, 'skipped', { reason: `already waiting for review as '${pending}'` }));
      else fresh.push(row);
    }
    if (fresh.length === 0 || this.dryRun) return [...results, ...fresh.map((row) => rowOf(row, 'queued', { slug: row.data.slug }))];

    const now = new Date();
    const inserted = await db
      .insert(submissions)
      .values(
        fresh.map((row) => ({
          id: this.#ids.next(),
          userId: null,
          name: row.data.name,
          slug: row.data.slug,
          url: cleanUrl(row.data.url),
          urlKey: row.key,
          image: storedImage(row.data.image),
          category: row.data.category,
          techStack: row.data.techStack,
          type: row.data.type,
          cost: row.data.cost,
          hasCert: row.data.hasCert,
          description: row.data.description,
          createdAt: row.createdAt ?? now,
        })),
      )
      .onConflictDoNothing()
      .returning({ key: submissions.urlKey });
    const done = new Set(inserted.map((r) => r.key));
    for (const row of fresh) {
      results.push(done.has(row.key) ? rowOf(row, 'queued', { slug: row.data.slug }) : rowOf(row, 'skipped', { reason: 'already waiting for review' }));
    }
    return results;
  }
}
