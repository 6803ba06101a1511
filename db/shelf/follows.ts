/**
 * Following tags (decision 036): a learner follows a subject, technology or type, sees on their Following
 * page what was added to each since they last opened it, and may get a weekly digest of it by mail
 * (./digest.ts). The digest is asked for once, in the gesture of the first follow.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { conflict, notFound } from '../errors.ts';
import { paging } from '../paging.ts';
import { contents, contentTags, digestSettings, follows, tags } from '../schema.ts';
import { TAG_KINDS, type TagKind } from '../catalog/taxonomy.ts';
import { parseInput } from '../validation/parse.ts';
import { containsPattern, parseListQuery } from '../validation/list-query.ts';
import { digestInput, followInput, FOLLOWS_PER_USER, OWN_FOLLOWS } from './validation/follows.ts';
import type { DigestSettingShape, FollowsFeedShape, FollowsShape } from './contract.ts';
import { toApiContent } from '../catalog/content-rows.ts';

/** Contents carrying the followed tag added after the follower last looked (a correlated count, by the tag index). */
const newCount = sql<number>`(SELECT count(*) FROM ${contentTags} INNER JOIN ${contents} ON ${contents.id} = ${contentTags.contentId}
  WHERE ${contentTags.kind} = ${tags.kind} AND ${contentTags.value} = ${tags.value} AND ${contents.createdAt} > ${follows.seenAt})`;

const SORT_COLUMNS = { followed: follows.createdAt, name: sql`${tags.label} COLLATE NOCASE`, new: newCount } as const;

/** The tag a kind and value name: a 404 for an unknown kind or value, as for any tag that does not exist. */
async function findTag(db: Db, kind: string, value: string): Promise<{ id: number }> {
  if (!(TAG_KINDS as readonly string[]).includes(kind)) throw notFound('Tag not found');
  const [tag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.kind, kind as TagKind), eq(tags.value, value)));
  if (!tag) throw notFound('Tag not found');
  return tag;
}

export async function readDigestSetting(db: Db, userId: string): Promise<DigestSettingShape> {
  const [row] = await db
    .select({ weekly: digestSettings.weekly })
    .from(digestSettings)
    .where(eq(digestSettings.userId, userId));
  return { weekly: row?.weekly ?? false, asked: Boolean(row) };
}

const setDigest = (db: Db, userId: string, weekly: boolean) =>
  db
    .insert(digestSettings)
    .values({ userId, weekly, updatedAt: new Date() })
    .onConflictDoUpdate({ target: digestSettings.userId, set: { weekly, updatedAt: new Date() } });

/** A user's followed tags, by the admin lists' convention (decision 020), with their digest setting. */
export async function listFollows(
  db: Db,
  userId: string,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<FollowsShape> {
  const query = parseListQuery(OWN_FOLLOWS, params);
  const where = and(
    eq(follows.userId, userId),
    query.filters.kind ? eq(tags.kind, query.filters.kind as TagKind) : undefined,
    query.search ? sql`${tags.label} LIKE ${containsPattern(query.search)} ESCAPE '\\'` : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(tags, eq(tags.id, follows.tagId))
    .where(where);
  const page = paging(query.page, total?.n ?? 0, query.pageSize);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ kind: tags.kind, value: tags.value, label: tags.label, followedAt: follows.createdAt, newCount })
    .from(follows)
    .innerJoin(tags, eq(tags.id, follows.tagId))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), asc(tags.id))
    .limit(query.pageSize)
    .offset(page.count);
  return {
    ...page,
    pageSize: query.pageSize,
    follows: rows.map((row) => ({ ...row, followedAt: row.followedAt.toISOString(), newCount: Number(row.newCount) })),
    digest: await readDigestSetting(db, userId),
  };
}

/**
 * Follows a tag; following it again changes nothing. `digest`, when given, answers the digest question
 * (asked at the first follow) in the same write.
 */
export async function followTag(
  db: Db,
  userId: string,
  kind: string,
  value: string,
  input: unknown = {},
): Promise<FollowsShape> {
  const { digest } = parseInput(followInput, input ?? {});
  const tag = await findTag(db, kind, value);
  // The limit is the insert's own condition, so two follows at once cannot both pass it.
  const underLimit = sql`(SELECT count(*) FROM ${follows} WHERE ${follows.userId} = ${userId}) < ${FOLLOWS_PER_USER}`;
  const insert = db
    .insert(follows)
    .select(
      db
        .select({
          userId: sql`${userId}`.as('user_id'),
          tagId: tags.id,
          createdAt: sql`${Date.now()}`.as('created_at'),
          seenAt: sql`${Date.now()}`.as('seen_at'),
        })
        .from(tags)
        .where(and(eq(tags.id, tag.id), underLimit)),
    )
    .onConflictDoNothing();
  const isFollowed = db
    .select({ tagId: follows.tagId })
    .from(follows)
    .where(and(eq(follows.userId, userId), eq(follows.tagId, tag.id)));
  const [, followed] =
    digest === undefined
      ? await db.batch([insert, isFollowed])
      : await db.batch([insert, isFollowed, setDigest(db, userId, digest)]);
  if (followed.length === 0)
    throw conflict(`You can follow at most ${FOLLOWS_PER_USER} tags: unfollow one on your Following page first`);
  return listFollows(db, userId);
}

/** Unfollows a tag; a tag not followed is already unfollowed. */
export async function unfollowTag(db: Db, userId: string, kind: string, value: string): Promise<FollowsShape> {
  const tag = await findTag(db, kind, value);
  await db.delete(follows).where(and(eq(follows.userId, userId), eq(follows.tagId, tag.id)));
  return listFollows(db, userId);
}

/** A page of the Following page's feed. */
export const FEED_PAGE_SIZE = 12;

/**
 * What was added to the tags a learner follows, newest first, a page at a time: each content once, with the
 * followed tags it carries and whether it came after the learner last looked at those tags. By the tag index:
 * the follows name a few hundred tags at most, and each tag's contents are one range of it.
 */
export async function followedAdditions(
  db: Db,
  userId: string,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<FollowsFeedShape> {
  const followed = sql`SELECT ${contentTags.contentId} AS content_id, ${tags.kind} AS kind, ${tags.value} AS value,
      ${tags.label} AS label, ${follows.seenAt} AS seen_at
    FROM ${follows}
    INNER JOIN ${tags} ON ${tags.id} = ${follows.tagId}
    INNER JOIN ${contentTags} ON ${contentTags.kind} = ${tags.kind} AND ${contentTags.value} = ${tags.value}
    WHERE ${follows.userId} = ${userId}`;
  const [total] = await db.all<{ n: number }>(sql`SELECT count(DISTINCT content_id) AS n FROM (${followed})`);
  const asked = params instanceof URLSearchParams ? params.get('page') : params.page;
  const page = paging(asked, Number(total?.n ?? 0), FEED_PAGE_SIZE);
  const ids = (
    await db.all<{ id: string }>(sql`SELECT ${contents.id} AS id FROM ${contents}
      WHERE ${contents.id} IN (SELECT content_id FROM (${followed}))
      ORDER BY ${contents.createdAt} DESC, ${contents.seq} DESC
      LIMIT ${FEED_PAGE_SIZE} OFFSET ${page.count}`)
  ).map((row) => row.id);
  if (ids.length === 0) return { ...page, pageSize: FEED_PAGE_SIZE, additions: [] };
  const [rows, matched] = await Promise.all([
    db.select().from(contents).where(sql`${contents.id} IN ${ids}`),
    db.all<{ content_id: string; kind: TagKind; value: string; label: string; seen_at: number }>(
      sql`SELECT * FROM (${followed}) WHERE content_id IN ${ids} ORDER BY label COLLATE NOCASE`,
    ),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    ...page,
    pageSize: FEED_PAGE_SIZE,
    additions: ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const own = matched.filter((m) => m.content_id === id);
      return [
        {
          content: toApiContent(row),
          addedAt: row.createdAt.toISOString(),
          tags: own.map(({ kind, value, label }) => ({ kind, value, label })),
          isNew: own.some((m) => row.createdAt.getTime() > Number(m.seen_at)),
        },
      ];
    }),
  };
}

/** Turns the weekly digest on or off. */
export async function changeDigest(db: Db, userId: string, input: unknown): Promise<DigestSettingShape> {
  const { weekly } = parseInput(digestInput, input ?? {});
  await setDigest(db, userId, weekly);
  return { weekly, asked: true };
}

/** The Following page was opened: what is new counts from now on. */
export async function markFollowsSeen(db: Db, userId: string): Promise<void> {
  await db.update(follows).set({ seenAt: new Date() }).where(eq(follows.userId, userId));
}

/** A user's follows and digest setting with dates, for their data export. */
export async function exportFollows(db: Db, userId: string) {
  const rows = await db
    .select({ kind: tags.kind, value: tags.value, label: tags.label, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(tags, eq(tags.id, follows.tagId))
    .where(eq(follows.userId, userId))
    .orderBy(desc(follows.createdAt));
  return rows.map((row) => ({ ...row, followedAt: row.followedAt.toISOString() }));
}
