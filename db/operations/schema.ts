/** What keeps the site running: the audit log, the mail outbox, leases and rate limits. */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from '../columns.ts';

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
  (t) => [
    index('audit_log_at_idx').on(t.at),
    // The Audit log screen filters by action or admin and sorts by them, newest first within each.
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_actor_idx').on(t.actor, t.at),
    index('audit_log_actor_label_idx').on(sql`${t.actorLabel} COLLATE NOCASE`, t.at),
  ],
);

/**
 * Where a mail is: 'kept' in the outbox (no SMTP_URL: read with `skillshelf mail outbox`), or on its way
 * over SMTP: 'pending' (due at nextAttemptAt), 'sending' (claimed by one process), 'sent', or 'failed'
 * after MAIL_MAX_ATTEMPTS.
 */
export type MailStatus = 'kept' | 'pending' | 'sending' | 'sent' | 'failed';

/** Every mail the site sends, with its delivery state (db/operations/mail-sender.ts delivers it). */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** Emptied once the mail is sent: a reset mail carries a live link, which the database otherwise keeps only hashed. */
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers, as name → value (a digest's List-Unsubscribe, RFC 8058). */
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    createdAt: createdAt(),
    // Mail from before delivery states existed was kept, never sent.
    status: text('status').$type<MailStatus>().notNull().default('kept'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending mail is due; for a 'sending' one, when its claim lapses (the process sending it died). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull().default(sql`0`),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /**
     * The account the mail is to (at whatever address it had then), so the account's deletion takes its mail
     * with it (db/accounts/account-traces.ts). No foreign key: this room names no other; mail left by a
     * deletion that forgot it is swept by the housekeeping job.
     */
    userId: text('user_id'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt), index('outbox_user_idx').on(t.userId)],
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
