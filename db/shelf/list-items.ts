/**
 * A list's items (decision 033): added at its end, removed, reordered, each with an optional note. Only
 * the list's owner changes them. Each write moves the list's updated_at in the same batch: for a public
 * list, its trigger logs one change to the feed, which drops the list's cached page in every process.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { contents, listItems, lists } from '../schema.ts';
import { parseInput } from '../validation/parse.ts';
import { type LearnerList, ownList, readList } from './lists.ts';
import { ITEMS_PER_LIST, listItemInput, listNoteInput, listOrderInput, listSectionInput } from './validation/lists.ts';

const touch = (db: Db, listId: string) => db.update(lists).set({ updatedAt: new Date() }).where(eq(lists.id, listId));

/**
 * Adds the content at the end of the list; adding it again keeps its place and note (a retry is safe). One
 * statement checks that the content exists and that the list has room, so no race passes the limit.
 */
export async function addListItem(db: Db, userId: string, listId: string, input: unknown): Promise<LearnerList> {
  const { contentId, note = '' } = parseInput(listItemInput, input);
  await ownList(db, userId, listId);
  const size = sql`(SELECT count(*) FROM ${listItems} WHERE ${listItems.listId} = ${listId})`;
  const row = {
    listId: sql`${listId}`.as('list_id'),
    contentId: contents.id,
    position:
      sql`(SELECT coalesce(max(${listItems.position}) + 1, 0) FROM ${listItems} WHERE ${listItems.listId} = ${listId})`.as(
        'position',
      ),
    note: sql`${note}`.as('note'),
    section: sql`''`.as('section'),
    createdAt: sql`${Date.now()}`.as('created_at'),
  };
  const [inserted, , [found], [already]] = await db.batch([
    db
      .insert(listItems)
      .select(
        db
          .select(row)
          .from(contents)
          .where(and(eq(contents.id, contentId), sql`${size} < ${ITEMS_PER_LIST}`)),
      )
      .onConflictDoNothing(),
    touch(db, listId),
    db.select({ n: sql<number>`count(*)` }).from(contents).where(eq(contents.id, contentId)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(listItems)
      .where(and(eq(listItems.listId, listId), eq(listItems.contentId, contentId))),
  ]);
  if (inserted.rowsAffected === 0) {
    if (!found?.n) throw notFound('Content not found');
    if (!already?.n) throw conflict(`A list holds at most ${ITEMS_PER_LIST} resources: remove one to add another`);
  }
  return readList(db, userId, listId);
}

export async function removeListItem(db: Db, userId: string, listId: string, contentId: string): Promise<LearnerList> {
  await ownList(db, userId, listId);
  await db.batch([
    db.delete(listItems).where(and(eq(listItems.listId, listId), eq(listItems.contentId, contentId))),
    touch(db, listId),
  ]);
  return readList(db, userId, listId);
}

/** Writes the item's note ('' removes it). */
export async function updateListNote(db: Db, userId: string, listId: string, contentId: string, input: unknown) {
  return updateListItem(db, userId, listId, contentId, parseInput(listNoteInput, input));
}

/** Starts a section before the item with its heading ('' removes it): a path's headings between its steps. */
export async function updateListSection(db: Db, userId: string, listId: string, contentId: string, input: unknown) {
  return updateListItem(db, userId, listId, contentId, parseInput(listSectionInput, input));
}

/** Sets a field of an item in a list the user owns, and marks the list changed, in one batch. */
async function updateListItem(
  db: Db,
  userId: string,
  listId: string,
  contentId: string,
  values: { note: string } | { section: string },
): Promise<LearnerList> {
  await ownList(db, userId, listId);
  const [updated] = await db.batch([
    db
      .update(listItems)
      .set(values)
      .where(and(eq(listItems.listId, listId), eq(listItems.contentId, contentId))),
    touch(db, listId),
  ]);
  if (updated.rowsAffected === 0) throw notFound('That resource is not in this list');
  return readList(db, userId, listId);
}

/**
 * Puts the list's items in the order given: every item of the list, each once. One statement rewrites the
 * positions from the JSON array, so a reorder is never half applied.
 */
export async function reorderList(db: Db, userId: string, listId: string, input: unknown): Promise<LearnerList> {
  const { contentIds } = parseInput(listOrderInput, input);
  await ownList(db, userId, listId);
  const held = await db.select({ contentId: listItems.contentId }).from(listItems).where(eq(listItems.listId, listId));
  const heldIds = new Set(held.map((item) => item.contentId));
  if (contentIds.length !== heldIds.size || contentIds.some((id) => !heldIds.has(id))) {
    throw invalid('The order must name every resource of the list once (it may have changed elsewhere: reload it)');
  }
  const order = JSON.stringify(contentIds);
  await db.batch([
    db
      .update(listItems)
      .set({
        position: sql`(SELECT CAST(key AS INTEGER) FROM json_each(${order}) WHERE value = ${listItems.contentId})`,
      })
      .where(eq(listItems.listId, listId)),
    touch(db, listId),
  ]);
  return readList(db, userId, listId);
}
