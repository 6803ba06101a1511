/**
 * `skillshelf export`: the whole catalog as a JSON or CSV file (db/imports/files/format.ts) that import reads
 * back into the same contents.
 */
import { asc, sql } from 'drizzle-orm';
import { csvLine } from './files/csv-cells.ts';
import { CATALOG_COLUMNS, csvCells, type CatalogFormat, type CatalogRecord } from './files/format.ts';
import type { Db } from '../client.ts';
import { contents, pictureFetches } from '../schema.ts';
import { CONTENT_FIELDS, type ContentField } from '../catalog/validation/contents.ts';

/**
 * A content's fields (CONTENT_FIELDS), its date, and the seq the pages are keyed on. A content still waiting for
 * the picture it was given by another site's address is written with that address, as it was given: the
 * import asks for it again.
 */
const exportColumns = {
  seq: contents.seq,
  ...(Object.fromEntries(CONTENT_FIELDS.map((field) => [field, contents[field]])) as {
    [K in ContentField]: (typeof contents)[K];
  }),
  image: sql<string>`CASE WHEN ${contents.image} = '' THEN coalesce((SELECT ${pictureFetches.source} FROM ${pictureFetches} WHERE ${pictureFetches.contentId} = ${contents.id}), '') ELSE ${contents.image} END`,
  createdAt: contents.createdAt,
};

/** How many contents an export writes (for its progress). */
export async function countCatalog(db: Db): Promise<number> {
  return db.$count(contents);
}

/** Every content, oldest first, read in pages (keyset on created_at, seq: each page one indexed query). */
export async function* exportCatalog(db: Db, options: { pageSize?: number } = {}): AsyncGenerator<CatalogRecord[]> {
  const pageSize = options.pageSize ?? 1000;
  let after: { createdAt: Date; seq: number } | undefined;
  for (;;) {
    const rows = await db
      .select(exportColumns)
      .from(contents)
      .where(
        after
          ? sql`(${contents.createdAt}, ${contents.seq}) > (${after.createdAt.getTime()}, ${after.seq})`
          : undefined,
      )
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
    if (format === 'csv') yield page.map((record) => csvLine(csvCells(record))).join('');
    else {
      yield page.map((record, i) => `${first && i === 0 ? '' : ','}\n${JSON.stringify(record)}`).join('');
      first = false;
    }
  }
  if (format === 'json') yield first ? ']\n' : '\n]\n';
}
