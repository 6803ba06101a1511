/** Reviews: one per user per content; the content's rating and numReviews follow by trigger (decision 004). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { conflict, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { contents, reviews } from '../schema.ts';
import { reviewInput } from '../validation/engagement.ts';
import { parseInput } from '../validation/parse.ts';
import { toApiReview, type ApiReview } from './catalog.ts';
import { hitLimit } from './rate-limit.ts';
import type { SessionUser } from './sessions.ts';

export const ALREADY_REVIEWED = 'You already submitted a review';

export interface ReviewResult {
  review: ApiReview;
  numReviews: number;
  /** SPEC §7's name for numReviews. */
  numReview: number;
  rating: number;
}

/**
 * Adds the user's review. The reviewer's name comes from the session, never the payload. One batch: the
 * insert (only if the content exists and the user has not reviewed it) and the content's new totals.
 */
export async function addReview(db: Db, user: SessionUser, contentId: string, input: unknown): Promise<ReviewResult> {
  const { rating, comment } = parseInput(reviewInput, input);
  await hitLimit(db, 'RATE_LIMIT_REVIEW_USER', user.id);
  const id = newId();
  const now = Date.now();
  const [inserted, totals] = await db.batch([
    db
      .insert(reviews)
      .select(
        db
          .select({
            id: sql`${id}`.as('id'),
            contentId: contents.id,
            userId: sql`${user.id}`.as('user_id'),
            name: sql`${user.name}`.as('name'),
            rating: sql`${rating}`.as('rating'),
            comment: sql`${comment}`.as('comment'),
            createdAt: sql`${now}`.as('created_at'),
          })
          .from(contents)
          .where(eq(contents.id, contentId)),
      )
      .onConflictDoNothing()
      .returning(),
    db.select({ rating: contents.rating, numReviews: contents.numReviews }).from(contents).where(eq(contents.id, contentId)),
  ]);
  const total = totals[0];
  if (!total) throw notFound('Content not found');
  const review = inserted[0];
  if (!review) throw conflict(ALREADY_REVIEWED);
  const average = Math.round(total.rating * 100) / 100;
  return { review: toApiReview(review), numReviews: total.numReviews, numReview: total.numReviews, rating: average };
}
