/** What keeps the site running: the audit log, the mail outbox, link health, leases and rate limits. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';
import { contents } from './catalog.ts';
import { createdAt } from './columns.ts';

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    /** 'user:<id>' for a signed-in admin, 'cli:<name>' for a terminal operator. */
    actor: text('actor').notNull(),
    /** Who that was, readable when the log is read (an email, an OS user name). */
    actorLabel: text('actor_label').notNull().default(''),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/**
 * Where a mail is: 'kept' in the outbox (no SMTP_URL: read with `skillshelf mail outbox`), or on its way
 * over SMTP: 'pending' (due at nextAttemptAt), 'sending' (claimed by one process), 'sent', or 'failed'
 * after MAIL_MAX_ATTEMPTS.
 */
export type MailStatus = 'kept' | 'pending' | 'sending' | 'sent' | 'failed';

/** Every mail the site sends, with its delivery state (db/services/mail-sender.ts delivers it). */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** Emptied once the mail is sent: a reset mail carries a live link, which the database otherwise keeps only hashed. */
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    // Mail from before delivery states existed was kept, never sent.
    status: text('status').$type<MailStatus>().notNull().default('kept'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending mail is due; for a 'sending' one, when its claim lapses (the process sending it died). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull().default(sql`0`),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * What the link checker (db/services/link-check.ts) last found at a content's URL. `url` is the address it
 * checked: when the content's URL changes, the old findings no longer count. Broken means persistently
 * failing: at least 3 consecutive failures spread over at least 48 hours (`brokenSince`). A broken row
 * bumps the catalog version (a trigger in the migrations): the content page says so.
 */
export const linkChecks = sqliteTable(
  'link_checks',
  {
    contentId: text('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    url: text('url').notNull(),
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }),
    /** The last answer's HTTP status; null when none came (refused, timed out, a redirect loop). */
    status: integer('status'),
    /** What went wrong, in words; null when the link works. */
    error: text('error'),
    /** Where the redirects led (the last URL asked). */
    finalUrl: text('final_url'),
    /** Where permanent redirects (301, 308) lead, when the link works there: an admin may accept it as the URL. */
    movedTo: text('moved_to'),
    /** Consecutive failures, and when the first of them was. */
    failures: integer('failures').notNull().default(0),
    firstFailureAt: integer('first_failure_at', { mode: 'timestamp_ms' }),
    brokenSince: integer('broken_since', { mode: 'timestamp_ms' }),
    /** The last time the link worked: reports made before it are settled. */
    okAt: integer('ok_at', { mode: 'timestamp_ms' }),
    /** When it should be checked next (`links check --only-due`, the schedule): sooner after a report, later after a 429. */
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull().default(sql`0`),
  },
  (t) => [index('link_checks_due_idx').on(t.dueAt), index('link_checks_broken_idx').on(t.brokenSince)],
);

/**
 * A user's report that a content's link is broken: one per user and content while the content keeps the
 * URL reported (`url`); a new URL may be reported again.
 */
export const linkReports = sqliteTable(
  'link_reports',
  {
    contentId: text('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.userId] })],
);

/**
 * Who runs a job that only one process of a deployment may run at a time (the scheduled link check): the
 * holder keeps renewing its lease; when it lapses (the process died), another may take it.
 */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Fixed-window counters shared by every app process (they live in the database). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: integer('reset_at').notNull(),
});

export type AuditEntry = typeof auditLog.$inferSelect;
export type OutboxMessage = typeof outbox.$inferSelect;
export type LinkCheck = typeof linkChecks.$inferSelect;
