/**
 * What the link checker's findings mean for people (decision 016): the content page's notice of a broken
 * link, the admin's flags, filter and dashboard count, accepting a permanent redirect in one click, and
 * users' reports of a broken link (and their withdrawal). A finding counts only while the content still has the URL it is about.
 */
import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { guard, isGuardFailure, uniqueViolation } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, notFound, withoutQueryValues } from '../errors.ts';
import { refusePrivateWebsite } from '../outbound/public-addresses.ts';
import { contents, linkChecks, linkReports } from '../schema.ts';
import { urlKey } from '../catalog/urls.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import { checkLinks } from './link-check.ts';
import { hitLimit } from '../operations/rate-limit.ts';
import { toApiContent } from '../catalog/content-rows.ts';
import type { ContentShape } from '../catalog/contract.ts';
import type { LinkHealthShape } from './contract.ts';

/** Findings about the URL a content has now (not about one it had before). */
const current = sql`${linkChecks.url} = ${contents.url}`;

/** The notice a content page shows: its link has been failing persistently. */
export async function brokenLinkNotice(db: Db, contentId: string): Promise<{ checkedAt: string } | null> {
  const [row] = await db
    .select({ checkedAt: linkChecks.checkedAt })
    .from(linkChecks)
    .innerJoin(contents, eq(contents.id, linkChecks.contentId))
    .where(and(eq(linkChecks.contentId, contentId), current, sql`${linkChecks.brokenSince} IS NOT NULL`));
  return row?.checkedAt ? { checkedAt: row.checkedAt.toISOString() } : null;
}

/**
 * When the checker last found the content's link working (its current URL), for the page's "Link checked";
 * null when never, or when it fails now (brokenLinkNotice says that).
 */
export async function linkWorkedAt(db: Db, contentId: string): Promise<string | null> {
  const [row] = await db
    .select({ okAt: linkChecks.okAt })
    .from(linkChecks)
    .innerJoin(contents, eq(contents.id, linkChecks.contentId))
    .where(and(eq(linkChecks.contentId, contentId), current, sql`${linkChecks.failures} = 0`));
  return row?.okAt ? row.okAt.toISOString() : null;
}

/** The link findings of these contents (those never checked nor reported are left out). */
export async function linkHealthOf(db: Db, ids: readonly string[]): Promise<Map<string, LinkHealthShape>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: contents.id,
      check: linkChecks,
      reports: sql<number>`(SELECT count(*) FROM ${linkReports} WHERE ${linkReports.contentId} = ${contents.id} AND ${linkReports.url} = ${contents.url})`,
    })
    .from(contents)
    .leftJoin(linkChecks, and(eq(linkChecks.contentId, contents.id), current))
    .where(inArray(contents.id, [...ids]));
  const found = new Map<string, LinkHealthShape>();
  for (const { id, check, reports } of rows) {
    if (!check?.contentId && reports === 0) continue;
    found.set(id, {
      checkedAt: check?.checkedAt?.toISOString() ?? null,
      status: check?.status ?? null,
      error: check?.error ?? null,
      failures: check?.failures ?? 0,
      brokenSince: check?.brokenSince?.toISOString() ?? null,
      movedTo: check?.movedTo ?? null,
      reports,
    });
  }
  return found;
}

export const LINK_FILTERS = ['broken', 'moved', 'reported'] as const;
export type LinkFilter = (typeof LINK_FILTERS)[number];
export const isLinkFilter = (value: unknown): value is LinkFilter => LINK_FILTERS.includes(value as LinkFilter);

/** The condition on `contents` of an admin filter: broken links, permanently moved ones, reported ones. */
export function linkFilterCondition(filter: LinkFilter): SQL {
  if (filter === 'reported')
    return sql`EXISTS (SELECT 1 FROM ${linkReports} WHERE ${linkReports.contentId} = ${contents.id} AND ${linkReports.url} = ${contents.url})`;
  const column = filter === 'broken' ? linkChecks.brokenSince : linkChecks.movedTo;
  return sql`EXISTS (SELECT 1 FROM ${linkChecks} WHERE ${linkChecks.contentId} = ${contents.id} AND ${current} AND ${column} IS NOT NULL)`;
}

/**
 * The count of the published contents a link filter shows, as a query to run or embed: read from the
 * findings' side (the broken index, the reports' key), not by visiting every content.
 */
export function linkFilterCount(db: Db, filter: 'broken' | 'reported') {
  const flagged =
    filter === 'broken'
      ? // A range, so that link_checks_broken_idx serves it (IS NOT NULL alone is read row by row).
        db
          .select({ id: linkChecks.contentId })
          .from(linkChecks)
          .where(gt(linkChecks.brokenSince, new Date(0)))
      : db.select({ id: linkReports.contentId }).from(linkReports);
  return db
    .select({ n: count() })
    .from(contents)
    .where(and(inArray(contents.id, flagged), linkFilterCondition(filter)));
}

/** How many published contents have a broken link (the dashboard's card). */
export async function countBrokenLinks(db: Db): Promise<number> {
  const [row] = await linkFilterCount(db, 'broken');
  return row?.n ?? 0;
}

/**
 * Accepts where a content's link permanently moved (301/308 to a working page): that becomes its URL, in
 * one batch with the record (the findings now belong to the new URL) and the audit entry. 409 when the
 * link has not moved (or was checked again meanwhile), or the new URL is another content's.
 */
export async function acceptMovedLink(db: Db, actor: Actor, contentId: string): Promise<ContentShape> {
  const [row] = await db
    .select({ url: contents.url, movedTo: linkChecks.movedTo })
    .from(contents)
    .leftJoin(linkChecks, and(eq(linkChecks.contentId, contents.id), current))
    .where(eq(contents.id, contentId));
  if (!row) throw notFound('Content not found');
  const movedTo = row.movedTo;
  if (!movedTo) throw conflict('This link has not moved (no permanent redirect was found at its last check)');
  refusePrivateWebsite(movedTo);
  const stillMoved = sql`EXISTS (SELECT 1 FROM ${linkChecks} JOIN ${contents} ON ${contents.id} = ${linkChecks.contentId} WHERE ${linkChecks.contentId} = ${contentId} AND ${contents.url} = ${row.url} AND ${current} AND ${linkChecks.movedTo} = ${movedTo})`;
  try {
    await db.batch([
      guard(db, stillMoved),
      db
        .update(contents)
        .set({ url: movedTo, urlKey: urlKey(movedTo), updatedAt: new Date() })
        .where(eq(contents.id, contentId)),
      db
        .update(linkChecks)
        .set({ url: movedTo, finalUrl: movedTo, movedTo: null })
        .where(eq(linkChecks.contentId, contentId)),
      auditEntry(
        db,
        actor,
        'content.update',
        { type: 'content', id: contentId },
        { url: movedTo, previousUrl: row.url, reason: 'permanent redirect accepted' },
      ),
    ]);
  } catch (error) {
    if (isGuardFailure(error)) throw conflict('The link changed since it was checked: check it again');
    if (uniqueViolation(error) === 'contents.url_key')
      throw conflict(`The website ${movedTo} is already listed as another content`);
    throw error;
  }
  const [updated] = await db.select().from(contents).where(eq(contents.id, contentId));
  return toApiContent(updated!);
}

export const REPORTED = 'Thank you: we will check this link';

/**
 * A user reports a content's link broken: one report per user and content while the content keeps that
 * URL (a second is a 409), limited per account (RATE_LIMIT_LINK_REPORT_USER). The link is due for a check
 * at once (checkReportedLink runs it).
 */
export async function reportBrokenLink(db: Db, userId: string, contentId: string): Promise<{ message: string }> {
  const [content] = await db.select({ url: contents.url }).from(contents).where(eq(contents.id, contentId));
  if (!content) throw notFound('Content not found');
  await hitLimit(db, 'RATE_LIMIT_LINK_REPORT_USER', userId);
  const now = new Date();
  const reported = await db
    .insert(linkReports)
    .values({ contentId, userId, url: content.url, createdAt: now })
    .onConflictDoUpdate({
      target: [linkReports.contentId, linkReports.userId],
      set: { url: content.url, createdAt: now },
      setWhere: sql`${linkReports.url} <> ${content.url}`,
    })
    .returning({ contentId: linkReports.contentId });
  if (reported.length === 0) throw conflict('You already reported this link');
  await db
    .insert(linkChecks)
    .values({ contentId, url: content.url, dueAt: new Date(0) })
    .onConflictDoUpdate({ target: linkChecks.contentId, set: { dueAt: new Date(0) } });
  return { message: REPORTED };
}

export const WITHDRAWN = 'Your report is withdrawn';

/**
 * A user takes back their report of a content's link (the Undo of a report): answered alike whether there was
 * one, so a retry is safe. The check the report asked for stays: its finding is about the link, not the report.
 */
export async function withdrawLinkReport(db: Db, userId: string, contentId: string): Promise<{ message: string }> {
  const [content] = await db.select({ id: contents.id }).from(contents).where(eq(contents.id, contentId));
  if (!content) throw notFound('Content not found');
  await db.delete(linkReports).where(and(eq(linkReports.contentId, contentId), eq(linkReports.userId, userId)));
  return { message: WITHDRAWN };
}

/** Whether the user has reported the content's current URL (the page then thanks them instead of offering to). */
export async function hasReportedLink(db: Db, userId: string, contentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: linkReports.contentId })
    .from(linkReports)
    .innerJoin(contents, eq(contents.id, linkReports.contentId))
    .where(
      and(
        eq(linkReports.contentId, contentId),
        eq(linkReports.userId, userId),
        sql`${linkReports.url} = ${contents.url}`,
      ),
    );
  return Boolean(row);
}

/** The links a user reported broken, newest first, with their contents (their data export). */
export async function listOwnLinkReports(
  db: Db,
  userId: string,
): Promise<Array<{ content: { _id: string; name: string; slug: string }; url: string; reportedAt: string }>> {
  const rows = await db
    .select({
      content: { _id: contents.id, name: contents.name, slug: contents.slug },
      url: linkReports.url,
      createdAt: linkReports.createdAt,
    })
    .from(linkReports)
    .innerJoin(contents, eq(contents.id, linkReports.contentId))
    .where(eq(linkReports.userId, userId))
    .orderBy(desc(linkReports.createdAt));
  return rows.map(({ content, url, createdAt }) => ({ content, url, reportedAt: createdAt.toISOString() }));
}

/**
 * Checks a reported link now, in the background of the request that reported it: one link, outside the
 * scheduled run's lease (a report is one request, limited per user). Never throws.
 */
export async function checkReportedLink(db: Db, contentId: string): Promise<void> {
  try {
    await checkLinks(db, { ids: [contentId], concurrency: 1 });
  } catch (error) {
    console.error('Link check of a reported link:', withoutQueryValues(error));
  }
}
