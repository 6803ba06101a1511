/** A learner's shelf: saves, lists, progress, followed tags and the weekly digest of them. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../accounts/schema.ts';
import { contents, tags } from '../catalog/schema.ts';
import { createdAt } from '../columns.ts';
import type { ProgressState } from './validation/progress-states.ts';
import type { ListKind } from './validation/list-kinds.ts';

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
    /** A plain list, or a learning path: steps followed in order, in sections, with the owner's progress (decision 047). */
    kind: text('kind').$type<ListKind>().notNull().default('list'),
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
    /** A path's section heading shown before this step ('' for none): it moves with its step (decision 047). */
    section: text('section').notNull().default(''),
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
  (t) => [
    uniqueIndex('digest_sends_user_week_unique').on(t.userId, t.week),
    uniqueIndex('digest_sends_token_unique').on(t.tokenHash),
  ],
);
