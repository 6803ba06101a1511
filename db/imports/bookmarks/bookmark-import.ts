/**
 * A browser's bookmarks in (decision 035). The links the catalog lists become saves; those in a folder also
 * become items of the list of that folder's name (an existing list of that name, else a new private one).
 * Everything is written in one batch — one transaction — so an import that fails leaves nothing half
 * written, and the lists' limits (100 a user, 500 items a list) are conditions of the statements
 * themselves, as everywhere else (decision 033). The links the catalog lacks are answered, to be offered
 * for submission (bookmark-offer.ts).
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { newId } from '../../ids.ts';
import { listItems, lists, saves } from '../../schema.ts';
import type { BookmarkImportShape } from '../contract.ts';
import { insertListStatement } from '../../shelf/lists.ts';
import { ITEMS_PER_LIST, LIST_DESCRIPTION_MAX, LIST_NAME_MAX, LIST_NOTE_MAX } from '../../shelf/validation/lists.ts';
import { SAVES_MAX } from '../../shelf/validation/saves.ts';
import { IMPORT_SAVES_MAX } from '../validation/bookmarks.ts';
import { submissionsLeft } from './bookmark-offer.ts';
import { matchBookmarks } from './bookmark-match.ts';
import type { Bookmark, BookmarkFile } from './netscape-read.ts';
import { readBookmarkFileOffThread } from './netscape-read-thread.ts';
import { hitLimit } from '../../operations/rate-limit.ts';

export type ImportPhase = 'matching' | 'saving';
export type ImportProgress = (phase: ImportPhase, done: number, total: number) => void;

/** A content to save or to put in a list, with when (never later than now). */
interface Placed {
  contentId: string;
  at: number;
  note: string;
}

/**
 * When each link was bookmarked, in ms: its file's date (seconds), never later than now. Links of the same
 * second keep the file's order as the Saved page shows it, newest first: the first is a millisecond newer.
 */
function bookmarkTimes(bookmarks: readonly Bookmark[], now: number): number[] {
  const seen = new Map<number, number>();
  return bookmarks.map((bookmark) => {
    const time = Math.min(bookmark.addedAt?.getTime() ?? now, now);
    const index = seen.get(time) ?? 0;
    seen.set(time, index + 1);
    return time - Math.min(index, 999);
  });
}

const listNameOf = (folder: string) => folder.slice(0, LIST_NAME_MAX).trim();
const foldKey = (name: string) => name.toLowerCase();

/** What the matches come to: the saves and each folder's items (within IMPORT_SAVES_MAX), the links offered, the rest counted. */
interface SortedMatches {
  toSave: Map<string, Placed>;
  byFolder: Map<string, { name: string; items: Map<string, Placed> }>;
  offered: Map<string, BookmarkImportShape['offered'][number]>;
  /** Listed links past IMPORT_SAVES_MAX: not saved. */
  overLimit: Set<string>;
  waiting: number;
  notWeb: number;
  privateLinks: number;
}

function sortMatches(
  bookmarks: readonly Bookmark[],
  matches: Awaited<ReturnType<typeof matchBookmarks>>,
  times: readonly number[],
): SortedMatches {
  const sorted: SortedMatches = {
    toSave: new Map(),
    byFolder: new Map(),
    offered: new Map(),
    overLimit: new Set(),
    waiting: 0,
    notWeb: 0,
    privateLinks: 0,
  };
  let items = 0;
  for (const [i, match] of matches.entries()) {
    const bookmark = bookmarks[i]!;
    if (match.kind === 'listed') {
      const placed = { contentId: match.contentId, at: times[i]!, note: bookmark.note.slice(0, LIST_NOTE_MAX) };
      if (!placeInSaves(sorted, placed)) continue;
      const name = bookmark.folder && listNameOf(bookmark.folder);
      if (name && items < IMPORT_SAVES_MAX && placeInFolder(sorted.byFolder, name, placed)) items++;
    } else if (match.kind === 'new') {
      if (!sorted.offered.has(match.key))
        sorted.offered.set(match.key, { url: match.url, title: bookmark.title, folder: bookmark.folder ?? null });
    } else if (match.kind === 'waiting') sorted.waiting++;
    else if (match.kind === 'not-web') sorted.notWeb++;
    else sorted.privateLinks++;
  }
  return sorted;
}

/** Saves a content (once, its first bookmark's time and note); false when it is past IMPORT_SAVES_MAX. */
function placeInSaves(sorted: SortedMatches, placed: Placed): boolean {
  if (sorted.toSave.has(placed.contentId)) return true;
  if (sorted.toSave.size >= IMPORT_SAVES_MAX) {
    sorted.overLimit.add(placed.contentId);
    return false;
  }
  sorted.toSave.set(placed.contentId, placed);
  return true;
}

/** Puts a content in the folder named `name` (its case aside); false when the folder holds it already. */
function placeInFolder(byFolder: SortedMatches['byFolder'], name: string, placed: Placed): boolean {
  const folder = byFolder.get(foldKey(name)) ?? { name, items: new Map() };
  byFolder.set(foldKey(name), folder);
  if (folder.items.has(placed.contentId)) return false;
  folder.items.set(placed.contentId, placed);
  return true;
}

/**
 * The file's bookmarks, or a 4xx saying why there are none to import (too many imports this hour, empty, too
 * large, not UTF-8, not a bookmark file, too many links, too costly to read): read on a thread of its own
 * before an import starts, so its answer can still be an error.
 */
export async function readBookmarkUpload(db: Db, userId: string, bytes: Uint8Array): Promise<BookmarkFile> {
  await hitLimit(db, 'RATE_LIMIT_BOOKMARK_IMPORT_USER', userId);
  return readBookmarkFileOffThread(bytes);
}

/** Matches and applies a bookmark file's links for `userId`; `onProgress` hears each step. */
export async function importBookmarks(
  db: Db,
  userId: string,
  file: BookmarkFile,
  onProgress: ImportProgress = () => {},
): Promise<BookmarkImportShape> {
  const { bookmarks, folderNotes } = file;
  const total = bookmarks.length;
  onProgress('matching', 0, total);
  const matches = await matchBookmarks(db, bookmarks, (done) => onProgress('matching', done, total));
  onProgress('saving', 0, total);

  const now = Date.now();
  const { toSave, byFolder, offered, overLimit, waiting, notWeb, privateLinks } = sortMatches(
    bookmarks,
    matches,
    bookmarkTimes(bookmarks, now),
  );

  // The batch runs on the event loop on a local file: it starts a turn of its own.
  await yieldToRequests();
  const existing = new Map(
    (await db.select({ id: lists.id, name: lists.name }).from(lists).where(eq(lists.userId, userId))).map((list) => [
      foldKey(list.name),
      list,
    ]),
  );
  const targets = [...byFolder.values()].map((folder) => {
    const found = existing.get(foldKey(folder.name));
    return { ...folder, id: found?.id ?? newId(), isNew: !found, name: found?.name ?? folder.name };
  });

  const savesJson = JSON.stringify([...toSave.values()].map((placed) => ({ id: placed.contentId, at: placed.at })));
  const [before] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM json_each(${savesJson}) j
    JOIN ${saves} s ON s.user_id = ${userId} AND s.content_id = j.value->>'id'`);
  const statements = [
    // In the file's order, as many as the account has room for.
    db.run(sql`INSERT INTO ${saves} (user_id, content_id, created_at)
      SELECT ${userId}, c.id, j.value->>'at' FROM json_each(${savesJson}) j JOIN contents c ON c.id = j.value->>'id'
      WHERE NOT EXISTS (SELECT 1 FROM ${saves} s WHERE s.user_id = ${userId} AND s.content_id = c.id)
      ORDER BY j.key LIMIT max(0, ${SAVES_MAX} - (SELECT count(*) FROM ${saves} WHERE user_id = ${userId}))
      ON CONFLICT DO NOTHING`),
    ...targets.flatMap((target) => {
      const items = JSON.stringify(
        [...target.items.values()].map((placed) => ({ id: placed.contentId, at: placed.at, note: placed.note })),
      );
      const description = (folderNotes.get(target.name) ?? '').slice(0, LIST_DESCRIPTION_MAX);
      return [
        ...(target.isNew
          ? [insertListStatement(db, userId, target.id, { name: target.name, description, isPublic: false })]
          : []),
        // Appended after the list's last item; only while it has room, and only into the user's own list.
        db.run(sql`INSERT INTO ${listItems} (list_id, content_id, position, note, created_at)
          SELECT l.id, c.id, (SELECT coalesce(max(position) + 1, 0) FROM list_items WHERE list_id = l.id) + j.key, j.value->>'note', ${now}
          FROM json_each(${items}) j
          JOIN contents c ON c.id = j.value->>'id'
          JOIN lists l ON l.id = ${target.id} AND l.user_id = ${userId}
          WHERE j.key < ${ITEMS_PER_LIST} - (SELECT count(*) FROM list_items WHERE list_id = l.id)
          ON CONFLICT DO NOTHING`),
        db
          .update(lists)
          .set({ updatedAt: new Date(now) })
          .where(eq(lists.id, target.id)),
      ];
    }),
  ];
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  const changed = results.map((result) => (result as { rowsAffected?: number }).rowsAffected ?? 0);
  let at = 1;
  const listOutcomes = targets.map((target) => {
    const created = target.isNew ? changed[at++]! > 0 : false;
    const added = changed[at]!;
    at += 2;
    return { name: target.name, created, added, found: target.items.size, refused: target.isNew && !created };
  });
  onProgress('saving', total, total);

  const saved = changed[0]!;
  const alreadySaved = Math.min(Number(before?.n ?? 0), toSave.size - saved);
  return {
    bookmarks: total,
    saved,
    alreadySaved,
    notSaved: overLimit.size + toSave.size - saved - alreadySaved,
    lists: listOutcomes
      .filter((list) => !list.refused)
      .map(({ name, created, added, found }) => ({ name, created, added, notAdded: found - added })),
    listsRefused: listOutcomes.filter((list) => list.refused).map((list) => list.name),
    waiting,
    notWeb,
    private: privateLinks,
    offered: [...offered.values()],
    submissionsLeft: await submissionsLeft(db, userId),
  };
}
