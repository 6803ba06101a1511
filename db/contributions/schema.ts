/** What users bring: reviews, saves, submitted links, drafts being edited, uploaded images. */
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Cost, Tag } from '../catalog/taxonomy.ts';
import type { RejectReason } from './validation/rejection.ts';
import type { ReviewReportReason } from './validation/review-reports.ts';
import { users } from '../accounts/schema.ts';
import { contents, facetFieldColumns, tags, type ProposedTag } from '../catalog/schema.ts';
import { createdAt } from '../columns.ts';

export const reviews = sqliteTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    contentId: text('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /**
     * Who wrote it; null once its author deleted their account and chose to keep it, anonymised (decision
     * 031). Deleting a user otherwise takes their reviews with them.
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The reviewer's name when the review was written ("Former member" once anonymised). */
    name: text('name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    /** How many users found it helpful: kept by review_votes' triggers in the vote's own transaction (exact). */
    helpful: integer('helpful').notNull().default(0),
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
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    index('saves_content_idx').on(t.contentId),
    index('saves_created_idx').on(t.createdAt, t.contentId),
    index('saves_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * How many established users saved both of two contents (content_a < content_b), each user counting the pairs
 * among their most recent saves (`coSaveMembers`), recounted by a background job a while after their saves
 * change (db/contributions/co-saves.ts, decision 039): what "Learners who saved this also saved" reads, a few
 * index rows per page. No foreign keys: a content's deletion removes its pairs by a trigger.
 */
export const coSaves = sqliteTable(
  'co_saves',
  {
    contentA: text('content_a').notNull(),
    contentB: text('content_b').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentA, t.contentB] }),
    index('co_saves_a_users_idx').on(t.contentA, t.users),
    index('co_saves_b_users_idx').on(t.contentB, t.users),
  ],
);

/**
 * The saves each user's pairs in co_saves are made of: their most recent saves when they were last counted
 * (at most CO_SAVE_RECENT_SAVES), none for an account too new to count.
 */
export const coSaveMembers = sqliteTable(
  'co_save_members',
  {
    userId: text('user_id').notNull(),
    contentId: text('content_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentId] }), index('co_save_members_content_idx').on(t.contentId)],
);

/** Users whose saves changed since their pairs were counted, and when the first of those changes was made (ms). */
export const coSaveQueue = sqliteTable(
  'co_save_queue',
  {
    userId: text('user_id').primaryKey(),
    changedAt: integer('changed_at').notNull(),
  },
  (t) => [index('co_save_queue_changed_idx').on(t.changedAt)],
);

/**
 * Each content's saves made since the window's start (`recentSavesWindow`), kept by triggers on saves (+1 on a
 * save, −1 on the unsave of a save inside the window) and aged as days pass (db/contributions/most-saved.ts):
 * "Most saved this month" is the first rows of its rank index (decision 037). No foreign key, as co_saves.
 */
export const recentSaveCounts = sqliteTable(
  'recent_save_counts',
  {
    contentId: text('content_id').primaryKey(),
    saves: integer('saves').notNull(),
    /** The newest save counted, in ms: the order among equal counts. */
    latest: integer('latest').notNull(),
  },
  (t) => [index('recent_save_counts_rank_idx').on(t.saves, t.latest)],
);

/** One row: the time (ms) from which recent_save_counts counts saves, 30 days ago as of its last aging. */
export const recentSavesWindow = sqliteTable('recent_saves_window', {
  id: integer('id').primaryKey(),
  since: integer('since').notNull(),
});

export type Review = typeof reviews.$inferSelect;

/** "Helpful" votes: one per user and review, never on one's own (db/contributions/review-votes.ts). */
export const reviewVotes = sqliteTable(
  'review_votes',
  {
    reviewId: text('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_votes_user_idx').on(t.userId)],
);

/** Reports of a review (abuse, spam…), one per user and review, until an admin dismisses them or deletes it. */
export const reviewReports = sqliteTable(
  'review_reports',
  {
    reviewId: text('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReviewReportReason>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_reports_user_idx').on(t.userId)],
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
    ...facetFieldColumns(),
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
    /**
     * The page's own description (og:description or meta description) and picture (og:image, else its icon:
     * the path of its copy stored here, never the page's address for it), fetched with its title: suggested to
     * the approving admin.
     */
    pageDescription: text('page_description'),
    pageImage: text('page_image'),
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
    ...facetFieldColumns(),
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

export type Submission = typeof submissions.$inferSelect;
export type ContentDraft = typeof contentDrafts.$inferSelect;

/** Where a learner stands with a content (docs/product.md's progress). */
export const PROGRESS_STATES = ['want', 'learning', 'done'] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];

/**
 * A learner's named, ordered lists of contents (decision 033). Private until made public, when it has a
 * shared page at /lists/{slug}. Triggers (migration 0038) log what a public list shows to catalog_changes,
 * so its cached page and the content pages counting it are dropped in every process.
 */
export const lists = sqliteTable(
  'lists',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public page's path segment: the name's slug and a part of the id, fixed at creation. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    /** Contents deleted from the catalog while in the list, not yet told to its owner (the notice shows once). */
    removedCount: integer('removed_count').notNull().default(0),
    /**
     * Why an admin unpublished it, and when; null while its owner decides whether it is public. While set it
     * stays private (a trigger refuses making it public): only an admin lifts it.
     */
    unpublishedReason: text('unpublished_reason'),
    unpublishedAt: integer('unpublished_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    /** Moved by every change its page shows (its items, their order and notes): the trigger's cue. */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex('lists_slug_unique').on(t.slug), index('lists_user_created_idx').on(t.userId, t.createdAt)],
);

export const listItems = sqliteTable(
  'list_items',
  {
    listId: text('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    contentId: text('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Its place in the list, from 0; rewritten whole on a reorder. */
    position: integer('position').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.contentId] }), index('list_items_content_idx').on(t.contentId)],
);

export const progress = sqliteTable(
  'progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: text('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    state: text('state').$type<ProgressState>().notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentId] }), index('progress_content_idx').on(t.contentId)],
);

/**
 * The tags a user follows (decision 036), by the tag's row: a rename keeps the follow, a tag deleted takes
 * it. `seenAt` is when the user last opened their Following page: what is newer counts as new there.
 */
export const follows = sqliteTable(
  'follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    seenAt: integer('seen_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index('follows_tag_idx').on(t.tagId)],
);

/** Whether a user wants the weekly digest of their follows; the row exists once they were asked (at their first follow). */
export const digestSettings = sqliteTable('digest_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekly: integer('weekly', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

/**
 * Each weekly digest sent: one a user a week (the unique index refuses a second), and the hash of the
 * one-click unsubscribe token its mail carries (RFC 8058), so the link works without signing in.
 */
export const digestSends = sqliteTable(
  'digest_sends',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The ISO week it was sent for: '2026-W48'. */
    week: text('week').notNull(),
    items: integer('items').notNull(),
    tokenHash: text('token_hash').notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('digest_sends_user_week_unique').on(t.userId, t.week), uniqueIndex('digest_sends_token_unique').on(t.tokenHash)],
);
