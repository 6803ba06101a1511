/**
 * Leases: one row per job that only one process of a deployment may run at a time. Taking one is a single
 * upsert that succeeds only when the row is free, lapsed or already ours, so two processes racing for it
 * cannot both win; the holder renews it while it works, and a process that dies loses it when it lapses.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { leases } from '../schema.ts';

/** This process, as a lease's holder: readable (host and pid) and unique (a random suffix). */
export const processHolder = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** Takes (or renews) the lease `name` for `ttlMs`; false when another holder's lease has not lapsed. */
export async function takeLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = Date.now();
  const rows = await db
    .insert(leases)
    .values({ name, holder, expiresAt: new Date(now + ttlMs) })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt: new Date(now + ttlMs) },
      setWhere: sql`${leases.expiresAt} <= ${now} OR ${leases.holder} = ${holder}`,
    })
    .returning({ holder: leases.holder });
  return rows.length === 1;
}

/** Gives the lease up (if it is still ours), so the next process need not wait for it to lapse. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db
    .update(leases)
    .set({ expiresAt: new Date(0) })
    .where(and(eq(leases.name, name), eq(leases.holder, holder)));
}

export async function currentLease(db: Db, name: string): Promise<{ holder: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ holder: leases.holder, expiresAt: leases.expiresAt })
    .from(leases)
    .where(eq(leases.name, name));
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

export type Leased<T> = { ran: true; value: T } | { ran: false; holder: string; until: Date };

/**
 * Runs `work` while holding the lease `name`, renewing it every third of `ttlMs`. When the lease is held
 * elsewhere nothing runs. If a renewal fails (the lease was lost: this process stalled past it), `lost`
 * is aborted so that the work stops starting new steps.
 */
export async function withLease<T>(
  db: Db,
  name: string,
  ttlMs: number,
  work: (lost: AbortSignal) => Promise<T>,
): Promise<Leased<T>> {
  const holder = processHolder();
  if (!(await takeLease(db, name, holder, ttlMs))) {
    const current = await currentLease(db, name);
    return { ran: false, holder: current?.holder ?? 'another process', until: current?.expiresAt ?? new Date() };
  }
  const lost = new AbortController();
  const renewal = setInterval(() => {
    takeLease(db, name, holder, ttlMs)
      .then((kept) => kept || lost.abort())
      .catch(() => lost.abort());
  }, ttlMs / 3);
  try {
    return { ran: true, value: await work(lost.signal) };
  } finally {
    clearInterval(renewal);
    await releaseLease(db, name, holder).catch(() => undefined);
  }
}
