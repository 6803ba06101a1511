/**
 * The catalog's files, as `skillshelf export` writes them and `import` reads them: JSON (an array of contents
 * in the API's shape, bare or held by a field of an object as other directories export it) or CSV
 * (CATALOG_COLUMNS, tags as labels separated by TAG_SEPARATOR, cells escaped from spreadsheet formulas with a
 * leading `'` as csv-cells.ts describes).
 */
import type { Content } from '../../schema.ts';
import { CONTENT_FIELDS, type ContentField } from '../../catalog/validation/contents.ts';

export type CatalogFormat = 'json' | 'csv';

/**
 * CSV columns in the order export writes them: a content's fields (CONTENT_FIELDS) and its date. Import accepts
 * any order and needs only the required ones.
 */
export const CATALOG_COLUMNS = [...CONTENT_FIELDS, 'createdAt'] as const;
export const REQUIRED_COLUMNS = ['name', 'url', 'description'] as const;
/** Separates the labels of one tag column in CSV. */
export const TAG_SEPARATOR = '|';
/** A row (a CSV record or a JSON element) longer than this is refused without being kept in memory. */
export const MAX_ROW_CHARS = 1 << 20;
/** CSV columns import reads: the export's, and updatedAt (kept, with createdAt, for the contents it creates). */
export const IMPORT_COLUMNS = [...CATALOG_COLUMNS, 'updatedAt'] as const;
/** Fields of a top-level JSON object that may hold the array of contents, as other directories export it. */
export const JSON_WRAPPERS = ['contents', 'items', 'data', 'resources'] as const;

/** A content as export writes it and import reads it back: its fields as stored (null where it has none), and its date. */
export type CatalogRecord = Pick<Content, ContentField> & {
  /** ISO 8601; import keeps it for the contents it creates, so the catalog's order survives a round trip. */
  createdAt: string;
};

/** A content as a CSV line's cells, in CATALOG_COLUMNS order: tags as their labels and skills joined by TAG_SEPARATOR, none as an empty cell. */
export function csvCells(record: CatalogRecord): string[] {
  return CATALOG_COLUMNS.map((column) => {
    const value: unknown = record[column];
    return Array.isArray(value)
      ? value
          .map((item: string | { label: string }) => (typeof item === 'string' ? item : item.label))
          .join(TAG_SEPARATOR)
      : value === null || value === undefined
        ? ''
        : String(value);
  });
}
