/**
 * "Helpful" votes on reviews (docs/product.md#how-things-change): one per user and review, never on one's own, retractable.
 * The count is kept by the votes' triggers (migration 0039) inside the vote's own write, so it is exact under
 * any number of concurrent votes, and each vote touches its content's row so its cached page follows.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { guard, isGuardFailure } from '../batch.ts';
import type { Db } from '../client.ts';
import { forbidden, notFound } from '../errors.ts';
import { reviews, reviewVotes } from '../schema.ts';
import type { HelpfulVoteShape, OwnHelpfulVotesShape } from './contract.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { hitLimit } from '../operations/rate-limit.ts';
import { REVIEW_NOT_FOUND } from './reviews.ts';

export const OWN_REVIEW_VOTE = 'You cannot vote for your own review';

/**
 * The review, if `user` may vote on it (not their own). Its author never changes but to null (anonymised), so
 * this read can decide. Each vote and retraction counts against RATE_LIMIT_REVIEW_FEEDBACK_USER: each drops
 * the content's cached page, so a toggle held down must not re-render it without end.
 */
async function votableReview(db: Db, user: SessionUser, reviewId: string) {
  const [review] = await db
    .select({ id: reviews.id, userId: reviews.userId })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  if (review.userId === user.id) throw forbidden(OWN_REVIEW_VOTE);
  await hitLimit(db, 'RATE_LIMIT_REVIEW_FEEDBACK_USER', user.id);
  return review;
}

const reviewExists = (id: string) => sql`EXISTS (SELECT 1 FROM ${reviews} WHERE ${reviews.id} = ${id})`;
const helpfulOf = (db: Db, id: string) =>
  db.select({ helpful: reviews.helpful }).from(reviews).where(eq(reviews.id, id));

async function vote(run: () => Promise<[unknown, unknown, { helpful: number }[]]>): Promise<number> {
  try {
    const [, , [row]] = await run();
    if (!row) throw notFound(REVIEW_NOT_FOUND);
    return row.helpful;
  } catch (error) {
    if (isGuardFailure(error)) throw notFound(REVIEW_NOT_FOUND);
    throw error;
  }
}

/** Marks the review helpful for `user` (a second vote changes nothing). One batch: guard, vote, count read back. */
export async function voteHelpful(db: Db, user: SessionUser, reviewId: string): Promise<HelpfulVoteShape> {
  const review = await votableReview(db, user, reviewId);
  const helpful = await vote(() =>
    db.batch([
      guard(db, reviewExists(review.id)),
      db.insert(reviewVotes).values({ reviewId: review.id, userId: user.id }).onConflictDoNothing(),
      helpfulOf(db, review.id),
    ]),
  );
  return { reviewId: review.id, helpful, voted: true };
}

/** Takes `user`'s vote back (none to take is the same answer, so a retry is safe). */
export async function retractHelpful(db: Db, user: SessionUser, reviewId: string): Promise<HelpfulVoteShape> {
  const review = await votableReview(db, user, reviewId);
  const helpful = await vote(() =>
    db.batch([
      guard(db, reviewExists(review.id)),
      db.delete(reviewVotes).where(and(eq(reviewVotes.reviewId, review.id), eq(reviewVotes.userId, user.id))),
      helpfulOf(db, review.id),
    ]),
  );
  return { reviewId: review.id, helpful, voted: false };
}

/** The reviews of `contentId` that `userId` voted helpful: the content page is the same for everyone, so it asks. */
export async function ownHelpfulVotes(db: Db, userId: string, contentId: string): Promise<OwnHelpfulVotesShape> {
  const rows = await db
    .select({ reviewId: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(
      and(
        eq(reviewVotes.userId, userId),
        inArray(
          reviewVotes.reviewId,
          db.select({ id: reviews.id }).from(reviews).where(eq(reviews.contentId, contentId)),
        ),
      ),
    );
  return { reviewIds: rows.map((row) => row.reviewId) };
}

/** Every helpful vote of `userId`, with the review and content it is about (their data export). */
export async function allOwnHelpfulVotes(db: Db, userId: string) {
  const rows = await db
    .select({ reviewId: reviewVotes.reviewId, contentId: reviews.contentId, createdAt: reviewVotes.createdAt })
    .from(reviewVotes)
    .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
    .where(eq(reviewVotes.userId, userId))
    .orderBy(reviewVotes.createdAt);
  return rows.map((row) => ({
    reviewId: row.reviewId,
    contentId: row.contentId,
    votedAt: row.createdAt.toISOString(),
  }));
}
