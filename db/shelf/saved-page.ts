/**
 * The Saved page at scale: a learner's saves a page at a time, searched, sorted and filtered in SQL (by a
 * list of theirs and by progress), with the counts its filters show; and changes to many saves at once, each
 * one batch (one transaction) that answers what it did.
 */
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../client.ts';
import { publicUrl } from '../config.ts';
import { guard, isGuardFailure } from '../batch.ts';
import { conflict } from '../errors.ts';
import { paging } from '../paging.ts';
import { contents, listItems, lists, progress, saves } from '../schema.ts';
import { isForeignPath, isGivenByAddress, isPlaceholderImage, placeholderImagePath } from '../catalog/images.ts';
import { parseInput } from '../validation/parse.ts';
import { containsPattern, parseListQuery } from '../validation/list-query.ts';
import type * as shapes from './lists-contract.ts';
import { ownList } from './lists.ts';
import { listProgress } from './progress.ts';
import { listSaves } from './saves.ts';
import { bulkSavesInput, OWN_SAVES } from './validation/saves.ts';
import { ITEMS_PER_LIST } from './validation/lists.ts';
import { PROGRESS_LABELS, type ProgressState } from './validation/progress-states.ts';

export type SavedPage = z.infer<typeof shapes.savedPage>;
export type BulkSavesAnswer = z.infer<typeof shapes.bulkSavesAnswer>;

/** The learner's mark on each save: the progress row of the same user and content, when there is one. */
const markOf = (userId: string) => and(eq(progress.userId, userId), eq(progress.contentId, saves.contentId));

/** Done first, then Learning, Want to learn, and what is not started. */
const progressRank = sql`CASE ${progress.state} WHEN 'done' THEN 3 WHEN 'learning' THEN 2 WHEN 'want' THEN 1 ELSE 0 END`;

const SORT_COLUMNS = {
  saved: [saves.createdAt],
  name: [sql`${contents.name} COLLATE NOCASE`],
  rating: [contents.rating, contents.numReviews],
  progress: [progressRank],
} as const;

/** A picture a page of this site can show: the content's own when kept here, else its generated tile. */
function shownImage(image: string, slug: string): string {
  const origin = publicUrl();
  const path = image.startsWith(`${origin}/`) ? image.slice(origin.length) : image;
  const usable = path !== '' && !isPlaceholderImage(path) && !isForeignPath(path) && !isGivenByAddress(path);
  return usable ? path : placeholderImagePath(slug);
}

/**
 * A page of the user's saves as the query asks (`search`, `sort`, `order`, `page`, `pageSize`, `list`,
 * `progress`), with all their lists and progress marks counted. A list that is not theirs is a 404.
 */
export async function readSavedPage(
  db: Db,
  userId: string,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<SavedPage> {
  const query = parseListQuery(OWN_SAVES, params);
  const listId = query.filters.list;
  if (listId) await ownList(db, userId, listId);
  const state = query.filters.progress;
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    eq(saves.userId, userId),
    pattern
      ? sql`(${contents.name} LIKE ${pattern} ESCAPE '\\' OR ${contents.url} LIKE ${pattern} ESCAPE '\\')`
      : undefined,
    state === 'none' ? isNull(progress.state) : state ? eq(progress.state, state as ProgressState) : undefined,
    listId
      ? sql`EXISTS (SELECT 1 FROM ${listItems} WHERE ${listItems.listId} = ${listId} AND ${listItems.contentId} = ${saves.contentId})`
      : undefined,
  );
  const [matching] = await db
    .select({ n: count() })
    .from(saves)
    .innerJoin(contents, eq(contents.id, saves.contentId))
    .leftJoin(progress, markOf(userId))
    .where(where);
  const page = paging(query.page, matching?.n ?? 0, query.pageSize);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      _id: contents.id,
      name: contents.name,
      slug: contents.slug,
      url: contents.url,
      image: contents.image,
      rating: contents.rating,
      numReviews: contents.numReviews,
      savedAt: saves.createdAt,
      progress: progress.state,
    })
    .from(saves)
    .innerJoin(contents, eq(contents.id, saves.contentId))
    .leftJoin(progress, markOf(userId))
    .where(where)
    .orderBy(...SORT_COLUMNS[query.sort].map((column) => direction(column)), desc(saves.createdAt), desc(contents.seq))
    .limit(query.pageSize)
    .offset(page.count);
  const [byList, byProgress] = await Promise.all([countByList(db, userId), countByProgress(db, userId)]);
  const progressCounts = { want: 0, learning: 0, done: 0, none: 0 };
  for (const row of byProgress) progressCounts[row.state ?? 'none'] = row.n;
  return {
    ...page,
    pageSize: query.pageSize,
    numSaves: byProgress.reduce((sum, row) => sum + row.n, 0),
    saves: rows.map((row) => ({
      ...row,
      image: shownImage(row.image, row.slug),
      savedAt: row.savedAt.toISOString(),
    })),
    lists: byList,
    progressCounts,
  };
}

/** Each list of the user's, newest first, with how many of their saves it holds. */
function countByList(db: Db, userId: string) {
  return db
    .select({ _id: lists.id, name: lists.name, count: sql<number>`count(${saves.contentId})` })
    .from(lists)
    .leftJoin(listItems, eq(listItems.listId, lists.id))
    .leftJoin(saves, and(eq(saves.userId, userId), eq(saves.contentId, listItems.contentId)))
    .where(eq(lists.userId, userId))
    .groupBy(lists.id)
    .orderBy(desc(lists.createdAt), desc(lists.id));
}

function countByProgress(db: Db, userId: string) {
  return db
    .select({ state: progress.state, n: count() })
    .from(saves)
    .leftJoin(progress, markOf(userId))
    .where(eq(saves.userId, userId))
    .groupBy(progress.state);
}

/** The given ids, once each, in their order, as a JSON array that SQL reads with json_each (its key is the place). */
const idsJson = (ids: readonly string[]) => JSON.stringify([...new Set(ids)]);

/** The user's saves among the ids (`j.key` their place in the list given). */
const savedAmong = (userId: string, json: string) =>
  sql`json_each(${json}) AS j INNER JOIN ${saves} ON ${saves.userId} = ${userId} AND ${saves.contentId} = j.value`;

const plural = (n: number) => (n === 1 ? '1 resource' : `${n} resources`);

/**
 * Removes, adds to a list or marks several saves in one batch: every statement or none. Ids the user has
 * not saved are left alone and counted as unchanged; so are saves already so.
 */
export async function bulkChangeSaves(db: Db, userId: string, input: unknown): Promise<BulkSavesAnswer> {
  const change = parseInput(bulkSavesInput, input);
  const json = idsJson(change.contentIds);
  const given = (JSON.parse(json) as string[]).length;
  let changed: number;
  let message: string;
  if (change.action === 'remove') {
    const [removed] = await db.batch([
      db.run(
        sql`DELETE FROM ${saves} WHERE ${saves.userId} = ${userId} AND ${saves.contentId} IN (SELECT value FROM json_each(${json}))`,
      ),
    ]);
    changed = removed.rowsAffected;
    message = `${plural(changed)} removed from saved`;
  } else if (change.action === 'addToList') {
    const list = await ownList(db, userId, change.listId ?? '');
    const notInList = sql`NOT EXISTS (SELECT 1 FROM ${listItems} WHERE ${listItems.listId} = ${list.id} AND ${listItems.contentId} = ${saves.contentId})`;
    const size = sql`(SELECT count(*) FROM ${listItems} WHERE ${listItems.listId} = ${list.id})`;
    const adding = sql`(SELECT count(*) FROM ${savedAmong(userId, json)} WHERE ${notInList})`;
    const now = Date.now();
    try {
      const [, added] = await db.batch([
        guard(db, sql`${size} + ${adding} <= ${ITEMS_PER_LIST}`),
        db.run(sql`INSERT INTO ${listItems} (list_id, content_id, position, note, created_at)
          SELECT ${list.id}, ${saves.contentId},
            (SELECT coalesce(max(${listItems.position}) + 1, 0) FROM ${listItems} WHERE ${listItems.listId} = ${list.id})
              + row_number() OVER (ORDER BY j.key) - 1,
            '', ${now}
          FROM ${savedAmong(userId, json)} WHERE ${notInList}
          ON CONFLICT DO NOTHING`),
        db
          .update(lists)
          .set({ updatedAt: new Date(now) })
          .where(eq(lists.id, list.id)),
      ]);
      changed = added.rowsAffected;
    } catch (error) {
      if (isGuardFailure(error))
        throw conflict(`A list holds at most ${ITEMS_PER_LIST} resources: remove some to add these`);
      throw error;
    }
    message = `${plural(changed)} added to “${list.name}”`;
  } else if (change.state && change.state !== 'none') {
    const state = change.state;
    const [marked] = await db.batch([
      db.run(sql`INSERT INTO ${progress} (user_id, content_id, state, updated_at)
        SELECT ${userId}, ${saves.contentId}, ${state}, ${Date.now()} FROM ${savedAmong(userId, json)} WHERE true
        ON CONFLICT (user_id, content_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
        WHERE ${progress.state} <> excluded.state`),
    ]);
    changed = marked.rowsAffected;
    message = `${plural(changed)} marked “${PROGRESS_LABELS[state]}”`;
  } else {
    const [cleared] = await db.batch([
      db.run(sql`DELETE FROM ${progress} WHERE ${progress.userId} = ${userId}
        AND ${progress.contentId} IN (SELECT ${saves.contentId} FROM ${savedAmong(userId, json)})`),
    ]);
    changed = cleared.rowsAffected;
    message = `${plural(changed)} marked “Not started”`;
  }
  return {
    ...(await listProgress(db, userId)),
    saves: await listSaves(db, userId),
    message,
    changed,
    unchanged: given - changed,
  };
}
