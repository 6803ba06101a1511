/**
 * A learner's bookmarks out (decision 035): their saves, lists (in order, with notes) and progress as JSON,
 * as CSV (one row a place a content holds: a save outside any list, or an item of a list) or as a browser's
 * bookmark file (a list is a folder; a save in no list sits at the top level, where a browser files what it
 * imports). Read in one batch, so the three parts agree.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { contents, listItems, lists, progress, saves } from '../../schema.ts';
import type { BookmarkExportShape } from '../contract.ts';
import { csvLine } from '../files/csv-cells.ts';
import { writeBookmarkFile } from './netscape-write.ts';

export const BOOKMARK_FORMATS = ['json', 'csv', 'html'] as const;
export type BookmarkFormat = (typeof BOOKMARK_FORMATS)[number];

/** The format asked for; anything else is JSON (decision 020's liberal parsing). */
export const bookmarkFormat = (value: string | null | undefined): BookmarkFormat =>
  BOOKMARK_FORMATS.find((format) => format === value?.trim().toLowerCase()) ?? 'json';

const MEDIA_TYPES: Record<BookmarkFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** skillshelf-bookmarks-2026-11-28.html, dated (UTC) the day it was made. */
export const bookmarkFileName = (format: BookmarkFormat, at: Date) =>
  `skillshelf-bookmarks-${at.toISOString().slice(0, 10)}.${format}`;

const ref = { name: contents.name, url: contents.url, slug: contents.slug };

export async function readBookmarks(db: Db, userId: string): Promise<BookmarkExportShape> {
  // Reads side by side, not a batch: a libSQL server's client takes a batch with no mode for a write.
  const [savedRows, listRows, itemRows, progressRows] = await Promise.all([
    db
      .select({ ...ref, savedAt: saves.createdAt })
      .from(saves)
      .innerJoin(contents, eq(contents.id, saves.contentId))
      .where(eq(saves.userId, userId))
      .orderBy(desc(saves.createdAt), desc(contents.seq)),
    db.select().from(lists).where(eq(lists.userId, userId)).orderBy(asc(lists.createdAt), asc(lists.id)),
    db
      .select({ ...ref, listId: listItems.listId, note: listItems.note, addedAt: listItems.createdAt })
      .from(listItems)
      .innerJoin(lists, eq(lists.id, listItems.listId))
      .innerJoin(contents, eq(contents.id, listItems.contentId))
      .where(eq(lists.userId, userId))
      .orderBy(asc(listItems.position), asc(listItems.createdAt)),
    db
      .select({ ...ref, state: progress.state, updatedAt: progress.updatedAt })
      .from(progress)
      .innerJoin(contents, eq(contents.id, progress.contentId))
      .where(eq(progress.userId, userId))
      .orderBy(desc(progress.updatedAt)),
  ]);
  const itemsOf = Map.groupBy(itemRows, (item) => item.listId);
  return {
    exportedAt: new Date().toISOString(),
    saves: savedRows.map(({ savedAt, ...content }) => ({ ...content, savedAt: savedAt.toISOString() })),
    lists: listRows.map((list) => ({
      name: list.name,
      description: list.description,
      isPublic: list.isPublic,
      createdAt: list.createdAt.toISOString(),
      items: (itemsOf.get(list.id) ?? []).map(({ listId: _, addedAt, ...item }) => ({
        ...item,
        addedAt: addedAt.toISOString(),
      })),
    })),
    progress: progressRows.map(({ updatedAt, ...row }) => ({ ...row, updatedAt: updatedAt.toISOString() })),
  };
}

const CSV_HEADER = [
  'name',
  'url',
  'list',
  'position',
  'note',
  'saved_at',
  'added_at',
  'progress',
  'progress_updated_at',
];

/**
 * One row a place: each item of each list (its position from 1), then each save in no list, then each
 * content marked but neither saved nor listed. Every cell goes through csvLine's formula escape.
 */
export function bookmarksAsCsv(data: BookmarkExportShape): string {
  const savedAt = new Map(data.saves.map((save) => [save.url, save.savedAt]));
  const marks = new Map(data.progress.map((mark) => [mark.url, mark]));
  const listed = new Set(data.lists.flatMap((list) => list.items.map((item) => item.url)));
  const row = (
    content: { name: string; url: string },
    list: string,
    position: string,
    note: string,
    addedAt: string,
  ) => {
    const mark = marks.get(content.url);
    return csvLine([
      content.name,
      content.url,
      list,
      position,
      note,
      savedAt.get(content.url) ?? '',
      addedAt,
      mark?.state ?? '',
      mark?.updatedAt ?? '',
    ]);
  };
  const lines = [csvLine(CSV_HEADER)];
  for (const list of data.lists)
    for (const [i, item] of list.items.entries())
      lines.push(row(item, list.name, String(i + 1), item.note, item.addedAt));
  for (const save of data.saves) if (!listed.has(save.url)) lines.push(row(save, '', '', '', ''));
  for (const mark of data.progress)
    if (!listed.has(mark.url) && !savedAt.has(mark.url)) lines.push(row(mark, '', '', '', ''));
  return lines.join('');
}

/**
 * The browser's file: each list a folder (its description the folder's `<DD>`, each item's note its link's),
 * dated by the save when the content is saved (so a re-import keeps the Saved page's order), else by when
 * it was added; the saves in no list at the top level.
 */
export function bookmarksAsHtml(data: BookmarkExportShape): string {
  const savedAt = new Map(data.saves.map((save) => [save.url, save.savedAt]));
  const listed = new Set(data.lists.flatMap((list) => list.items.map((item) => item.url)));
  const folders = data.lists.map((list) => ({
    name: list.name,
    description: list.description,
    addedAt: new Date(list.createdAt),
    links: list.items.map((item) => ({
      url: item.url,
      title: item.name,
      note: item.note,
      addedAt: new Date(savedAt.get(item.url) ?? item.addedAt),
    })),
  }));
  const loose = data.saves
    .filter((save) => !listed.has(save.url))
    .map((save) => ({ url: save.url, title: save.name, note: '', addedAt: new Date(save.savedAt) }));
  return writeBookmarkFile(folders, loose);
}

/** The file's text and media type. */
export function bookmarkFile(data: BookmarkExportShape, format: BookmarkFormat): { body: string; mediaType: string } {
  const body =
    format === 'csv'
      ? bookmarksAsCsv(data)
      : format === 'html'
        ? bookmarksAsHtml(data)
        : `${JSON.stringify(data, null, 2)}\n`;
  return { body, mediaType: MEDIA_TYPES[format] };
}
