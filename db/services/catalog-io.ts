/**
 * The catalog in and out of files (`skillshelf import` / `export`): JSON (an array of contents in the API's
 * shape, bare or held by a field of an object as other directories export it) or CSV (CATALOG_COLUMNS, tags
 * as labels separated by '|', cells escaped from spreadsheet formulas with a leading `'` as csv.ts
 * describes).
 *
 * Import is an upsert keyed by the normalised URL (urlKey): a row whose website is not listed creates a
 * content; one that is listed fills, updates or skips it by --on-existing (import-merge.ts), so importing
 * the same file twice changes nothing the second time. Files written elsewhere are taken as far as they can
 * be: foreign tags are mapped and folded onto ours (tag-resolver.ts), an invalid slug is made valid, an
 * image that is not on the web or on this site is dropped for the generated tile, each with a warning on
 * its row. Every row is then validated with the schema the API uses (contentInput); a row with problems is
 * refused on its own, with all of them, and the valid ones are written. A file that cannot be read as rows
 * at all (bad JSON, a CSV header without a required column, an unclosed quote) is refused whole before
 * anything is written. Writes go in batches of BATCH_ROWS rows: one db.batch each, existing contents, slugs
 * and uploads looked up per batch with one query each, never a round trip per row.
 */
import type { InStatement, InValue } from '@libsql/client';
import { and, asc, eq, getTableColumns, getTableName, inArray, like, or, sql, type Table } from 'drizzle-orm';
import { uniqueViolation } from '../batch.ts';
import type { Db } from '../client.ts';
import { AppError, isAppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { contentTags, contents, submissions, tags, uploads, type Content } from '../schema.ts';
import { TAG_KINDS, type Tag, type TagKindName } from '../taxonomy.ts';
import { cleanUrl, isHttpUrl, slugify, urlKey } from '../urls.ts';
import { contentInput, SLUG_MAX_CHARS, SLUG_PATTERN, type ContentInput } from '../validation/contents.ts';
import { blankAsMissing } from '../validation/form-values.ts';
import { cleanText } from '../validation/text.ts';
import { contentConflict } from './admin-contents.ts';
import { auditEntry, type Actor } from './audit.ts';
import { contentValues, insertContentStatements, storedImage, updateContentStatements } from './content-rows.ts';
import { CsvSyntaxError, csvLine, readCsvRecords, unescapeFormula, type CsvRecord } from './csv.ts';
import { changesOf, mergeExisting, type FieldChange, type GivenFields, type OnExisting } from './import-merge.ts';
import { JsonArraySyntaxError, readJsonElements } from './json-array.ts';
import { listTags } from './tags.ts';
import { EMPTY_TAG_MAP, foldTag, readTagMap, resolveRowTags, tagRules, creatingResolver, type TagRules } from './tag-resolver.ts';

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

/** CSV columns import reads: the export's, and updatedAt (kept, with createdAt, for the contents it creates). */
export const IMPORT_COLUMNS = [...CATALOG_COLUMNS, 'updatedAt'] as const;
/** Fields of a top-level JSON object that may hold the array of contents, as other directories export it. */
export const JSON_WRAPPERS = ['contents', 'items', 'data', 'resources'] as const;

export interface ImportRow {
  /** The row's position in the file, from 1. */
  row: number;
  /** The line the row starts on (rows of a one-line JSON file share line 1). */
  line: number;
  outcome: ImportOutcome;
  name?: string;
  url?: string;
  slug?: string;
  /** Why a row was skipped or refused (for a refused row, its problems joined by '; '). */
  reason?: string;
  /** Every problem of a refused row. */
  problems?: string[];
  /** What the import changed to take the row: an image or a tag dropped, a slug rewritten. */
  warnings?: string[];
  /** For an updated row: every field that changes, with its old and new value. */
  changes?: FieldChange[];
}

/** A tag of the file that matched none of ours (after --map), and in how many rows. */
export interface UnknownTag {
  kind: TagKindName;
  label: string;
  rows: number;
}

export interface ImportReport {
  format: CatalogFormat;
  dryRun: boolean;
  asSubmissions: boolean;
  onExisting: OnExisting;
  createTags: boolean;
  counts: Record<ImportOutcome, number>;
  /** Rows with at least one warning. */
  warned: number;
  /** Most frequent first. */
  unknownTags: UnknownTag[];
  /** The tags this import created (or would create, in a dry run). */
  createdTags: Array<{ kind: TagKindName; label: string; value: string }>;
  rows: ImportRow[];
}

export interface ImportOptions {
  format: CatalogFormat;
  /** Check and report everything, write nothing. */
  dryRun?: boolean;
  /** Queue the rows as submissions for review instead of writing contents. */
  asSubmissions?: boolean;
  /** What becomes of contents already listed (import-merge.ts): fill by default. */
  onExisting?: OnExisting;
  /** Foreign tags onto ours, as a --map file holds them (tag-resolver.ts readTagMap). */
  tagMap?: unknown;
  /** false (--no-create-tags): a tag that matches none of ours refuses its row instead of being settled. */
  createTags?: boolean;
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

/** Where a row's slug comes from: the file (valid as written), the file made valid, or the name. */
type SlugSource = 'given' | 'fixed' | 'derived';

/** A valid row, ready to be written. */
interface CheckedRow {
  index: number;
  line: number;
  /** The image in its stored form. */
  data: ContentInput;
  key: string;
  slug: SlugSource;
  /** The slug as the file wrote it, when it had to be made valid. */
  slugWritten?: string;
  given: GivenFields;
  createdAt?: Date;
  updatedAt?: Date;
  warnings: string[];
}

interface RowCheck {
  checked?: CheckedRow;
  problems: string[];
  warnings: string[];
  unknownTags: Array<{ kind: TagKindName; label: string }>;
}

export async function importCatalog(db: Db, actor: Actor, input: AsyncIterable<string>, options: ImportOptions): Promise<ImportReport> {
  const resolver = creatingResolver(await listTags(db));
  const createTags = options.createTags !== false;
  const rules = tagRules(resolver, options.tagMap === undefined ? EMPTY_TAG_MAP : readTagMap(options.tagMap, resolver), createTags);
  const onExisting = options.onExisting ?? 'fill';
  const raw = await readRows(input, options.format);
  const results: ImportRow[] = new Array(raw.length);
  const unknownTags = new Map<string, UnknownTag>();

  const checked: CheckedRow[] = [];
  const firstRowOfKey = new Map<string, number>();
  for (const row of raw) {
    const check = checkRow(row, rules);
    for (const { kind, label } of check.unknownTags) {
      const id = `${kind}\u0000${foldTag(label)}`;
      const seen = unknownTags.get(id);
      if (seen) seen.rows++;
      else unknownTags.set(id, { kind, label, rows: 1 });
    }
    const earlier = check.checked && firstRowOfKey.get(check.checked.key);
    if (!check.checked || earlier !== undefined) {
      const problems = check.checked ? [`the same website as row ${earlier}`] : check.problems;
      results[row.index] = refusedRow(row, problems, check.warnings);
      continue;
    }
    firstRowOfKey.set(check.checked.key, row.index + 1);
    checked.push(check.checked);
  }

  const dryRun = options.dryRun === true;
  // New tags first, in one statement, so the contents written next may carry them.
  if (!dryRun && resolver.created.length > 0) {
    await db.insert(tags).values(resolver.created.map(({ kind, tag }) => ({ kind, value: tag.value, label: tag.label }))).onConflictDoNothing();
  }
  const writer = options.asSubmissions ? new SubmissionWriter(db, dryRun) : new ContentWriter(db, dryRun, onExisting);
  for (let done = 0; done < checked.length; done += BATCH_ROWS) {
    const batch = checked.slice(done, done + BATCH_ROWS);
    await dropMissingUploads(db, batch);
    for (const [index, row] of await writer.write(batch)) results[index] = row;
    options.onProgress?.(Math.min(done + BATCH_ROWS, checked.length), checked.length);
  }

  const rows = results;
  const counts = Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, 0])) as Record<ImportOutcome, number>;
  let warned = 0;
  for (const row of rows) {
    counts[row.outcome]++;
    if (row.warnings) warned++;
  }
  if (!dryRun) {
    await auditEntry(db, actor, 'content.import', { type: 'import', id: options.source }, { source: options.source, format: options.format, asSubmissions: options.asSubmissions === true, onExisting, ...counts });
  }
  return {
    format: options.format,
    dryRun,
    asSubmissions: options.asSubmissions === true,
    onExisting,
    createTags,
    createdTags: resolver.created.map(({ kind, tag }) => ({ kind, label: tag.label, value: tag.value })),
    counts,
    warned,
    unknownTags: [...unknownTags.values()].sort((a, b) => b.rows - a.rows),
    rows,
  };
}

/** A refused row; its name and URL echoed as cleaned text, since the report is printed to terminals. */
function refusedRow(row: RawRow, problems: string[], warnings: string[]): ImportRow {
  const [name, url] = [row.fields?.name, row.fields?.url].map((value) => (typeof value === 'string' ? cleanText(value) : ''));
  return {
    row: row.index + 1,
    line: row.line,
    outcome: 'refused',
    ...(name ? { name } : {}),
    ...(url ? { url } : {}),
    reason: problems.join('; '),
    problems,
    ...(warnings.length ? { warnings } : {}),
  };
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
  const rows: RawRow[] = [];
  for await (const element of readJsonElements(input, { maxElementChars: MAX_ROW_CHARS, wrappers: JSON_WRAPPERS })) {
    const { line } = element;
    if (element.oversized) rows.push({ index: rows.length, line, problem: TOO_LARGE });
    else if (typeof element.value !== 'object' || element.value === null || Array.isArray(element.value)) rows.push({ index: rows.length, line, problem: 'expected an object with the fields of a content' });
    else rows.push({ index: rows.length, line, fields: element.value as Record<string, unknown> });
  }
  return rows;
}

async function readCsvRows(input: AsyncIterable<string>): Promise<RawRow[]> {
  let columns: string[] | undefined;
  const rows: RawRow[] = [];
  for await (const record of readCsvRecords(input, { maxRecordChars: MAX_ROW_CHARS })) {
    if (!columns) {
      columns = csvHeader(record);
      continue;
    }
    if (record.oversized) rows.push({ index: rows.length, line: record.line, problem: TOO_LARGE });
    else if (record.fields.length !== columns.length) rows.push({ index: rows.length, line: record.line, problem: `the row has ${record.fields.length} fields, the header ${columns.length}` });
    else rows.push({ index: rows.length, line: record.line, fields: csvFields(columns, record.fields) });
  }
  if (!columns) throw new ImportFileError(undefined, 'the file is empty: expected a CSV header line');
  return rows;
}

function csvHeader(record: CsvRecord): string[] {
  if (record.oversized) throw new ImportFileError(record.line, `the header line is larger than ${MAX_ROW_CHARS / (1 << 20)} MB`);
  const known = new Map(IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c as string]));
  const columns = record.fields.map((field) => {
    const column = known.get(field.trim().toLowerCase());
    if (!column) throw new ImportFileError(record.line, `unknown column '${field.slice(0, 40)}' in the header (columns: ${IMPORT_COLUMNS.join(', ')})`);
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

/** Every problem of a row (it is refused when there is one), and what had to change to take it. */
function checkRow(row: RawRow, rules: TagRules): RowCheck {
  const check: RowCheck = { problems: [], warnings: [], unknownTags: [] };
  if (!row.fields) {
    check.problems.push(row.problem ?? 'the row cannot be read');
    return check;
  }
  const fields = row.fields;
  const tags = {} as Record<TagKindName, Tag[]>;
  const tagProblems: string[] = [];
  for (const kind of TAG_KINDS) {
    const resolved = resolveRowTags(kind, fields[kind], rules);
    tags[kind] = resolved.tags;
    tagProblems.push(...resolved.problems);
    check.warnings.push(...resolved.warnings);
    check.unknownTags.push(...resolved.unknown.map((label) => ({ kind, label })));
  }
  const slug = readSlug(fields);
  const image = readImage(fields.image);
  if (image.warning) check.warnings.push(image.warning);

  const parsed = contentInput.safeParse({ ...fields, ...tags, slug: slug.value, image: image.value });
  if (!parsed.success) check.problems.push(...issueMessages(parsed.error.issues));
  check.problems.push(...tagProblems);
  const createdAt = readDate(fields.createdAt);
  let updatedAt = readDate(fields.updatedAt);
  if (createdAt === null) check.problems.push('createdAt must be a date (ISO 8601, e.g. 2024-05-01T12:00:00Z)');
  if (updatedAt === null) check.problems.push('updatedAt must be a date (ISO 8601, e.g. 2024-05-01T12:00:00Z)');
  if (!parsed.success || check.problems.length > 0) return check;

  if (createdAt && updatedAt && updatedAt < createdAt) {
    check.warnings.push('updatedAt is before createdAt: createdAt is used for both');
    updatedAt = undefined;
  }
  check.checked = {
    index: row.index,
    line: row.line,
    data: parsed.data,
    key: urlKey(parsed.data.url),
    slug: slug.source,
    ...(slug.source === 'fixed' ? { slugWritten: slug.written } : {}),
    given: { slug: slug.source === 'given', cost: blankAsMissing(fields.cost) !== undefined, hasCert: blankAsMissing(fields.hasCert) !== undefined },
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    warnings: check.warnings,
  };
  return check;
}

/**
 * The problem zod found in each field, as parseInput words it: the first per field, since the later ones
 * repeat it ('Website URL is required' is also not a valid URL).
 */
function issueMessages(issues: ReadonlyArray<{ code: string; message: string; path: PropertyKey[] }>): string[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (byField.has(field)) continue;
    byField.set(field, issue.code === 'invalid_type' && /expected/.test(issue.message) && field ? `${field} is invalid: ${issue.message}` : issue.message);
  }
  return [...byField.values()];
}

/** The slug as written when valid; else made valid from it (a warning names both); else from the name. */
function readSlug(fields: Record<string, unknown>): { value: string; source: SlugSource; written?: string } {
  const raw = typeof fields.slug === 'string' ? fields.slug : typeof fields.slug === 'number' ? String(fields.slug) : '';
  const valid = (slug: string) => slug.length <= SLUG_MAX_CHARS && SLUG_PATTERN.test(slug);
  if (valid(raw)) return { value: raw, source: 'given' };
  const written = cleanText(raw);
  if (written === '') return { value: slugify(typeof fields.name === 'string' ? fields.name : ''), source: 'derived' };
  if (valid(written)) return { value: written, source: 'given' };
  return { value: slugify(written), source: 'fixed', written };
}

/** Our uploads, by the SHA-256 of their bytes (uploads.ts). */
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{64})\.(?:png|gif|jpg)$/;

/**
 * The image in its stored form: an http(s) URL, one of our uploads (checked per batch by
 * dropMissingUploads), or none. Any other path, such as another directory's placeholder
 * (/images/letters_placeholder/default_A.png), is not a file of this site: dropped with a warning, the
 * content shows its generated tile. A value that is not text is left to the schema to refuse.
 */
function readImage(value: unknown): { value: unknown; warning?: string } {
  if (typeof value !== 'string' || value === '') return { value };
  const text = cleanText(value);
  if (text === '') return { value: '' };
  const stored = storedImage(text);
  if (stored === '' || isHttpUrl(stored) || UPLOAD_PATH.test(stored)) return { value: stored };
  return { value: '', warning: `image '${shorten(text)}' is neither an http(s) URL nor a file of this site: the generated tile is shown instead` };
}

/** Rows whose image is an upload this database does not hold lose it, with a warning: one query per batch. */
async function dropMissingUploads(db: Db, rows: CheckedRow[]): Promise<void> {
  const withUpload = rows.filter((row) => row.data.image.startsWith('/uploads/'));
  if (withUpload.length === 0) return;
  const ids = [...new Set(withUpload.map((row) => UPLOAD_PATH.exec(row.data.image)![1]!))];
  const held = new Set((await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids))).map((upload) => upload.id));
  for (const row of withUpload) {
    if (held.has(UPLOAD_PATH.exec(row.data.image)![1]!)) continue;
    row.warnings.push(`image '${row.data.image}' is not an upload of this site (uploads are not part of an export): the generated tile is shown instead`);
    row.data = { ...row.data, image: '' };
  }
}

const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** undefined when absent, null when present but not a date. MongoDB's {"$date": …} is read too. */
function readDate(value: unknown): Date | undefined | null {
  const given = typeof value === 'object' && value !== null && '$date' in value ? (value as { $date: unknown }).$date : value;
  if (given === undefined || given === null || given === '') return undefined;
  if (typeof given !== 'string' && typeof given !== 'number') return null;
  const date = new Date(given);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A row's result, with the row's position in the file. */
type Result = [index: number, row: ImportRow];

const rowOf = (row: CheckedRow, outcome: ImportOutcome, extra: Partial<ImportRow> = {}): Result => [
  row.index,
  { row: row.index + 1, line: row.line, outcome, name: row.data.name, url: row.data.url, ...extra, ...(row.warnings.length ? { warnings: row.warnings } : {}) },
];

// Writing contents ------------------------------------------------------------------------------------

/** Contents whose slug is not free: who holds it (a urlKey; '' for a content without a website). */
type SlugOwners = Map<string, string>;

interface Planned {
  row: CheckedRow;
  data: ContentInput;
  /** The content it updates, and what changes; absent for a new content. */
  existing?: Content;
  changes?: FieldChange[];
}

class ContentWriter {
  /** Slugs given to rows of this import so far, with the row that took each. */
  readonly #claimed = new Map<string, { key: string; row: number }>();
  readonly #ids = orderedIds();

  readonly db: Db;
  readonly dryRun: boolean;
  readonly onExisting: OnExisting;
  constructor(db: Db, dryRun: boolean, onExisting: OnExisting) {
    this.db = db;
    this.dryRun = dryRun;
    this.onExisting = onExisting;
  }

  async write(rows: CheckedRow[]): Promise<Result[]> {
    const db = this.db;
    const keys = rows.map((r) => r.key);
    const existing = new Map((await db.select().from(contents).where(inArray(contents.urlKey, keys))).map((c) => [c.urlKey!, c]));

    const results: Result[] = [];
    const proposed: Planned[] = [];
    for (const row of rows) {
      const current = existing.get(row.key);
      if (!current) proposed.push({ row, data: row.data });
      else if (this.onExisting === 'skip') results.push(rowOf(row, 'skipped', { slug: current.slug, reason: `already listed as '${current.name}' (--on-existing skip)` }));
      else proposed.push({ row, data: mergeExisting(current, row.data, row.given, this.onExisting), existing: current });
    }
    const wanted = [...new Set(proposed.map((p) => p.data.slug))];
    const owners: SlugOwners = new Map(
      (await db.select({ slug: contents.slug, key: contents.urlKey }).from(contents).where(inArray(contents.slug, wanted))).map((o) => [o.slug, o.key ?? '']),
    );

    const planned: Planned[] = [];
    for (const { row, data, existing: current } of proposed) {
      let slug = data.slug;
      const holder = this.#holder(slug, row.key, owners);
      if (holder) {
        slug = current ? current.slug : await this.#freeSlug(slug, owners);
        if (row.slug === 'given') row.warnings.push(`slug '${data.slug}' is used by ${holder}: ${current ? 'kept' : 'stored as'} '${slug}'`);
      }
      if (!current && row.slug === 'fixed') row.warnings.push(`slug '${shorten(row.slugWritten!)}' may hold only lowercase letters, digits and single hyphens: stored as '${slug}'`);
      const next = slug === data.slug ? data : { ...data, slug };
      this.#claimed.set(slug, { key: row.key, row: row.index + 1 });
      if (!current) planned.push({ row, data: next });
      else {
        const changes = changesOf(current, next);
        if (changes.length === 0) results.push(rowOf(row, 'unchanged', { name: next.name, url: next.url, slug }));
        else planned.push({ row, data: next, existing: current, changes });
      }
    }
    if (!this.dryRun) results.push(...(await this.#store(planned)));
    else results.push(...planned.map((p) => plannedRow(p)));
    return results;
  }

  /** Who holds `slug` if it cannot go to the content at `key` ('row 3', 'another content'), else undefined. */
  #holder(slug: string, key: string, owners: SlugOwners): string | undefined {
    const claim = this.#claimed.get(slug);
    if (claim && claim.key !== key) return `row ${claim.row}`;
    const owner = owners.get(slug);
    if (owner !== undefined && owner !== key) return 'another content';
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
      ...chunked(creates, 500).map((part) => bulkInsert(contents, part.map(({ id, p }) => contentValues(id, p.data, datesOf(p.row, now))))),
      ...chunked(tagRows, 2000).map((rows) => bulkInsert(contentTags, rows)),
      ...updates.flatMap((p) => updateContentStatements(db, p.existing!.id, p.data).map(toStatement)),
    ];
    try {
      await db.$client.batch(statements, 'write');
      return planned.map(plannedRow);
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
    }
    const results: Result[] = [];
    for (const p of planned) {
      try {
        if (p.existing) await db.batch(updateContentStatements(db, p.existing.id, p.data));
        else await db.batch(insertContentStatements(db, newId(), p.data, datesOf(p.row, now)));
        results.push(plannedRow(p));
      } catch (error) {
        const conflict = contentConflict(error, p.data);
        if (!isAppError(conflict)) throw error;
        results.push(rowOf(p.row, 'refused', { slug: p.data.slug, reason: conflict.message, problems: [conflict.message] }));
      }
    }
    return results;
  }
}

/** A written row, named as the content now is (an update by fill keeps our name). */
const plannedRow = (p: Planned): Result =>
  rowOf(p.row, p.existing ? 'updated' : 'created', { name: p.data.name, url: p.data.url, slug: p.data.slug, ...(p.changes ? { changes: p.changes } : {}) });

/** A new content's dates: the file's, else the import's time; never updated before it was created. */
function datesOf(row: CheckedRow, now: Date): { createdAt: Date; updatedAt: Date } {
  const createdAt = row.createdAt ?? now;
  return { createdAt, updatedAt: row.updatedAt && row.updatedAt > createdAt ? row.updatedAt : createdAt };
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
