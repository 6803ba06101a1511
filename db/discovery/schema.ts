/** What discovery counts from the saves: pairs of contents saved together, and recent saves. */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * How many established users saved both of two contents (content_a < content_b), each user counting the pairs
 * among their most recent saves (`coSaveMembers`), recounted by a background job a while after their saves
 * change (db/discovery/co-saves.ts, decision 039): what "Learners who saved this also saved" reads, a few
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
 * save, −1 on the unsave of a save inside the window) and aged as days pass (db/discovery/most-saved.ts):
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
