/** What an import reports: the outcome of every row, by its position and line, and the counts. */
import type { CatalogFormat } from './files/format.ts';
import type { TagKind } from '../catalog/taxonomy.ts';
import type { CheckedRow } from './import-check.ts';
import type { FieldChange, OnExisting } from './import-merge.ts';

export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'queued' | 'skipped' | 'refused';
export const IMPORT_OUTCOMES: readonly ImportOutcome[] = [
  'created',
  'updated',
  'unchanged',
  'queued',
  'skipped',
  'refused',
];

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
  kind: TagKind;
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
  /**
   * The tags this import created (or would create, in a dry run), each with the tags of ours it may duplicate
   * (`near`: labels sharing a distinctive word), to map it onto with --map instead.
   */
  createdTags: Array<{ kind: TagKind; label: string; value: string; near?: string[] }>;
  rows: ImportRow[];
}

/** A row's result, with the row's position in the file. */
export type RowResult = [index: number, row: ImportRow];

export const rowOf = (row: CheckedRow, outcome: ImportOutcome, extra: Partial<ImportRow> = {}): RowResult => [
  row.index,
  {
    row: row.index + 1,
    line: row.line,
    outcome,
    name: row.data.name,
    url: row.data.url,
    ...extra,
    ...(row.warnings.length ? { warnings: row.warnings } : {}),
  },
];
