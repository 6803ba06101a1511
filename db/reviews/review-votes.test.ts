import { eq, gt } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { auditLog, catalogChanges, contents, reviewReports, reviews, reviewVotes, users } from '../schema.ts';
import { newId } from '../ids.ts';
import { insertContentStatements } from '../catalog/content-rows.ts';
import { contentInput } from '../catalog/validation/contents.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { isAppError } from '../errors.ts';
import { addReview } from './reviews.ts';
import { ownHelpfulVotes, retractHelpful, voteHelpful } from './review-votes.ts';
import { dismissReviewReports, reportReview } from './review-reports.ts';
import { listReviewsForAdmin } from './review-list.ts';
import { exportAccount } from '../account-data/account-export.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (isAppError(error) ? error.code : String(error)),
  );

/** Users written straight into the table (no password hashing: these never sign in). */
async function newUsers(n: number, isAdmin = false): Promise<SessionUser[]> {
  const made = Array.from({ length: n }, (_, i) => ({
    id: newId(),
    name: `User ${i}`,
    email: `u-${newId()}@example.com`,
    passwordHash: 'x',
    isAdmin,
  }));
  await t.db.insert(users).values(made);
  return made.map(({ id, name, email }) => ({ id, name, email, isAdmin }));
}

async function reviewedContent() {
  const contentId = newId();
  const input = contentInput.parse({
    name: 'Votes Course',
    slug: `votes-${contentId}`,
    url: `https://votes-${contentId}.example.org/`,
    description: 'A course.',
    category: ['Web Development'],
    techStack: [],
    type: [],
  });
  await t.db.batch(insertContentStatements(t.db, contentId, input));
  const [author] = await newUsers(1);
  const { review } = await addReview(t.db, author!, contentId, { rating: 4, comment: 'Clear.' });
  return { contentId, author: author!, reviewId: review._id };
}

const helpfulOf = async (id: string) =>
  (await t.db.select({ helpful: reviews.helpful }).from(reviews).where(eq(reviews.id, id)))[0]?.helpful;

describe('helpful votes', () => {
  it('count one per user, are taken back, and are refused on one’s own review or a missing one', async () => {
    const { contentId, author, reviewId } = await reviewedContent();
    const [ann, bob] = await newUsers(2);
    expect(await voteHelpful(t.db, ann!, reviewId)).toEqual({ reviewId, helpful: 1, voted: true });
    expect(await voteHelpful(t.db, ann!, reviewId)).toEqual({ reviewId, helpful: 1, voted: true });
    expect((await voteHelpful(t.db, bob!, reviewId)).helpful).toBe(2);
    expect(await ownHelpfulVotes(t.db, ann!.id, contentId)).toEqual({ reviewIds: [reviewId] });
    expect(await retractHelpful(t.db, ann!, reviewId)).toEqual({ reviewId, helpful: 1, voted: false });
    expect(await retractHelpful(t.db, ann!, reviewId)).toEqual({ reviewId, helpful: 1, voted: false });
    expect(await ownHelpfulVotes(t.db, ann!.id, contentId)).toEqual({ reviewIds: [] });
    expect(await codeOf(voteHelpful(t.db, author, reviewId))).toBe('FORBIDDEN');
    expect(await codeOf(voteHelpful(t.db, ann!, 'no-such-review'))).toBe('NOT_FOUND');
    expect(await codeOf(retractHelpful(t.db, ann!, 'x'.repeat(500)))).toBe('NOT_FOUND');
  });

  it('stay exact under 50 votes at once, and each vote logs a change of its content (its cached page follows)', async () => {
    const { contentId, reviewId } = await reviewedContent();
    const voters = await newUsers(50);
    const [{ seq }] = (await t.db.select({ seq: contents.seq }).from(contents).where(eq(contents.id, contentId))) as [
      { seq: number },
    ];
    const [{ last }] = (await t.db.$client.execute('SELECT coalesce(max(seq), 0) AS last FROM catalog_changes'))
      .rows as unknown as [{ last: number }];
    await Promise.all(voters.map((voter) => voteHelpful(t.db, voter, reviewId)));
    expect(await helpfulOf(reviewId)).toBe(50);
    await Promise.all(voters.slice(0, 20).map((voter) => retractHelpful(t.db, voter, reviewId)));
    expect(await helpfulOf(reviewId)).toBe(30);
    const changes = await t.db
      .select()
      .from(catalogChanges)
      .where(gt(catalogChanges.seq, Number(last)));
    expect(changes.length).toBe(70);
    expect(new Set(changes.map((c) => c.contentSeq))).toEqual(new Set([seq]));
  });

  it('go with the voter’s account, and the count follows', async () => {
    const { reviewId } = await reviewedContent();
    const [ann, bob] = await newUsers(2);
    await voteHelpful(t.db, ann!, reviewId);
    await voteHelpful(t.db, bob!, reviewId);
    await t.db.delete(users).where(eq(users.id, ann!.id));
    expect(await helpfulOf(reviewId)).toBe(1);
    expect(await t.db.$count(reviewVotes)).toBe(1);
  });
});

describe('reports of a review', () => {
  it('take a reason, once per user, never one’s own; the admin list filters and counts them; a dismissal is audited', async () => {
    const { author, reviewId } = await reviewedContent();
    const [ann, bob] = await newUsers(2);
    const [admin] = await newUsers(1, true);
    expect(await codeOf(reportReview(t.db, ann!, reviewId, {}))).toBe('VALIDATION');
    expect(await codeOf(reportReview(t.db, ann!, reviewId, { reason: 'because' }))).toBe('VALIDATION');
    expect(await reportReview(t.db, ann!, reviewId, { reason: 'spam' })).toEqual({ message: expect.any(String) });
    expect(await codeOf(reportReview(t.db, ann!, reviewId, { reason: 'abusive' }))).toBe('CONFLICT');
    await reportReview(t.db, bob!, reviewId, { reason: 'spam' });
    expect(await codeOf(reportReview(t.db, author, reviewId, { reason: 'spam' }))).toBe('FORBIDDEN');
    expect(await codeOf(reportReview(t.db, ann!, 'nope', { reason: 'spam' }))).toBe('NOT_FOUND');

    const reported = await listReviewsForAdmin(t.db, { reported: 'yes' });
    expect(reported.total).toBe(1);
    expect(reported.reviews[0]!.reports).toEqual({
      count: 2,
      reasons: [{ reason: 'spam', label: 'Spam or advertising', count: 2 }],
    });
    expect((await exportAccount(t.db, ann!.id)).reviewReports).toEqual([
      { reviewId, contentId: expect.any(String), reason: 'spam', reportedAt: expect.any(String) },
    ]);

    await dismissReviewReports(t.db, admin!, reviewId);
    expect(await t.db.$count(reviewReports)).toBe(0);
    expect((await listReviewsForAdmin(t.db, { reported: 'yes' })).total).toBe(0);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'review.reports-dismiss'));
    expect(entry).toMatchObject({ actor: `user:${admin!.id}`, targetType: 'review', targetId: reviewId });
    expect(entry!.details).toMatchObject({ reports: 2, reasons: ['spam'] });
  });
});
