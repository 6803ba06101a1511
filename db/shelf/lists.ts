/**
 * A learner's lists (decision 033): named, ordered, private until made public. Only the owner writes; a
 * public list is read by anyone, a private one by its owner alone (404 to others, as if it did not exist).
 * An admin may unpublish a public list: that is moderation, so it stays private, with the admin's reason shown
 * to its owner, until an admin lifts it (its copies too); meanwhile the admins may still read it.
 * Every write is one batch or one statement: a limit is a condition of the insert itself, so two requests
 * at once cannot pass it together, and nothing is half written.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../client.ts';
import { conflict, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { slugify } from '../catalog/urls.ts';
import { shownImage, toApiContent } from '../catalog/content-rows.ts';
import { declare } from '../catalog/search/deps.ts';
import { contents, listItems, lists, users } from '../schema.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import type * as shapes from './lists-contract.ts';
import { parseInput } from '../validation/parse.ts';
import { containsPattern, parseListQuery } from '../validation/list-query.ts';
import { paging } from '../paging.ts';
import type { ListKind } from './validation/list-kinds.ts';
import { LISTS_PER_USER, listChangeInput, listInput, listUnpublishInput, OWN_LISTS } from './validation/lists.ts';

export type ListSummary = z.infer<typeof shapes.listSummary>;
export type OwnLists = z.infer<typeof shapes.ownLists>;
export type LearnerList = z.infer<typeof shapes.learnerList>;

type ListRow = typeof lists.$inferSelect;

/** How many of a list's first contents make its cover. */
export const COVER_PICTURES = 4;

const notFoundList = () => notFound('List not found');

/** The public page's slug: the name's, then part of the id, so two lists named alike never meet. */
const slugFor = (name: string, id: string) => `${slugify(name).slice(0, 60).replace(/-+$/, '')}-${id.slice(0, 8)}`;

const listColumns = {
  id: lists.id,
  userId: lists.userId,
  slug: lists.slug,
  name: lists.name,
  description: lists.description,
  isPublic: lists.isPublic,
  kind: lists.kind,
  removedCount: lists.removedCount,
  unpublishedReason: lists.unpublishedReason,
  unpublishedAt: lists.unpublishedAt,
  createdAt: lists.createdAt,
  updatedAt: lists.updatedAt,
  ownerName: users.name,
};
type ListWithOwner = ListRow & { ownerName: string };

function summaryFields(row: ListWithOwner, callerId: string | undefined, contentIds: string[]) {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    kind: row.kind,
    owner: { _id: row.userId, name: row.ownerName },
    numItems: contentIds.length,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    removedCount: callerId === row.userId ? row.removedCount : 0,
    unpublished: unpublishedBy(row),
  };
}

/** An admin's unpublishing of the list, or null: shown to its owner (only they and the admins can read such a list). */
const unpublishedBy = (row: Pick<ListRow, 'unpublishedReason' | 'unpublishedAt'>) =>
  row.unpublishedReason === null
    ? null
    : { reason: row.unpublishedReason, at: (row.unpublishedAt ?? new Date(0)).toISOString() };

const stillUnpublished = (reason: string) =>
  conflict(`An admin unpublished this list: “${reason}”. It stays private until an admin lets it be public again`);

const SORT_COLUMNS = {
  created: lists.createdAt,
  updated: lists.updatedAt,
  name: sql`${lists.name} COLLATE NOCASE`,
} as const;

/**
 * A user's lists, each with its contents' ids in order, in the admin lists' convention (decision 020):
 * newest first by default, every one on one page unless asked (a user holds at most 100).
 */
export async function listOwnLists(
  db: Db,
  userId: string,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<OwnLists> {
  const query = parseListQuery(OWN_LISTS, params);
  const { visibility } = query.filters;
  const where = and(
    eq(lists.userId, userId),
    visibility ? eq(lists.isPublic, visibility === 'public') : undefined,
    query.search ? sql`${lists.name} LIKE ${containsPattern(query.search)} ESCAPE '\\'` : undefined,
  );
  const [total] = await db.select({ n: count() }).from(lists).where(where);
  const page = paging(query.page, total?.n ?? 0, query.pageSize);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select(listColumns)
    .from(lists)
    .innerJoin(users, eq(users.id, lists.userId))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(lists.id))
    .limit(query.pageSize)
    .offset(page.count);
  const items = rows.length
    ? await db
        .select({
          listId: listItems.listId,
          contentId: listItems.contentId,
          name: contents.name,
          slug: contents.slug,
          image: contents.image,
        })
        .from(listItems)
        .innerJoin(contents, eq(contents.id, listItems.contentId))
        .where(
          inArray(
            listItems.listId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(listItems.position))
    : [];
  const byList = Map.groupBy(items, (item) => item.listId);
  return {
    ...page,
    pageSize: query.pageSize,
    lists: rows.map((row) => {
      const held = byList.get(row.id) ?? [];
      const contentIds = held.map((item) => item.contentId);
      const cover = held
        .slice(0, COVER_PICTURES)
        .map((item) => ({ name: item.name, image: shownImage(item.image, item.slug) }));
      return { ...summaryFields(row, userId, contentIds), contentIds, cover };
    }),
  };
}

/** A user's lists with their items in order (their data export). */
export async function exportOwnLists(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(lists)
    .where(eq(lists.userId, userId))
    .orderBy(desc(lists.createdAt), desc(lists.id));
  if (rows.length === 0) return [];
  const items = await db
    .select({
      listId: listItems.listId,
      content: { _id: contents.id, name: contents.name, slug: contents.slug },
      note: listItems.note,
      section: listItems.section,
      addedAt: listItems.createdAt,
    })
    .from(listItems)
    .innerJoin(contents, eq(contents.id, listItems.contentId))
    .where(
      inArray(
        listItems.listId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(listItems.position));
  const byList = Map.groupBy(items, (item) => item.listId);
  return rows.map((row) => ({
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    kind: row.kind,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    items: (byList.get(row.id) ?? []).map(({ content, note, section, addedAt }) => ({
      content,
      note,
      section,
      addedAt: addedAt.toISOString(),
    })),
  }));
}

/**
 * The lists' notices of contents deleted from the catalog, told once: read and reset in one batch (the
 * owner's lists page shows them).
 */
export async function takeRemovedNotices(db: Db, userId: string): Promise<number> {
  const [rows] = await db.batch([
    db
      .select({ n: sql<number>`coalesce(sum(${lists.removedCount}), 0)` })
      .from(lists)
      .where(eq(lists.userId, userId)),
    db
      .update(lists)
      .set({ removedCount: 0 })
      .where(and(eq(lists.userId, userId), sql`${lists.removedCount} > 0`)),
  ]);
  return Number(rows[0]?.n ?? 0);
}

async function findList(db: Db, where: ReturnType<typeof eq>): Promise<ListWithOwner | undefined> {
  const [row] = await db.select(listColumns).from(lists).innerJoin(users, eq(users.id, lists.userId)).where(where);
  return row;
}

/**
 * A list as `callerId` may see it: its owner always, anyone else only when it is public, and an admin (`admin`)
 * one an admin unpublished too, to decide whether to lift it.
 */
function visible(row: ListWithOwner | undefined, callerId: string | undefined, admin = false): ListWithOwner {
  if (!row || (!row.isPublic && row.userId !== callerId && !(admin && row.unpublishedReason !== null)))
    throw notFoundList();
  return row;
}

/** The list's items in order, each with its content as the catalog shows it. */
async function itemsOf(db: Db, listId: string): Promise<LearnerList['items']> {
  const rows = await db
    .select({
      content: contents,
      position: listItems.position,
      note: listItems.note,
      section: listItems.section,
      addedAt: listItems.createdAt,
    })
    .from(listItems)
    .innerJoin(contents, eq(contents.id, listItems.contentId))
    .where(eq(listItems.listId, listId))
    .orderBy(asc(listItems.position), asc(listItems.createdAt));
  return rows.map((row, position) => ({
    content: toApiContent(row.content),
    position,
    note: row.note,
    section: row.section,
    addedAt: row.addedAt.toISOString(),
  }));
}

async function withItems(db: Db, row: ListWithOwner, callerId: string | undefined): Promise<LearnerList> {
  const items = await itemsOf(db, row.id);
  return {
    ...summaryFields(
      row,
      callerId,
      items.map((item) => item.content._id),
    ),
    items,
  };
}

/** A list by id, with its items, for `callerId` (undefined: a visitor); `admin` when the caller is one. */
export async function readList(
  db: Db,
  callerId: string | undefined,
  listId: string,
  admin = false,
): Promise<LearnerList> {
  return withItems(db, visible(await findList(db, eq(lists.id, listId)), callerId, admin), callerId);
}

/**
 * A public list by its slug, for its shared page (the same for everyone): it declares the list and its
 * contents, so a change to either drops the cached page (decision 023).
 */
export async function readPublicList(db: Db, slug: string): Promise<LearnerList> {
  const list = await withItems(db, visible(await findList(db, eq(lists.slug, slug)), undefined), undefined);
  declare({
    userLists: [list._id],
    cards: await seqsOf(
      db,
      list.items.map((item) => item.content._id),
    ),
  });
  return list;
}

/**
 * Every public list holding something, newest change first (at most `limit`), for the sitemap: an empty list's
 * page says little to a search engine. It declares every public list, so publishing, unpublishing or deleting
 * one drops the sitemap at once.
 */
export async function publicListEntries(db: Db, limit: number): Promise<Array<{ slug: string; updatedAt: string }>> {
  declare({ publicLists: true });
  const rows = await db
    .select({ slug: lists.slug, updatedAt: lists.updatedAt })
    .from(lists)
    .where(
      and(eq(lists.isPublic, true), sql`EXISTS (SELECT 1 FROM ${listItems} WHERE ${listItems.listId} = ${lists.id})`),
    )
    .orderBy(desc(lists.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() }));
}

async function seqsOf(db: Db, contentIds: string[]): Promise<number[]> {
  if (contentIds.length === 0) return [];
  const rows = await db.select({ seq: contents.seq }).from(contents).where(inArray(contents.id, contentIds));
  return rows.map((row) => row.seq);
}

/**
 * The public lists holding a content, for its page ("In 3 public lists"): how many, and the most recently
 * changed few. A content page declares the content (its subject); a list gaining or losing it, or
 * published or unpublished, logs a change naming it, which drops the page (decision 033).
 */
export async function publicListsOf(
  db: Db,
  contentId: string,
  shown = 5,
): Promise<{ count: number; lists: Array<{ name: string; slug: string }> }> {
  const holding = and(eq(listItems.contentId, contentId), eq(lists.isPublic, true));
  // Two reads, not a batch: drizzle sends a batch with no transaction mode, which a libSQL server's client
  // takes for a write (it queues it as one, and an embedded replica sends it to the primary).
  const [[total], shownLists] = await Promise.all([
    db.select({ n: count() }).from(listItems).innerJoin(lists, eq(lists.id, listItems.listId)).where(holding),
    db
      .select({ name: lists.name, slug: lists.slug })
      .from(listItems)
      .innerJoin(lists, eq(lists.id, listItems.listId))
      .where(holding)
      .orderBy(desc(lists.updatedAt))
      .limit(shown),
  ]);
  return { count: total?.n ?? 0, lists: shownLists };
}

const tooManyLists = () =>
  conflict(`You have ${LISTS_PER_USER} lists, the most one may hold: delete one to make another`);

/**
 * Inserts a list unless its owner holds the most they may: one statement, so the limit holds under races.
 * `unpublished`: an admin's unpublishing it carries (a copy of a list they unpublished).
 */
export function insertListStatement(
  db: Db,
  userId: string,
  id: string,
  values: {
    name: string;
    description: string;
    isPublic: boolean;
    kind?: ListKind | undefined;
    unpublished?: { reason: string; at: Date } | undefined;
  },
) {
  const now = Date.now();
  const under = sql`(SELECT count(*) FROM ${lists} WHERE ${lists.userId} = ${userId}) < ${LISTS_PER_USER}`;
  const row = {
    id: sql`${id}`.as('id'),
    userId: sql`${userId}`.as('user_id'),
    slug: sql`${slugFor(values.name, id)}`.as('slug'),
    name: sql`${values.name}`.as('name'),
    description: sql`${values.description}`.as('description'),
    isPublic: sql`${values.isPublic ? 1 : 0}`.as('is_public'),
    kind: sql`${values.kind ?? 'list'}`.as('kind'),
    removedCount: sql`0`.as('removed_count'),
    unpublishedReason: sql`${values.unpublished?.reason ?? null}`.as('unpublished_reason'),
    unpublishedAt: sql`${values.unpublished?.at.getTime() ?? null}`.as('unpublished_at'),
    createdAt: sql`${now}`.as('created_at'),
    updatedAt: sql`${now}`.as('updated_at'),
  };
  return db.insert(lists).select(
    db
      .select(row)
      .from(users)
      .where(and(eq(users.id, userId), under)),
  );
}

export async function createList(db: Db, userId: string, input: unknown): Promise<LearnerList> {
  const { name, description = '', isPublic = false, kind } = parseInput(listInput, input);
  const id = newId();
  const inserted = await insertListStatement(db, userId, id, { name, description, isPublic, kind });
  if (inserted.rowsAffected === 0) throw tooManyLists();
  return readList(db, userId, id);
}

/** The caller's own list, or 404 (another's list, public or not, is not theirs to change). */
export async function ownList(db: Db, userId: string, listId: string): Promise<ListRow> {
  const [row] = await db
    .select()
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.userId, userId)));
  if (!row) throw notFoundList();
  return row;
}

/** Changes the owner's list; making one an admin unpublished public again is a 409 saying why, and changes nothing. */
export async function updateList(db: Db, userId: string, listId: string, input: unknown): Promise<LearnerList> {
  const change = parseInput(listChangeInput, input);
  const row = await ownList(db, userId, listId);
  if (change.isPublic && row.unpublishedReason !== null) throw stillUnpublished(row.unpublishedReason);
  const values = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length > 0) {
    const updated = await db
      .update(lists)
      .set({ ...values, updatedAt: new Date() })
      // An admin's unpublishing between the read and this write still holds.
      .where(
        and(
          eq(lists.id, listId),
          eq(lists.userId, userId),
          change.isPublic ? isNull(lists.unpublishedReason) : undefined,
        ),
      );
    if (updated.rowsAffected === 0) {
      const now = await ownList(db, userId, listId);
      if (now.unpublishedReason !== null) throw stillUnpublished(now.unpublishedReason);
    }
  }
  return readList(db, userId, listId);
}

export async function deleteList(db: Db, userId: string, listId: string): Promise<{ message: string }> {
  const deleted = await db.delete(lists).where(and(eq(lists.id, listId), eq(lists.userId, userId)));
  if (deleted.rowsAffected === 0) throw notFoundList();
  return { message: 'List deleted' };
}

/**
 * A copy of a list the caller may read, as a new private list of theirs with the same kind, items, notes and
 * sections (a path copied is a path to follow: the marks are the follower's own, never copied). The copy
 * of a list an admin unpublished is unpublished alike: otherwise publishing the copy would undo it.
 */
export async function copyList(db: Db, userId: string, listId: string): Promise<LearnerList> {
  const source = visible(await findList(db, eq(lists.id, listId)), userId);
  const id = newId();
  const name = source.userId === userId ? `${source.name} (copy)`.slice(0, 100) : source.name;
  const unpublished =
    source.unpublishedReason === null
      ? undefined
      : { reason: source.unpublishedReason, at: source.unpublishedAt ?? new Date() };
  const [inserted] = await db.batch([
    insertListStatement(db, userId, id, {
      name,
      description: source.description,
      isPublic: false,
      kind: source.kind,
      unpublished,
    }),
    db.insert(listItems).select(
      db
        .select({
          listId: sql`${id}`.as('list_id'),
          contentId: listItems.contentId,
          position: listItems.position,
          note: listItems.note,
          section: listItems.section,
          createdAt: sql`${Date.now()}`.as('created_at'),
        })
        .from(listItems)
        .where(and(eq(listItems.listId, source.id), sql`EXISTS (SELECT 1 FROM ${lists} WHERE ${lists.id} = ${id})`)),
    ),
  ]);
  if (inserted.rowsAffected === 0) throw tooManyLists();
  return readList(db, userId, id);
}

/**
 * An admin takes a list off the site, saying why (its owner reads it): it stays its owner's, private, and
 * cannot be made public again (by its owner or through a copy) until an admin lifts it. A private list is held
 * the same way (its owner may have hidden it a moment before, to publish it again after). Audited.
 */
export async function unpublishList(db: Db, actor: Actor, listId: string, input: unknown): Promise<LearnerList> {
  const { reason } = parseInput(listUnpublishInput, input);
  const row = await findList(db, eq(lists.id, listId));
  if (!row) throw notFoundList();
  const unpublishedAt = new Date();
  await db.batch([
    db
      .update(lists)
      .set({ isPublic: false, unpublishedReason: reason, unpublishedAt, updatedAt: unpublishedAt })
      .where(eq(lists.id, listId)),
    auditEntry(
      db,
      actor,
      'list.unpublish',
      { type: 'list', id: listId },
      { name: row.name, owner: row.userId, wasPublic: row.isPublic, reason },
    ),
  ]);
  return withItems(db, { ...row, isPublic: false, unpublishedReason: reason, unpublishedAt }, undefined);
}

/** An admin lifts an unpublishing: the list stays private, and its owner may publish it again. Audited. */
export async function liftUnpublishing(db: Db, actor: Actor, listId: string): Promise<LearnerList> {
  const row = await findList(db, eq(lists.id, listId));
  if (!row || row.unpublishedReason === null) throw notFoundList();
  await db.batch([
    db.update(lists).set({ unpublishedReason: null, unpublishedAt: null }).where(eq(lists.id, listId)),
    auditEntry(
      db,
      actor,
      'list.unpublish-lift',
      { type: 'list', id: listId },
      { name: row.name, owner: row.userId, reason: row.unpublishedReason },
    ),
  ]);
  return withItems(db, { ...row, unpublishedReason: null, unpublishedAt: null }, undefined);
}
