/**
 * The weekly digest (decision 036): for each user who asked for it, the contents added to the tags they
 * follow since their last digest (at most DIGEST_MAX_ITEMS, newest first, grouped by tag), queued in the
 * outbox (decision 008) with a one-click unsubscribe (RFC 8058). A user gets at most one a week: each send
 * is recorded under its ISO week, and a unique index refuses a second. No mail when nothing is new.
 */
import { and, desc, eq, gt, isNotNull, max, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { publicUrl } from '../config.ts';
import { notFound } from '../errors.ts';
import { contents, contentTags, digestSends, digestSettings, follows, tags, users } from '../schema.ts';
import { generateSecretToken, hashToken } from '../crypto/tokens.ts';
import { queueMail, wakeMailSender, type Mail } from '../operations/mail.ts';
import { startBackgroundLoop, type BackgroundLoop } from '../operations/background-loop.ts';
import { withLease } from '../operations/lease.ts';
import type { TagKind } from '../catalog/taxonomy.ts';
import { DIGEST_MAX_ITEMS } from './validation/follows.ts';
import { unsubscribePath } from '../validation/secret-links.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The ISO 8601 week of a date, as '2026-W48' (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export interface DigestGroup {
  tag: { kind: TagKind; value: string; label: string };
  contents: Array<{ name: string; slug: string; description: string }>;
}

/**
 * What is new for a user since `since`: the newest contents carrying a tag they follow, each once (under
 * the first of its followed tags), at most DIGEST_MAX_ITEMS, grouped by tag in the order of their newest.
 */
export async function composeDigest(db: Db, userId: string, since: Date): Promise<DigestGroup[]> {
  const rows = await db
    .select({
      id: contents.id,
      name: contents.name,
      slug: contents.slug,
      description: contents.description,
      kind: tags.kind,
      value: tags.value,
      label: tags.label,
    })
    .from(follows)
    .innerJoin(tags, eq(tags.id, follows.tagId))
    .innerJoin(contentTags, and(eq(contentTags.kind, tags.kind), eq(contentTags.value, tags.value)))
    .innerJoin(contents, eq(contents.id, contentTags.contentId))
    .where(and(eq(follows.userId, userId), gt(contents.createdAt, since)))
    .orderBy(desc(contents.createdAt), desc(contents.seq), tags.kind, tags.value);
  const groups = new Map<string, DigestGroup>();
  const taken = new Set<string>();
  for (const row of rows) {
    if (taken.has(row.id)) continue;
    if (taken.size === DIGEST_MAX_ITEMS) break;
    taken.add(row.id);
    const key = `${row.kind}=${row.value}`;
    const group = groups.get(key) ?? { tag: { kind: row.kind, value: row.value, label: row.label }, contents: [] };
    group.contents.push({ name: row.name, slug: row.slug, description: row.description });
    groups.set(key, group);
  }
  return [...groups.values()];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const tagSearchUrl = (tag: DigestGroup['tag']) =>
  `${publicUrl()}/search?${new URLSearchParams({ [tag.kind]: tag.value })}`;
const contentUrl = (slug: string) => `${publicUrl()}/content/${encodeURIComponent(slug)}`;

/** The digest mail: text and HTML, with the RFC 8058 headers of its one-click unsubscribe link. */
export function digestMail(
  to: { id: string; name: string; email: string },
  groups: DigestGroup[],
  token: string,
): Mail & { headers: Record<string, string> } {
  const total = groups.reduce((sum, group) => sum + group.contents.length, 0);
  const unsubscribe = `${publicUrl()}${unsubscribePath(token)}`;
  const manage = `${publicUrl()}/following`;
  const text = [
    `Hello ${to.name},`,
    '',
    `${total === 1 ? 'One new resource' : `${total} new resources`} in the tags you follow on Skillshelf this week:`,
    ...groups.flatMap((group) => [
      '',
      `${group.tag.label} (${tagSearchUrl(group.tag)})`,
      ...group.contents.map((content) => `- ${content.name}: ${contentUrl(content.slug)}`),
    ]),
    '',
    `Manage what you follow: ${manage}`,
    `Stop these weekly mails: ${unsubscribe}`,
    '',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    `<p>${total === 1 ? 'One new resource' : `${total} new resources`} in the tags you follow on Skillshelf this week:</p>`,
    ...groups.map(
      (group) =>
        `<h2><a href="${escapeHtml(tagSearchUrl(group.tag))}">${escapeHtml(group.tag.label)}</a></h2><ul>${group.contents
          .map(
            (content) => `<li><a href="${escapeHtml(contentUrl(content.slug))}">${escapeHtml(content.name)}</a></li>`,
          )
          .join('')}</ul>`,
    ),
    `<p><a href="${escapeHtml(manage)}">Manage what you follow</a> · <a href="${escapeHtml(unsubscribe)}">Stop these weekly mails</a></p>`,
  ].join('\n');
  return {
    userId: to.id,
    to: to.email,
    subject: `Skillshelf: ${total} new in what you follow`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export interface DigestRun {
  week: string;
  /** Mails queued (or, on a dry run, that would be). */
  sent: number;
  /** Subscribers with nothing new since their last digest. */
  nothingNew: number;
  /** Subscribers who already had this week's. */
  alreadySent: number;
}

const isUniqueViolation = (error: unknown) =>
  /UNIQUE constraint failed/i.test(String((error as { message?: string })?.message ?? error));

/** Sends this week's digest to every subscriber who has not had it and has something new. */
export async function sendDigests(db: Db, options: { now?: Date; dryRun?: boolean } = {}): Promise<DigestRun> {
  const now = options.now ?? new Date();
  const week = isoWeek(now);
  const run: DigestRun = { week, sent: 0, nothingNew: 0, alreadySent: 0 };
  const subscribers = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      lastSent: max(digestSends.sentAt),
      thisWeek: sql<number>`max(${digestSends.week} = ${week})`,
    })
    .from(digestSettings)
    .innerJoin(users, eq(users.id, digestSettings.userId))
    .leftJoin(digestSends, eq(digestSends.userId, users.id))
    // An address not verified yet gets nothing but its verification.
    .where(and(eq(digestSettings.weekly, true), isNotNull(users.emailVerifiedAt)))
    .groupBy(users.id);
  for (const user of subscribers) {
    if (Number(user.thisWeek) === 1) {
      run.alreadySent++;
      continue;
    }
    // Since the last digest, and never further back than a week: a new subscriber gets this week's news.
    const lastSent = user.lastSent ? new Date(user.lastSent as unknown as number) : undefined;
    const since = new Date(Math.max(lastSent?.getTime() ?? 0, now.getTime() - WEEK_MS));
    const groups = await composeDigest(db, user.id, since);
    const items = groups.reduce((sum, group) => sum + group.contents.length, 0);
    if (items === 0) {
      run.nothingNew++;
      continue;
    }
    if (options.dryRun) {
      run.sent++;
      continue;
    }
    const token = generateSecretToken();
    try {
      await db.batch([
        db.insert(digestSends).values({ userId: user.id, week, items, tokenHash: hashToken(token), sentAt: now }),
        queueMail(db, digestMail(user, groups, token)),
      ]);
      run.sent++;
    } catch (error) {
      // Another process sent this user's digest meanwhile: the unique index refused the second.
      if (!isUniqueViolation(error)) throw error;
      run.alreadySent++;
    }
  }
  if (run.sent && !options.dryRun) wakeMailSender();
  return run;
}

/** A digest mail's one-click unsubscribe: its token names the user, no session needed. */
export async function unsubscribeByToken(db: Db, token: unknown): Promise<{ message: string }> {
  const [send] =
    typeof token === 'string' && token.length > 0 && token.length <= 100
      ? await db
          .select({ userId: digestSends.userId })
          .from(digestSends)
          .where(eq(digestSends.tokenHash, hashToken(token)))
      : [];
  if (!send) throw notFound('This unsubscribe link is not valid (its account may have been deleted)');
  await db
    .update(digestSettings)
    .set({ weekly: false, updatedAt: new Date() })
    .where(eq(digestSettings.userId, send.userId));
  return { message: 'You will get no more weekly digests. You still follow your tags on Skillshelf.' };
}

/** Whether a digest token is one we sent (the GET confirmation page shows its button only then). */
export async function isDigestToken(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [send] = await db
    .select({ id: digestSends.id })
    .from(digestSends)
    .where(eq(digestSends.tokenHash, hashToken(token)));
  return Boolean(send);
}

/** A user's digests sent, for their data export. */
export async function exportDigestSends(db: Db, userId: string) {
  const rows = await db
    .select({ week: digestSends.week, items: digestSends.items, sentAt: digestSends.sentAt })
    .from(digestSends)
    .where(eq(digestSends.userId, userId))
    .orderBy(desc(digestSends.sentAt));
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}

export const DIGEST_LEASE = 'weekly-digest';
const LEASE_MS = 10 * 60 * 1000;
const LOOK_EVERY_MS = 60 * 60 * 1000;

/** Each server process looks once an hour; the lease lets one of them send, and the week's record stops repeats. */
export function startDigestSender(db: Db): BackgroundLoop {
  return startBackgroundLoop('Weekly digest', LOOK_EVERY_MS, async () => {
    await withLease(db, DIGEST_LEASE, LEASE_MS, () => sendDigests(db));
    return undefined;
  });
}
