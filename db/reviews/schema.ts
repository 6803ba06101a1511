/** Reviews of contents, with their "helpful" votes and their reports. */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ReviewReportReason } from './validation/review-reports.ts';
import { users } from '../accounts/schema.ts';
import { contents } from '../catalog/schema.ts';
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

export type Review = typeof reviews.$inferSelect;

/** "Helpful" votes: one per user and review, never on one's own (db/reviews/review-votes.ts). */
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
