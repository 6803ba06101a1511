/**
 * Reports of a review (docs/product.md#how-things-change): a signed-in user tells the admins a review is spam, abusive, off
 * the subject…, with a reason, once per review and never their own. The admins see the reported ones in their
 * reviews table (reported=yes) and on the dashboard, and dismiss the reports or delete the review, audited.
 */
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { guard, isGuardFailure } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { reviewReports, reviews } from '../schema.ts';
import { parseInput } from '../validation/parse.ts';
import { auditEntry } from '../operations/audit.ts';
import { hitLimit } from '../operations/rate-limit.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { authorOf, REVIEW_NOT_FOUND } from './reviews.ts';
import { reviewReportInput, reviewReportReasonLabel } from './validation/review-reports.ts';
import type { AdminReviewRowShape } from './contract.ts';

export const REVIEW_REPORTED = 'Thanks — an admin will look at this review';
export const ALREADY_REPORTED = 'You already reported this review';
export const OWN_REVIEW_REPORT = 'You cannot report your own review';
export const REPORTS_DISMISSED = 'Reports dismissed';

const reviewExists = (id: string) => sql`EXISTS (SELECT 1 FROM ${reviews} WHERE ${reviews.id} = ${id})`;

/** Reports the review for `user` with a reason (a second report of theirs is a 409); limited per account with votes. */
export async function reportReview(
  db: Db,
  user: SessionUser,
  reviewId: string,
  input: unknown,
): Promise<{ message: string }> {
  const { reason } = parseInput(reviewReportInput, input);
  const [review] = await db
    .select({ id: reviews.id, userId: reviews.userId })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  if (review.userId === user.id) throw forbidden(OWN_REVIEW_REPORT);
  await hitLimit(db, 'RATE_LIMIT_REVIEW_FEEDBACK_USER', user.id);
  try {
    const [, inserted] = await db.batch([
      guard(db, reviewExists(review.id)),
      db
        .insert(reviewReports)
        .values({ reviewId: review.id, userId: user.id, reason })
        .onConflictDoNothing()
        .returning({ reviewId: reviewReports.reviewId }),
    ]);
    if (inserted.length === 0) throw conflict(ALREADY_REPORTED);
  } catch (error) {
    if (isGuardFailure(error)) throw notFound(REVIEW_NOT_FOUND);
    throw error;
  }
  return { message: REVIEW_REPORTED };
}

/** An admin dismisses every report of the review (it stays as it is); audited with what the reports said. */
export async function dismissReviewReports(db: Db, admin: SessionUser, reviewId: string): Promise<{ message: string }> {
  const [review] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  const summary = (await reportSummaries(db, [review.id])).get(review.id) ?? { count: 0, reasons: [] };
  await db.batch([
    db.delete(reviewReports).where(eq(reviewReports.reviewId, review.id)),
    auditEntry(
      db,
      { kind: 'user', id: admin.id, email: admin.email },
      'review.reports-dismiss',
      { type: 'review', id: review.id },
      {
        contentId: review.contentId,
        ...authorOf(review),
        reports: summary.count,
        reasons: summary.reasons.map((r) => r.reason),
      },
    ),
  ]);
  return { message: REPORTS_DISMISSED };
}

/** The reports of one review, as the admin's reviews table shows them. */
type ReportSummary = AdminReviewRowShape['reports'];

/** The reports waiting on each of these reviews: how many, and each reason with its count, most given first. */
export async function reportSummaries(db: Db, reviewIds: readonly string[]): Promise<Map<string, ReportSummary>> {
  const summaries = new Map<string, ReportSummary>();
  if (reviewIds.length === 0) return summaries;
  const rows = await db
    .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason, n: count() })
    .from(reviewReports)
    .where(inArray(reviewReports.reviewId, [...reviewIds]))
    .groupBy(reviewReports.reviewId, reviewReports.reason)
    .orderBy(desc(count()), reviewReports.reason);
  for (const row of rows) {
    const summary = summaries.get(row.reviewId) ?? { count: 0, reasons: [] };
    summary.count += row.n;
    summary.reasons.push({ reason: row.reason, label: reviewReportReasonLabel(row.reason), count: row.n });
    summaries.set(row.reviewId, summary);
  }
  return summaries;
}

/** Every report `userId` made, with the review and content it is about (their data export). */
export async function allOwnReviewReports(db: Db, userId: string) {
  const rows = await db
    .select({
      reviewId: reviewReports.reviewId,
      contentId: reviews.contentId,
      reason: reviewReports.reason,
      createdAt: reviewReports.createdAt,
    })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .where(eq(reviewReports.userId, userId))
    .orderBy(reviewReports.createdAt);
  return rows.map((row) => ({
    reviewId: row.reviewId,
    contentId: row.contentId,
    reason: row.reason,
    reportedAt: row.createdAt.toISOString(),
  }));
}

/** A review has reports waiting (the admin's reported=yes): driven from the few reports, each review found by its key. */
export const isReported = sql`${reviews.id} IN (SELECT ${reviewReports.reviewId} FROM ${reviewReports})`;
/** How many reports wait on a review (the admin's sort by reports). */
export const reportCount = sql`(SELECT count(*) FROM ${reviewReports} WHERE ${reviewReports.reviewId} = ${reviews.id})`;
