/**
 * Reviews: one per user per content, changed or deleted by their author or an admin (docs/product.md#how-things-change).
 * The content's rating and numReviews follow in the same write transaction (decision 004).
 */
import { eq, sql } from 'drizzle-orm';
import { guard, isGuardFailure } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { perDatabase } from '../per-database.ts';
import { contents, reviews, type Review } from '../schema.ts';
import { reviewInput } from './validation/reviews.ts';
import { parseInput } from '../validation/parse.ts';
import { toApiReview } from '../catalog/catalog-reads.ts';
import type { ReviewResultShape, ReviewTotalsShape } from './contract.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import { hitLimit } from '../operations/rate-limit.ts';
import type { SessionUser } from '../accounts/sessions.ts';

export const ALREADY_REVIEWED = 'You already submitted a review';

/**
 * The two statements of a review's write, their SQL built once per database (a review is the catalog's most
 * frequent write): the insert, made only if the content exists and the user has not reviewed it; and the
 * content's totals, which the insert's triggers have moved in its own transaction (decision 004).
 */
const reviewWrites = perDatabase((db) => {
  const value = <T>(name: string) => sql<T>`${sql.placeholder(name)}`;
  return {
    insert: db
      .insert(reviews)
      .select(
        db
          .select({
            id: value<string>('id').as('id'),
            contentId: contents.id,
            userId: value<string>('userId').as('user_id'),
            name: value<string>('name').as('name'),
            rating: value<number>('rating').as('rating'),
            comment: value<string>('comment').as('comment'),
            helpful: sql<number>`0`.as('helpful'),
            createdAt: value<number>('createdAt').as('created_at'),
          })
          .from(contents)
          .where(eq(contents.id, sql.placeholder('contentId'))),
      )
      .onConflictDoNothing()
      .prepare(),
    totals: db
      .select({ rating: contents.rating, numReviews: contents.numReviews })
      .from(contents)
      .where(eq(contents.id, sql.placeholder('contentId')))
      .prepare(),
  };
});

/**
 * Adds the user's review. The reviewer's name comes from the session, never the payload. The answer's totals
 * are read after the insert: they count this review, and any other committed since.
 */
export async function addReview(
  db: Db,
  user: SessionUser,
  contentId: string,
  input: unknown,
): Promise<ReviewResultShape> {
  const { rating, comment } = parseInput(reviewInput, input);
  await hitLimit(db, 'RATE_LIMIT_REVIEW_USER', user.id);
  const writes = reviewWrites(db);
  const review: Review = {
    id: newId(),
    contentId,
    userId: user.id,
    name: user.name,
    rating,
    comment,
    helpful: 0,
    createdAt: new Date(),
  };
  const { rowsAffected } = await writes.insert.run({ ...review, createdAt: review.createdAt.getTime() });
  const [total] = await writes.totals.all({ contentId });
  if (!total) throw notFound('Content not found');
  if (rowsAffected === 0) throw conflict(ALREADY_REVIEWED);
  const average = Math.round(total.rating * 100) / 100;
  return { review: toApiReview(review), numReviews: total.numReviews, numReview: total.numReviews, rating: average };
}

export const REVIEW_NOT_FOUND = 'Review not found';
export const NOT_YOUR_REVIEW = 'You can only change your own review';
export const REVIEW_DELETED = 'Review deleted successfully';

type ReviewTotals = Omit<ReviewResultShape, 'review'>;

/**
 * The review `reviewId`, if `user` may change it: its author, or an admin (whose changes are audited). Its
 * author and content never change, so this read can decide before the write; the write's guard makes sure
 * the review still exists.
 */
async function changeableReview(db: Db, user: SessionUser, reviewId: string) {
  const [review] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  if (review.userId !== user.id && !user.isAdmin) throw forbidden(NOT_YOUR_REVIEW);
  return review;
}

const reviewExists = (id: string) => sql`EXISTS (SELECT 1 FROM ${reviews} WHERE ${reviews.id} = ${id})`;
const actorOf = (user: SessionUser): Actor => ({ kind: 'user', id: user.id, email: user.email });

/**
 * The content's rating and count recounted from its reviews. Inserts and deletes have triggers for this
 * (migration 0001); an edit has none, so it runs this in its own batch, which is one write transaction: the
 * numbers are exact whatever else is written at the same time.
 */
const recountTotals = (db: Db, contentId: string) =>
  db
    .update(contents)
    .set({
      numReviews: sql`(SELECT count(*) FROM ${reviews} WHERE ${reviews.contentId} = ${contentId})`,
      rating: sql`coalesce((SELECT avg(${reviews.rating}) FROM ${reviews} WHERE ${reviews.contentId} = ${contentId}), 0)`,
    })
    .where(eq(contents.id, contentId));

const selectTotals = (db: Db, contentId: string) =>
  db
    .select({ rating: contents.rating, numReviews: contents.numReviews })
    .from(contents)
    .where(eq(contents.id, contentId));

function toTotals(total: { rating: number; numReviews: number } | undefined): ReviewTotals {
  const numReviews = total?.numReviews ?? 0;
  return { numReviews, numReview: numReviews, rating: Math.round((total?.rating ?? 0) * 100) / 100 };
}

/**
 * Who wrote a review, as an audit entry records it: the name it shows and, while it has an author, their id, by
 * which the author's deletion finds the entries that name them (db/accounts/account-traces.ts).
 */
export const authorOf = (review: Pick<Review, 'name' | 'userId'>) => ({
  author: review.name,
  ...(review.userId ? { authorId: review.userId } : {}),
});

/** Runs a review's write batch; a guard refusal means the review was deleted meanwhile. */
async function writeReview<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isGuardFailure(error)) throw notFound(REVIEW_NOT_FOUND);
    throw error;
  }
}

/**
 * Changes a review's rating and comment (the reviewer's name and the date stay). Edits by the author count
 * against the review limit. One batch: the update, the recount, the totals read back and, for an admin,
 * the audit entry.
 */
export async function changeReview(
  db: Db,
  user: SessionUser,
  reviewId: string,
  input: unknown,
): Promise<ReviewResultShape> {
  const review = await changeableReview(db, user, reviewId);
  const { rating, comment } = parseInput(reviewInput, input);
  if (review.userId === user.id) await hitLimit(db, 'RATE_LIMIT_REVIEW_USER', user.id);
  const audit = user.isAdmin
    ? [
        auditEntry(
          db,
          actorOf(user),
          'review.update',
          { type: 'review', id: review.id },
          { contentId: review.contentId, ...authorOf(review), rating, comment },
        ),
      ]
    : [];
  const [, updated, , totals] = await writeReview(() =>
    db.batch([
      guard(db, reviewExists(review.id)),
      db.update(reviews).set({ rating, comment }).where(eq(reviews.id, review.id)).returning(),
      recountTotals(db, review.contentId),
      selectTotals(db, review.contentId),
      ...audit,
    ]),
  );
  return { review: toApiReview(updated[0]!), ...toTotals(totals[0]) };
}

/**
 * Deletes a review; the delete trigger recounts the content. An admin's deletion is audited with what the
 * review said, so a removed abusive review stays on record.
 */
export async function deleteReview(db: Db, user: SessionUser, reviewId: string): Promise<ReviewTotalsShape> {
  const review = await changeableReview(db, user, reviewId);
  const audit = user.isAdmin
    ? [
        auditEntry(
          db,
          actorOf(user),
          'review.delete',
          { type: 'review', id: review.id },
          { contentId: review.contentId, ...authorOf(review), rating: review.rating, comment: review.comment },
        ),
      ]
    : [];
  const [, , totals] = await writeReview(() =>
    db.batch([
      guard(db, reviewExists(review.id)),
      db.delete(reviews).where(eq(reviews.id, review.id)),
      selectTotals(db, review.contentId),
      ...audit,
    ]),
  );
  return { message: REVIEW_DELETED, ...toTotals(totals[0]) };
}
