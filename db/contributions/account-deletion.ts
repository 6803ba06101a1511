/**
 * A user deletes their own account (docs/product.md §4), confirmed by their password: their reviews are
 * anonymised or deleted, as they choose; their submissions stay without their name; their saves, sessions,
 * link reports, helpful votes, reports of reviews and reset links go. One batch, audited, refused to the last admin.
 */
import { eq, sql } from 'drizzle-orm';
import { guard, isGuardFailure } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict } from '../errors.ts';
import { contents, reviews, users } from '../schema.ts';
import { parseInput } from '../validation/parse.ts';
import { confirmPassword } from '../accounts/users.ts';
import { LAST_ADMIN, leavesAnAdmin } from '../accounts/user-admin.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { accountDeletionInput } from '../accounts/validation/users.ts';
import { auditEntry } from '../operations/audit.ts';
import { hitLimit } from '../operations/rate-limit.ts';

/** The name an anonymised review shows (docs/product.md §4). */
export const FORMER_MEMBER = 'Former member';
export const ACCOUNT_DELETED = 'Your account was deleted';

/**
 * Recounts every content the user reviewed. The numbers do not change when their reviews are anonymised, but
 * the write logs a change of each of those contents in the change feed, so the cached pages that show the
 * reviews' names are dropped (decision 023): the reviews' own rows are not in the feed. Run it before the
 * reviews lose their author.
 */
const recountContentsReviewedBy = (db: Db, userId: string) =>
  db
    .update(contents)
    .set({
      numReviews: sql`(SELECT count(*) FROM ${reviews} WHERE ${reviews.contentId} = ${contents.id})`,
      rating: sql`coalesce((SELECT avg(${reviews.rating}) FROM ${reviews} WHERE ${reviews.contentId} = ${contents.id}), 0)`,
    })
    .where(sql`${contents.id} IN (SELECT ${reviews.contentId} FROM ${reviews} WHERE ${reviews.userId} = ${userId})`);

/**
 * Deletes the account of `user` after checking their password (a wrong one is a 400 on `password`, counted
 * against RATE_LIMIT_ACCOUNT_CHANGE_USER). Deleting the user row takes their saves, lists (a public one logs
 * its page gone to the change feed), progress, follows, digest setting and digests sent, sessions, link reports,
 * helpful votes (their triggers recount those reviews and touch their contents), reports of reviews, reset links
 * and, unless they were anonymised first, their reviews (foreign keys; the reviews' delete
 * trigger recounts their contents); submissions and uploads keep no author. A failure anywhere leaves all of it.
 */
export async function deleteOwnAccount(db: Db, user: SessionUser, input: unknown): Promise<{ message: string }> {
  const { password, reviews: fate } = parseInput(accountDeletionInput, input);
  await hitLimit(db, 'RATE_LIMIT_ACCOUNT_CHANGE_USER', user.id);
  const account = await confirmPassword(db, user.id, password);
  const anonymise =
    fate === 'anonymise'
      ? [recountContentsReviewedBy(db, user.id), db.update(reviews).set({ userId: null, name: FORMER_MEMBER }).where(eq(reviews.userId, user.id))]
      : [];
  try {
    await db.batch([
      guard(db, leavesAnAdmin(user.id)),
      ...anonymise,
      db.delete(users).where(eq(users.id, user.id)),
      auditEntry(
        db,
        { kind: 'user', id: account.id, email: account.email },
        'user.delete',
        { type: 'user', id: account.id },
        { email: account.email, name: account.name, self: true, reviews: fate === 'anonymise' ? 'anonymised' : 'deleted' },
      ),
    ]);
  } catch (error) {
    if (isGuardFailure(error)) throw conflict(LAST_ADMIN);
    throw error;
  }
  return { message: ACCOUNT_DELETED };
}
