/**
 * Co-saved pairs (decision 039): how many established users saved both of two contents, read by "Learners who
 * saved this also saved". A save or unsave only queues its user (a trigger, one row); a background job
 * recounts each queued user a while later, one user per batch, from their most recent saves only. So one save
 * costs a constant, a user adds at most a bounded number of pairs, an account made for the purpose counts
 * nothing for days, and no save shows on a page the minute it is made.
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { startBackgroundLoop, type BackgroundLoop } from '../operations/background-loop.ts';
import { withLease } from '../operations/lease.ts';
import { coSaveQueue, users } from '../schema.ts';

/**
 * A pair is shown once this many established users saved both, so no one's saves can be told from a page.
 * The threshold trigger of migration 0044 logs the crossing of the same number.
 */
export const CO_SAVE_MIN_USERS = 5;
/** A user's pairs are those among their this many most recent saves: at most 1,225 pairs a user. */
export const CO_SAVE_RECENT_SAVES = 50;
/** Users recounted in one round of the job, each in a batch of its own. */
const USERS_PER_ROUND = 200;
const LEASE = 'co-saves';
const LEASE_MS = 60_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The statements that make `userId`'s share of co_saves the pairs among their recent saves (none when
 * `counts` is false: an account too new, or gone), moving only the pairs that changed, and take them off the
 * queue. In the caller's batch: one transaction, so a save made meanwhile queues them again.
 */
export function recountStatements(db: Db, userId: string, counts: boolean) {
  const fresh = sql`fresh(content_id) AS (SELECT content_id FROM saves WHERE user_id = ${userId} AND ${counts ? 1 : 0}
    ORDER BY created_at DESC, content_id DESC LIMIT ${CO_SAVE_RECENT_SAVES})`;
  const oldPairs = sql`SELECT a.content_id AS x, b.content_id AS y FROM co_save_members a
    JOIN co_save_members b ON b.user_id = a.user_id AND b.content_id > a.content_id WHERE a.user_id = ${userId}`;
  const newPairs = sql`SELECT a.content_id AS x, b.content_id AS y FROM fresh a JOIN fresh b ON b.content_id > a.content_id`;
  return [
    db.run(
      sql`WITH ${fresh} UPDATE co_saves SET users = users - 1 WHERE (content_a, content_b) IN (${oldPairs} EXCEPT ${newPairs})`,
    ),
    db.run(sql`DELETE FROM co_saves WHERE users <= 0 AND (content_a, content_b) IN (${oldPairs})`),
    db.run(sql`WITH ${fresh} INSERT INTO co_saves(content_a, content_b, users)
      SELECT x, y, 1 FROM (${newPairs} EXCEPT ${oldPairs}) WHERE 1
      ON CONFLICT(content_a, content_b) DO UPDATE SET users = users + 1`),
    db.run(sql`DELETE FROM co_save_members WHERE user_id = ${userId}`),
    db.run(sql`WITH ${fresh} INSERT INTO co_save_members(user_id, content_id) SELECT ${userId}, content_id FROM fresh`),
    db.delete(coSaveQueue).where(eq(coSaveQueue.userId, userId)),
  ] as const;
}

interface Schedule {
  accountAgeMs: number;
  delayMs: number;
}

const configuredSchedule = (): Schedule => ({
  accountAgeMs: config().CO_SAVE_ACCOUNT_DAYS * DAY_MS,
  delayMs: config().CO_SAVE_DELAY_MINUTES * MINUTE_MS,
});

/**
 * Recounts the queued users whose change is old enough (a deleted account's at once), one batch each, yielding
 * to requests between them. A user too new to count keeps none and stays queued until their account is old
 * enough. Answers how many were recounted and whether more are due.
 */
export async function countDueCoSaves(
  db: Db,
  now = Date.now(),
  schedule = configuredSchedule(),
): Promise<{ counted: number; more: boolean }> {
  const due = await db
    .select({ userId: coSaveQueue.userId, createdAt: users.createdAt })
    .from(coSaveQueue)
    .leftJoin(users, eq(users.id, coSaveQueue.userId))
    .where(or(lte(coSaveQueue.changedAt, now - schedule.delayMs), sql`${users.id} IS NULL`))
    .limit(USERS_PER_ROUND);
  for (const { userId, createdAt } of due) {
    const establishedAt = createdAt ? createdAt.getTime() + schedule.accountAgeMs : undefined;
    const counts = establishedAt !== undefined && establishedAt <= now;
    const statements = recountStatements(db, userId, counts);
    // Too new: counted again once established (its change then due at once).
    const keepQueued =
      establishedAt !== undefined && !counts
        ? [db.insert(coSaveQueue).values({ userId, changedAt: establishedAt - schedule.delayMs })]
        : [];
    await db.batch([...statements, ...keepQueued]);
    await yieldToRequests();
  }
  return { counted: due.length, more: due.length === USERS_PER_ROUND };
}

/** Counts every queued user now, whatever the schedule (the demo seed, and tests). */
export async function countAllCoSaves(db: Db): Promise<void> {
  while ((await countDueCoSaves(db, Number.MAX_SAFE_INTEGER, { accountAgeMs: 0, delayMs: 0 })).more);
}

/**
 * The job each server process runs: one process at a time (a lease) recounts what is due, as often as the
 * delay allows (at least every second, at most every minute), at once again while more is due.
 */
export function startCoSaveCounting(db: Db): BackgroundLoop {
  const restMs = Math.min(Math.max(config().CO_SAVE_DELAY_MINUTES * MINUTE_MS, 1000), MINUTE_MS);
  return startBackgroundLoop('Co-saved pairs', restMs, async () => {
    const leased = await withLease(db, LEASE, LEASE_MS, () => countDueCoSaves(db));
    return leased.ran && leased.value.more ? 0 : undefined;
  });
}
