/**
 * The data model. Ids are random text (`_id` in the API); timestamps are milliseconds since the epoch.
 * contents.seq is an INTEGER PRIMARY KEY so the FTS index (migrations, custom SQL) can use it as a stable rowid.
 * Derived numbers (contents.rating, contents.numReviews, contents.tagLabels) are maintained by triggers
 * declared in the custom migration, so they can never drift from the rows they summarise.
 */
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Cost, Tag } from './taxonomy.ts';
import type { RejectReason } from './validation/rejection.ts';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lowercased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    /** Whether the user is mailed when a moderator decides on a link they submitted (a profile setting). */
    decisionMails: integer('decision_mails', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_is_admin_idx').on(t.isAdmin),
    // The admin's users table sorts by when they joined (its default) or by name.
    index('users_created_idx').on(t.createdAt),
    index('users_name_idx').on(sql`${t.name} COLLATE NOCASE`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the token, hex. The token itself is never stored. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the token, hex. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const contents = sqliteTable(
  'contents',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    url: text('url').notNull().default(''),
    /** Normalised URL (see db/urls.ts): the identity of a resource for duplicates and imports. Null while empty. */
    urlKey: text('url_key'),
    image: text('image').notNull().default(''),
    cost: text('cost').$type<Cost>().notNull().default('Free'),
    hasCert: integer('has_cert', { mode: 'boolean' }).notNull().default(false),
    description: text('description').notNull().default(''),
    /** Tags as shown (label/value lists); content_tags holds the same, indexed for filtering. */
    category: text('category', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    techStack: text('tech_stack', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    type: text('type', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    /** Every tag label, space separated, for the full-text index. Kept by the content service. */
    tagLabels: text('tag_labels').notNull().default(''),
    /**
     * The content's tags as one text ('category=a,b;type=c'), kept with the tags: the in-memory facet table
     * reads every content's tag set from the covering index in one pass (db/services/facet-table.ts).
     */
    tagKey: text('tag_key').notNull().default(''),
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('contents_id_unique').on(t.id),
    uniqueIndex('contents_slug_unique').on(t.slug),
    uniqueIndex('contents_url_key_unique').on(t.urlKey),
    index('contents_created_idx').on(t.createdAt),
    index('contents_rating_idx').on(t.rating, t.numReviews),
    index('contents_cost_idx').on(t.cost),
    // The admin's contents table sorted by name (db/services/admin-contents.ts sorts with NOCASE).
    index('contents_name_idx').on(sql`${t.name} COLLATE NOCASE`),
    // Covers what the in-memory facet table reads of every content (db/services/facet-table.ts): one pass
    // over this index, never the wide rows.
    index('contents_facet_table_idx').on(t.createdAt, t.cost, t.hasCert, t.rating, t.numReviews, t.tagKey),
  ],
);

export type TagKind = 'category' | 'techStack' | 'type';

/**
 * The tags of the three kinds (SPEC §3's lists are only the seed): a stable value (the label lowercased,
 * spaces as hyphens) and the label shown. A retired tag stays on the contents that carry it but is no
 * longer offered. content_tags holds which content carries which (by kind and value).
 */
export const tags = sqliteTable(
  'tags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<TagKind>().notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    status: text('status').$type<'active' | 'retired'>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_kind_value_unique').on(t.kind, t.value)],
);

/**
 * The values a tag had before it was renamed or merged away: old links (/search?category=old-value) answer
 * 301 to the tag's value now. Kept pointing at the current value through later renames and merges.
 */
export const tagAliases = sqliteTable(
  'tag_aliases',
  {
    kind: text('kind').$type<TagKind>().notNull(),
    value: text('value').notNull(),
    target: text('target').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] }), index('tag_aliases_target_idx').on(t.kind, t.target)],
);

/** A tag a submitter proposed (not yet one of ours): it becomes a tag only when an admin approves it. */
export interface ProposedTag extends Tag {
  kind: TagKind;
}

export const contentTags = sqliteTable(
  'content_tags',
  {
    contentId: text('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    kind: text('kind').$type<TagKind>().notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.kind, t.value] }), index('content_tags_kind_value_idx').on(t.kind, t.value, t.contentId)],
);

export const reviews = sqliteTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    contentId: text('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The reviewer's name when the review was written. */
    name: text('name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_content_user_unique').on(t.contentId, t.userId),
    index('reviews_content_created_idx').on(t.contentId, t.createdAt),
    index('reviews_user_idx').on(t.userId),
  ],
);

export const saves = sqliteTable(
  'saves',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: text('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentId] }), index('saves_content_idx').on(t.contentId)],
);

export type SubmissionStatus = 'pending' | 'approved' | 'rejected';

/**
 * Links users submit, kept after the decision: the queue is the pending ones; an approved one names the
 * content it became, a rejected one stays so its submitter can see what became of it.
 */
export const submissions = sqliteTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    /** Who submitted it; null once that account is deleted (the link stays in the queue). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    url: text('url').notNull(),
    urlKey: text('url_key').notNull(),
    image: text('image').notNull().default(''),
    category: text('category', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    techStack: text('tech_stack', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    type: text('type', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    /** Null when the submitter left it blank ("not given"): the admin decides, else the content default. */
    cost: text('cost').$type<Cost>(),
    hasCert: integer('has_cert', { mode: 'boolean' }),
    description: text('description').notNull().default(''),
    rating: real('rating').notNull().default(0),
    /** Tags the submitter named that are not ours yet: created, mapped or dropped by the admin who decides. */
    proposedTags: text('proposed_tags', { mode: 'json' }).$type<ProposedTag[]>().notNull().default(sql`'[]'`),
    status: text('status').$type<SubmissionStatus>().notNull().default('pending'),
    /** Who decided (the audit log's readable actor: an admin's email, a terminal user) and when. */
    decidedBy: text('decided_by'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** The content an approval made (null after that content is deleted). */
    contentId: text('content_id').references(() => contents.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    /** Why it was rejected (one of a fixed set) and the moderator's words to the submitter; either may be missing. */
    rejectReason: text('reject_reason').$type<RejectReason>(),
    rejectNote: text('reject_note'),
    /** The page's own title (og:title or <title>), fetched when it was submitted; null when that failed. */
    pageTitle: text('page_title'),
    createdAt: createdAt(),
  },
  (t) => [
    // One pending submission per resource; decided ones may repeat (a link rejected once can come back).
    uniqueIndex('submissions_pending_url_key_unique').on(t.urlKey).where(sql`status = 'pending'`),
    index('submissions_url_key_idx').on(t.urlKey),
    index('submissions_status_created_idx').on(t.status, t.createdAt),
    // Every submission, whatever its status, in the order they came (the admin's "All").
    index('submissions_created_idx').on(t.createdAt),
    index('submissions_user_idx').on(t.userId),
  ],
);

/**
 * Contents an admin created and has not yet completed ("Create Content" makes one): visible only in the
 * admin screens, never in the catalog. Saving one with every required field moves it into `contents`
 * (published) in one batch, so no public query ever has to filter drafts out.
 */
export const contentDrafts = sqliteTable(
  'content_drafts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    url: text('url').notNull().default(''),
    image: text('image').notNull().default(''),
    cost: text('cost').$type<Cost>().notNull().default('Free'),
    hasCert: integer('has_cert', { mode: 'boolean' }).notNull().default(false),
    description: text('description').notNull().default(''),
    category: text('category', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    techStack: text('tech_stack', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    type: text('type', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('content_drafts_created_idx').on(t.createdAt)],
);

export const uploads = sqliteTable('uploads', {
  /** SHA-256 of the bytes, hex: the same image uploaded twice is stored once. */
  id: text('id').primaryKey(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  data: blob('data', { mode: 'buffer' }).notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

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

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Content = typeof contents.$inferSelect;
export type NewContent = typeof contents.$inferInsert;
export type Review = typeof reviews.$inferSelect;
export type Submission = typeof submissions.$inferSelect;
export type ContentDraft = typeof contentDrafts.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type OutboxMessage = typeof outbox.$inferSelect;
export type LinkCheck = typeof linkChecks.$inferSelect;

/** Small process-shared counters, e.g. 'catalog_version', bumped by triggers whenever contents or reviews change. */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
});

