/**
 * The database's fast paths: the few places that skip drizzle's query builder or the driver's row objects,
 * because measurement showed they cost more than SQLite does. Everything else speaks drizzle; each path here
 * carries its measurement, so whoever wants to fold one back into the builder knows what it costs.
 */
import type { InStatement, InValue } from '@libsql/client';
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { readRow, readRows, readSnapshot, type Db } from '../../client.ts';
import { catalogChanges } from '../../schema.ts';
import { FACET_TABLE_COLUMNS } from '../facets.ts';

const CHANGES_AFTER = `SELECT seq, kind, content_seq, before, after FROM ${getTableName(catalogChanges)} WHERE seq > ? ORDER BY seq LIMIT ?`;
const LATEST_CHANGE = `SELECT coalesce(max(seq), 0) FROM ${getTableName(catalogChanges)}`;
const OLDEST_CHANGE = `SELECT coalesce(min(seq), 0) FROM ${getTableName(catalogChanges)}`;

/** A catalog_changes row as read: seq, kind, content_seq, before, after. */
export type ChangeRow = [number, string, number | null, string | null, string | null];

/**
 * The catalog's changes after `seq`, which every cached page and read asks for: plain SQL prepared once on
 * the process's read connection where the database is a local file (about 10 µs when there is none, as the
 * one version read it replaced; the client's execute took 77 µs, and the builder costs more than the
 * indexed read itself).
 */
export async function readChangesAfter(db: Db, seq: number, limit: number): Promise<ChangeRow[]> {
  const local = readRows(db, CHANGES_AFTER, [seq, limit]);
  if (local) return local as ChangeRow[];
  return (await db.$client.execute({ sql: CHANGES_AFTER, args: [seq, limit] })).rows.map(
    (row) => [row[0], row[1], row[2], row[3], row[4]] as ChangeRow,
  );
}

async function readOne(db: Db, sql: string): Promise<number> {
  const row = readRow(db, sql, []) ?? (await db.$client.execute(sql)).rows[0];
  return Number(row?.[0] ?? 0);
}

/** The catalog version: the last change's seq. */
export const readLatestChange = (db: Db) => readOne(db, LATEST_CHANGE);
export const readOldestChange = (db: Db) => readOne(db, OLDEST_CHANGE);

/** Forgets the changes up to `seq` (the feed keeps the last 100,000; a process further behind starts over). */
export async function pruneChanges(db: Db, seq: number): Promise<void> {
  if (seq > 0)
    await db.$client.execute({ sql: `DELETE FROM ${getTableName(catalogChanges)} WHERE seq <= ?`, args: [seq] });
}

/** A content's facet columns, as the facet table reads them: an array in FACET_TABLE_COLUMNS' order. */
export type FacetRow = unknown[];

const FACET_ROW = `json_array(${FACET_TABLE_COLUMNS.join(', ')})`;
/** The covering index's columns (db/catalog/schema.ts makes it from the same list), then the seq: its own order. */
const INDEX_ORDER = [...FACET_TABLE_COLUMNS.filter((column) => column !== 'seq'), 'seq'].join(', ');
const VERSION_AND_TOP = `SELECT (SELECT coalesce(max(seq), 0) FROM catalog_changes) AS version, (SELECT coalesce(max(seq), 0) FROM contents) AS top`;
const FACET_ROWS = `SELECT (SELECT coalesce(max(seq), 0) FROM catalog_changes) AS version, coalesce(max(seq), 0) AS top,
  json_group_array(${FACET_ROW}) AS rows
FROM contents INDEXED BY contents_facet_table_idx`;
const FACET_ROWS_PART = `SELECT json_group_array(${FACET_ROW}) AS rows
FROM (SELECT ${FACET_TABLE_COLUMNS.join(', ')} FROM contents INDEXED BY contents_facet_table_idx
  ORDER BY ${INDEX_ORDER} LIMIT ? OFFSET ?)`;
/**
 * Rows per statement from a libSQL server, whose answers are limited in size (sqld's --max-response-size,
 * 10 MB by default: 100k contents' rows are 11 MB as one text, 5,000 of them about 550 kB).
 */
const PART_ROWS = 5_000;

const VERSION_TOP_SIZE = `SELECT (SELECT coalesce(max(seq), 0) FROM catalog_changes), coalesce(max(seq), 0), count(*) FROM contents`;

/** What the facet table is read with: the catalog version the rows belong to, the highest seq, how many rows. */
export interface FacetHead {
  version: number;
  top: number;
  size: number;
  columns: typeof FACET_TABLE_COLUMNS;
}

/**
 * Rows per statement on the process's own connection: one JSON text per part keeps the speed of one text
 * (the driver's rows, one at a time, took 8 s at a million contents against 4 s) while a million rows are
 * never held at once.
 */
const LOCAL_PART_ROWS = 250_000;

/** The facet rows part by part, each part one JSON text, in the covering index's order. */
function* inParts(reads: { row: (sql: string, args: unknown[]) => unknown[] }): Iterable<FacetRow> {
  for (let offset = 0; ; offset += LOCAL_PART_ROWS) {
    const part = JSON.parse(String(reads.row(FACET_ROWS_PART, [LOCAL_PART_ROWS, offset])[0])) as FacetRow[];
    yield* part;
    if (part.length < LOCAL_PART_ROWS) return;
  }
}

/**
 * Every content's facet columns with the catalog version they belong to, in one snapshot, handed to `take`
 * one at a time, each an array of FACET_TABLE_COLUMNS (db/catalog/facets.ts). Each row carries its tag set
 * as one text (contents.tag_key), so tags cost a map lookup per row, not one per tag.
 *
 * Each part of the rows is one JSON text rather than row objects from the driver (which take seven times as
 * long). On the process's database file, from its own connection in parts of LOCAL_PART_ROWS (a million rows
 * as one text and its parse held 400 MB at once); from another file in one statement over the covering
 * index; from a libSQL server in parts of PART_ROWS within one read transaction (one snapshot still).
 */
export async function readFacetRows<T>(db: Db, take: (head: FacetHead, rows: Iterable<FacetRow>) => T): Promise<T> {
  const columns = FACET_TABLE_COLUMNS;
  const streamed = readSnapshot(db, (reads) => {
    const [version, top, size] = reads.row(VERSION_TOP_SIZE, []).map(Number) as [number, number, number];
    return { taken: take({ version, top, size, columns }, inParts(reads)) };
  });
  if (streamed) return streamed.taken;
  if (db.$client.protocol === 'file') {
    const head = (await db.$client.execute(FACET_ROWS)).rows[0]!;
    const rows = JSON.parse(String(head.rows)) as FacetRow[];
    return take({ version: Number(head.version ?? 0), top: Number(head.top), size: rows.length, columns }, rows);
  }
  const read = await db.$client.transaction('read');
  try {
    const head = (await read.execute(VERSION_AND_TOP)).rows[0]!;
    const rows: FacetRow[] = [];
    for (let offset = 0; ; offset += PART_ROWS) {
      const part = JSON.parse(
        String((await read.execute({ sql: FACET_ROWS_PART, args: [PART_ROWS, offset] })).rows[0]!.rows),
      ) as FacetRow[];
      for (const row of part) rows.push(row);
      if (part.length < PART_ROWS) break;
    }
    return take({ version: Number(head.version ?? 0), top: Number(head.top), size: rows.length, columns }, rows);
  } finally {
    read.close();
  }
}

/** Statements computed up front, run as one write batch on the client (the bulk import's, beside bulkInsert). */
export async function runStatements(db: Db, statements: InStatement[]): Promise<void> {
  await db.$client.batch(statements, 'write');
}

/** The items in runs of at most `size`: a statement's parameters stay under SQLite's limit. */
export function chunked<T>(items: T[], size: number): T[][] {
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
export function bulkInsert<T extends Table>(table: T, rows: Array<T['$inferInsert']>): InStatement {
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
  return {
    sql: `INSERT INTO "${getTableName(table)}" (${names}) VALUES ${rows.map(() => placeholders).join(', ')}`,
    args,
  };
}

/** A drizzle query as a statement for the client's own batch, beside bulk inserts. */
export const toStatement = (query: { toSQL: () => { sql: string; params: unknown[] } }): InStatement => {
  const { sql: text, params } = query.toSQL();
  return { sql: text, args: params as InValue[] };
};
