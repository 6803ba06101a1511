/** A user's saved contents (bookmarks). Saves of a deleted content go with it (foreign key cascade). */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { contents, saves, users } from '../schema.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { parseInput } from '../validation/parse.ts';
import { SAVES_FULL, SAVES_MAX, saveRestoreInput } from './validation/saves.ts';
import type { UserSavesShape } from './contract.ts';

/** A user's saves, newest first: a query that runs alone or as the last statement of a batch. */
function savesQuery(db: Db, userId: string) {
  return db
    .select({ id: contents.id, name: contents.name, slug: contents.slug, url: contents.url, savedAt: saves.createdAt })
    .from(saves)
    .innerJoin(contents, eq(contents.id, saves.contentId))
    .where(eq(saves.userId, userId))
    .orderBy(desc(saves.createdAt), desc(contents.seq));
}

function toUserSaves(
  rows: Array<{ id: string; name: string; slug: string; url: string; savedAt: Date }>,
): UserSavesShape {
  const items = rows.map((r) => ({
    _id: r.id,
    contentName: r.name,
    contentSlug: r.slug,
    contentUrl: r.url,
    name: r.name,
    slug: r.slug,
    url: r.url,
    savedAt: r.savedAt.toISOString(),
  }));
  return { numSaves: items.length, saves: items };
}

export async function listSaves(db: Db, userId: string): Promise<UserSavesShape> {
  return toUserSaves(await savesQuery(db, userId));
}

/** A user's saves with when each was made, newest first (their data export). */
export async function listSavesWithDates(
  db: Db,
  userId: string,
): Promise<Array<{ content: { _id: string; name: string; slug: string; url: string }; savedAt: string }>> {
  const rows = await db
    .select({
      content: { _id: contents.id, name: contents.name, slug: contents.slug, url: contents.url },
      createdAt: saves.createdAt,
    })
    .from(saves)
    .innerJoin(contents, eq(contents.id, saves.contentId))
    .where(eq(saves.userId, userId))
    .orderBy(desc(saves.createdAt), desc(contents.seq));
  return rows.map(({ content, createdAt }) => ({ content, savedAt: createdAt.toISOString() }));
}

export async function countSaves(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(saves).where(eq(saves.userId, userId));
  return row?.n ?? 0;
}

/** A user's saves as another caller asks for them: only the user themself or an admin may read them. */
export async function readSaves(db: Db, caller: SessionUser, userId: string): Promise<UserSavesShape> {
  if (caller.id !== userId && !caller.isAdmin) throw forbidden('You can only read your own saves');
  if (caller.id !== userId) {
    const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!exists) throw notFound('User not found');
  }
  return listSaves(db, userId);
}

/** Whether the user holds fewer saves than an account may: a condition of every save's own statement. */
const hasRoom = (userId: string) =>
  sql`(SELECT count(*) FROM ${saves} WHERE ${saves.userId} = ${userId}) < ${SAVES_MAX}`;

/**
 * Inserts the save when the content exists, the user has room (and `condition` holds), in one statement: no
 * window for a concurrent delete of the content. Saving again keeps the first save's date.
 */
function insertSave(db: Db, userId: string, contentId: string, condition?: SQL, savedAt = new Date()) {
  const row = {
    userId: sql`${userId}`.as('user_id'),
    contentId: contents.id,
    createdAt: sql`${savedAt.getTime()}`.as('created_at'),
  };
  return db
    .insert(saves)
    .select(
      db
        .select(row)
        .from(contents)
        .where(and(eq(contents.id, contentId), hasRoom(userId), condition)),
    )
    .onConflictDoNothing();
}

/** A save the batch did not make although the content exists and was not saved: the account is full. */
function refuseWhenFull(found: unknown[], rows: Array<{ id: string }>, contentId: string, unsaved: boolean): void {
  if (found.length > 0 && !unsaved && !rows.some((row) => row.id === contentId)) throw conflict(SAVES_FULL);
}

const findContent = (db: Db, contentId: string) =>
  db.select({ id: contents.id }).from(contents).where(eq(contents.id, contentId));

/**
 * Saves the content, or unsaves it when already saved (docs/product.md#the-rest-api's toggle). One batch, so one write
 * transaction: concurrent toggles run one after another and each flips the state exactly once. The insert
 * runs only when the delete before it removed nothing — `changes()` is the row count of the batch's
 * previous statement, on the same connection. Name, slug and URL always come from the content row.
 */
export async function toggleSave(db: Db, userId: string, contentId: string): Promise<UserSavesShape> {
  const [removed, , found, rows] = await db.batch([
    db.delete(saves).where(and(eq(saves.userId, userId), eq(saves.contentId, contentId))),
    insertSave(db, userId, contentId, sql`changes() = 0`),
    findContent(db, contentId),
    savesQuery(db, userId),
  ]);
  if (found.length === 0) throw notFound('Content not found');
  refuseWhenFull(found, rows, contentId, removed.rowsAffected > 0);
  return toUserSaves(rows);
}

/**
 * Saves the content; saving it again changes nothing (a retry or a double click is safe). `savedAt` (the
 * date a removed save had: its Undo) puts it back in its place in the list; never later than now.
 */
export async function saveContent(
  db: Db,
  userId: string,
  contentId: string,
  input: unknown = {},
): Promise<UserSavesShape> {
  const { savedAt } = parseInput(saveRestoreInput, input);
  const now = new Date();
  const at = savedAt && savedAt < now ? savedAt : now;
  const [, found, rows] = await db.batch([
    insertSave(db, userId, contentId, undefined, at),
    findContent(db, contentId),
    savesQuery(db, userId),
  ]);
  if (found.length === 0) throw notFound('Content not found');
  refuseWhenFull(found, rows, contentId, false);
  return toUserSaves(rows);
}

/** Unsaves the content; a content not saved, or gone, is already unsaved. */
export async function unsaveContent(db: Db, userId: string, contentId: string): Promise<UserSavesShape> {
  const [, rows] = await db.batch([
    db.delete(saves).where(and(eq(saves.userId, userId), eq(saves.contentId, contentId))),
    savesQuery(db, userId),
  ]);
  return toUserSaves(rows);
}
