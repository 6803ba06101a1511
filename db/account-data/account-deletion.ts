/**
 * Deleting an account: by its owner (docs/product.md#how-things-change), confirmed by their password, their reviews anonymised
 * or deleted as they choose; or by an admin, with everything. Their submissions stay without their name; their
 * saves, sessions, known devices, link reports, helpful votes, reports of reviews and reset links go; and what
 * names them elsewhere (mail, counters, reset requests, the audit log, the submissions they decided) is removed
 * or pseudonymised (decision 042). One batch, audited, refused to the last admin.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { guard, isGuardFailure } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, forbidden } from '../errors.ts';
import { auditLog, contents, reviews, submissions, users } from '../schema.ts';
import { parseInput } from '../validation/parse.ts';
import { confirmPassword, getUser } from '../accounts/users.ts';
import { LAST_ADMIN, leavesAnAdmin } from '../accounts/user-admin.ts';
import { DELETED_ACCOUNT, forgetAccountStatements } from '../accounts/account-traces.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { accountDeletionInput } from '../accounts/validation/users.ts';
import { recountStatements } from '../discovery/co-saves.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import { hitLimit } from '../operations/rate-limit.ts';

/** The name an anonymised review shows (docs/product.md#how-things-change). */
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
 * The statements that delete the account and what names it, after the caller's audit entry, for its batch:
 * the submissions it decided as an admin name it by a label, not its email (found by that email or by its
 * entries in the audit log, an email it had before included); then the traces outside this room
 * (forgetAccountStatements), and the user row. Deleting the row takes, by foreign keys, its saves, lists (a
 * public one logs its page gone to the change feed), progress, follows, digest setting and digests sent,
 * sessions, known devices, link reports, helpful votes (their triggers recount those reviews and touch their
 * contents), reports of reviews, reset links and, unless they were anonymised first, its reviews (their delete
 * trigger recounts their contents); submissions and uploads keep no author. Last, its share of the co-saved
 * pairs and its place in their queue.
 */
async function deletionStatements(db: Db, account: { id: string; email: string }) {
  const decided = db
    .select({ id: auditLog.targetId })
    .from(auditLog)
    .where(and(eq(auditLog.actor, `user:${account.id}`), eq(auditLog.targetType, 'submission')));
  return [
    db
      .update(submissions)
      .set({ decidedBy: DELETED_ACCOUNT })
      .where(or(eq(submissions.decidedBy, account.email), inArray(submissions.id, decided))),
    ...(await forgetAccountStatements(db, account)),
    db.delete(users).where(eq(users.id, account.id)),
    // Its share of the co-saved pairs goes now, not at the co-saves job's next round (decision 039).
    ...recountStatements(db, account.id, false),
  ] as const;
}

/**
 * Deletes the account of `user` after checking their password (a wrong one is a 400 on `password`, counted
 * against RATE_LIMIT_ACCOUNT_CHANGE_USER). The audit entry names them by their id alone, as the one who did it.
 * A failure anywhere leaves all of it.
 */
export async function deleteOwnAccount(db: Db, user: SessionUser, input: unknown): Promise<{ message: string }> {
  const { password, reviews: fate } = parseInput(accountDeletionInput, input);
  await hitLimit(db, 'RATE_LIMIT_ACCOUNT_CHANGE_USER', user.id);
  const account = await confirmPassword(db, user.id, password);
  const anonymise =
    fate === 'anonymise'
      ? [
          recountContentsReviewedBy(db, user.id),
          db.update(reviews).set({ userId: null, name: FORMER_MEMBER }).where(eq(reviews.userId, user.id)),
        ]
      : [];
  const deletion = await deletionStatements(db, account);
  try {
    await db.batch([
      guard(db, leavesAnAdmin(user.id)),
      ...anonymise,
      auditEntry(
        db,
        { kind: 'user', id: account.id, email: DELETED_ACCOUNT },
        'user.delete',
        { type: 'user', id: account.id },
        { self: true, reviews: fate === 'anonymise' ? 'anonymised' : 'deleted' },
      ),
      ...deletion,
    ]);
  } catch (error) {
    if (isGuardFailure(error)) throw conflict(LAST_ADMIN);
    throw error;
  }
  return { message: ACCOUNT_DELETED };
}

export const NOT_YOURSELF = 'You cannot delete your own account';

/** An admin deletes a user, their reviews too (docs/product.md#pages Admin users). Not oneself, never the last admin. */
export async function deleteUserByAdmin(db: Db, actor: Actor, id: string): Promise<{ message: string }> {
  if (actor.kind === 'user' && actor.id === id) throw forbidden(NOT_YOURSELF);
  const target = await getUser(db, id);
  const deletion = await deletionStatements(db, target);
  try {
    await db.batch([
      guard(db, leavesAnAdmin(id)),
      auditEntry(db, actor, 'user.delete', { type: 'user', id }),
      ...deletion,
    ]);
  } catch (error) {
    if (isGuardFailure(error)) throw conflict(LAST_ADMIN);
    throw error;
  }
  return { message: 'user deleted successfully' };
}
