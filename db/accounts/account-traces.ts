/**
 * What an account leaves outside the rows that go with its user row (decision 042): mail to it, counters and
 * reset requests keyed by its email or id, and the audit log's entries about it and by it. Its deletion, the
 * owner's or an admin's (db/account-data/account-deletion.ts), removes or pseudonymises all of it in its own
 * batch; the audit log keeps only the account's random id, and the housekeeping job below drops that too after
 * DELETED_ID_DAYS.
 */
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { auditLog, outbox, passwordResetRequests, users } from '../schema.ts';
import { startBackgroundLoop, type BackgroundLoop } from '../operations/background-loop.ts';
import { withLease } from '../operations/lease.ts';
import { clearLimitsOf, pruneLimits } from '../operations/rate-limit.ts';
import { knownDevices } from './schema.ts';

/** Who a deleted account was, wherever its email stood as a label (the audit log's admin column, a submission's decider). */
export const DELETED_ACCOUNT = 'Deleted account';
/** What replaces a deleted account's id once DELETED_ID_DAYS have passed. */
const DELETED_ID = 'deleted';
/**
 * How long the audit log keeps a deleted account's id: longer than the 14 nightly backups deploy/ keeps, so an
 * account deleted by mistake can be found in a backup and its history matched to it, and no longer.
 */
export const DELETED_ID_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The audit entry's details that name a person: an account's email and name (and both as they were, `was`). */
const withoutPerson = sql`json_remove(${auditLog.details}, '$.email', '$.name', '$.was')`;

/**
 * Every address the account is known to have had: its own, those its mail went to (a change of email is
 * announced at the former address), and those an admin changed.
 */
async function addressesOf(db: Db, account: { id: string; email: string }): Promise<string[]> {
  const rows = await db.all<{ email: string | null }>(sql`
    SELECT ${outbox.to} AS email FROM ${outbox} WHERE ${outbox.userId} = ${account.id}
    UNION SELECT json_extract(${auditLog.details}, '$.was.email') FROM ${auditLog}
      WHERE ${auditLog.targetType} = 'user' AND ${auditLog.targetId} = ${account.id} AND ${auditLog.action} = 'user.update'`);
  return [...new Set([account.email, ...rows.flatMap((row) => (row.email ? [row.email] : []))])];
}

/**
 * The statements that remove or pseudonymise what names the account outside its own rows, for the batch that
 * deletes it; run them after the deletion's audit entry (whose label they replace too) and before the user row
 * goes. `account` as it is now: what it had before is found from its mail and the audit log.
 */
export async function forgetAccountStatements(db: Db, account: { id: string; email: string }) {
  const actor = `user:${account.id}`;
  const addresses = await addressesOf(db, account);
  return [
    // Every mail to it, at any address it had: a kept reset mail carries a live link, a notice its former address.
    db.delete(outbox).where(eq(outbox.userId, account.id)),
    db.delete(passwordResetRequests).where(inArray(passwordResetRequests.email, addresses)),
    clearLimitsOf(db, [...addresses, account.id]),
    // What admins did to the account: kept, without its email or name.
    db
      .update(auditLog)
      .set({ details: withoutPerson })
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, account.id), isNotNull(auditLog.details))),
    // What it did (as an admin, or deleting itself): kept under its id, without its email.
    db.update(auditLog).set({ actorLabel: DELETED_ACCOUNT }).where(eq(auditLog.actor, actor)),
    // What admins did to its reviews: kept, without the name it wrote them under.
    db
      .update(auditLog)
      .set({ details: sql`json_remove(json_set(${auditLog.details}, '$.author', ${DELETED_ACCOUNT}), '$.authorId')` })
      .where(sql`json_extract(${auditLog.details}, '$.authorId') = ${account.id}`),
  ] as const;
}

/**
 * Drops the ids of accounts deleted more than DELETED_ID_DAYS ago from the audit log: as an actor, as a target
 * and as a list's owner, each replaced by DELETED_ID. One batch; answers how many accounts it forgot.
 */
export async function purgeDeletedAccountIds(db: Db, now = Date.now()): Promise<number> {
  const gone = await db
    .select({ id: auditLog.targetId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'user.delete'),
        lte(auditLog.at, new Date(now - DELETED_ID_DAYS * DAY_MS)),
        eq(auditLog.targetType, 'user'),
        sql`${auditLog.targetId} <> ${DELETED_ID}`,
        sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${auditLog.targetId})`,
      ),
    )
    .limit(500);
  const ids = [...new Set(gone.map((row) => row.id))];
  if (ids.length === 0) return 0;
  await db.batch([
    db
      .update(auditLog)
      .set({ actor: `user:${DELETED_ID}` })
      .where(
        inArray(
          auditLog.actor,
          ids.map((id) => `user:${id}`),
        ),
      ),
    db
      .update(auditLog)
      .set({ details: sql`json_set(${auditLog.details}, '$.owner', ${DELETED_ID})` })
      .where(
        and(eq(auditLog.action, 'list.unpublish'), inArray(sql`json_extract(${auditLog.details}, '$.owner')`, ids)),
      ),
    db
      .update(auditLog)
      .set({ targetId: DELETED_ID })
      .where(and(eq(auditLog.targetType, 'user'), inArray(auditLog.targetId, ids))),
  ]);
  return ids.length;
}

/**
 * What no deletion should leave and time makes stale: mail of accounts that no longer exist (a deletion that
 * forgot it), ended rate-limit windows (they name emails and addresses), expired known devices, and the ids
 * of accounts deleted long enough ago.
 */
export async function keepHouse(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(outbox)
    .where(
      and(isNotNull(outbox.userId), sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${outbox.userId})`),
    );
  await pruneLimits(db);
  await db.delete(knownDevices).where(lte(knownDevices.expiresAt, new Date(now)));
  await purgeDeletedAccountIds(db, now);
}

const LEASE = 'account-housekeeping';
const EVERY_MS = 60 * 60 * 1000;

/** Keeps house once an hour, in one process of the deployment at a time (a lease). */
export function startAccountHousekeeping(db: Db): BackgroundLoop {
  return startBackgroundLoop('Account housekeeping', EVERY_MS, async () => {
    await withLease(db, LEASE, 5 * 60 * 1000, () => keepHouse(db));
    return undefined;
  });
}
