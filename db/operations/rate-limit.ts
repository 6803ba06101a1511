/**
 * Abuse limits: fixed-window counters in the database, so every app process counts together. One atomic
 * upsert per counted hit; a caller over the limit gets RATE_LIMITED (429) with the seconds until the window
 * ends.
 */
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config, type RateLimit } from '../config.ts';
import { AppError } from '../errors.ts';
import { bareAddress, embeddedIpv4 } from '../ip-addresses.ts';
import { rateLimits } from '../schema.ts';

export type LimitName =
  | 'RATE_LIMIT_SIGNIN_ACCOUNT'
  | 'RATE_LIMIT_SIGNIN_SLOWDOWN'
  | 'RATE_LIMIT_SIGNIN_IP'
  | 'RATE_LIMIT_SIGNUP_IP'
  | 'RATE_LIMIT_SIGNUP_ACCOUNT'
  | 'RATE_LIMIT_FORGET_ACCOUNT'
  | 'RATE_LIMIT_FORGET_IP'
  | 'RATE_LIMIT_RESET_IP'
  | 'RATE_LIMIT_VERIFY_IP'
  | 'RATE_LIMIT_TWO_FACTOR_USER'
  | 'RATE_LIMIT_VERIFY_MAIL_USER'
  | 'RATE_LIMIT_REVIEW_USER'
  | 'RATE_LIMIT_SUBMISSION_USER'
  | 'RATE_LIMIT_SUBMISSION_CHECK_USER'
  | 'RATE_LIMIT_LINK_REPORT_USER'
  | 'RATE_LIMIT_REVIEW_FEEDBACK_USER'
  | 'RATE_LIMIT_UPLOAD_USER'
  | 'RATE_LIMIT_ACCOUNT_CHANGE_USER'
  | 'RATE_LIMIT_BOOKMARK_IMPORT_USER';

const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

function tooMany(resetAt: number): AppError {
  return new AppError('RATE_LIMITED', TOO_MANY, { retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) });
}

const enabled = () => config().RATE_LIMIT_OFF !== 'true';
const keyOf = (name: LimitName, key: string) => `${name}:${key}`;

/**
 * Counts one event for `key` and refuses it when that makes more than the limit allows. A key already over
 * its limit is refused on a read, without a write: a flood of refused requests costs the database little.
 */
export async function hitLimit(db: Db, name: LimitName, key: string): Promise<void> {
  if (!enabled()) return;
  const { max } = config()[name];
  const spent = await currentWindow(db, name, key);
  if (spent && spent.count >= max) throw tooMany(spent.resetAt);
  const { count, resetAt } = await countEvent(db, name, key);
  if (count > max) throw tooMany(resetAt);
}

/**
 * Counts one event against each limit, all at the same time, and refuses the request when any is spent. On a
 * libSQL server a write waits its turn behind every write sent before it, so two counted one after the other
 * waited twice: a sign-in during a flood of sign-ups waited 1.1 s more for its second count.
 */
export async function hitLimits(db: Db, hits: Array<[name: LimitName, key: string]>): Promise<void> {
  const outcomes = await Promise.allSettled(hits.map(([name, key]) => hitLimit(db, name, key)));
  const refused = outcomes.find((outcome) => outcome.status === 'rejected');
  if (refused) throw refused.reason;
}

/**
 * Counts `n` events for `key` at once (a batch of one user's submissions) and answers how many of them the limit
 * allows: the first `allowed` may go on, and `refusal` (RATE_LIMITED with its wait) is for the rest. Events not
 * allowed are not counted.
 */
export async function hitLimitMany(
  db: Db,
  name: LimitName,
  key: string,
  n: number,
): Promise<{ allowed: number; refusal: AppError | undefined }> {
  if (!enabled() || n === 0) return { allowed: n, refusal: undefined };
  const { max } = config()[name];
  const spent = await currentWindow(db, name, key);
  if (spent && spent.count >= max) return { allowed: 0, refusal: tooMany(spent.resetAt) };
  const id = keyOf(name, key);
  const { count, resetAt } = await addEvents(db, name, id, n);
  const allowed = Math.max(0, Math.min(n, max - (count - n)));
  if (allowed === n) return { allowed, refusal: undefined };
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - ${n - allowed}, 0)` })
    .where(eq(rateLimits.key, id));
  return { allowed, refusal: tooMany(resetAt) };
}

interface Counted {
  count: number;
  resetAt: number;
}

interface Waiting {
  resolve: (counted: Counted) => void;
  reject: (error: unknown) => void;
}

/** Per database: the hits waiting for their key's next write, and the keys with a write under way. */
const pendingHits = new WeakMap<Db, { waiting: Map<string, Waiting[]>; writing: Set<string> }>();

/**
 * Counts one event for `key` in the current window: one atomic upsert, whatever other processes do. The hits
 * on a key that come while its write is under way are counted together by the next one (`count + n`), each
 * told its own place: a flood on one key (one account's requests, one address's sign-ups) is a few writes,
 * not one per request that every other write would queue behind, as it does on a libSQL server.
 */
export function countEvent(db: Db, name: LimitName, key: string): Promise<Counted> {
  let pending = pendingHits.get(db);
  if (!pending) pendingHits.set(db, (pending = { waiting: new Map(), writing: new Set() }));
  const { waiting, writing } = pending;
  const id = keyOf(name, key);
  return new Promise((resolve, reject) => {
    const hits = waiting.get(id);
    if (hits) hits.push({ resolve, reject });
    else waiting.set(id, [{ resolve, reject }]);
    if (!writing.has(id)) void writeHits(db, name, id, waiting, writing);
  });
}

async function writeHits(
  db: Db,
  name: LimitName,
  id: string,
  waiting: Map<string, Waiting[]>,
  writing: Set<string>,
): Promise<void> {
  writing.add(id);
  try {
    for (let hits = waiting.get(id); hits?.length; hits = waiting.get(id)) {
      waiting.delete(id);
      try {
        const { count, resetAt } = await addEvents(db, name, id, hits.length);
        for (const [i, hit] of hits.entries()) hit.resolve({ count: count - hits.length + i + 1, resetAt });
      } catch (error) {
        for (const hit of hits) hit.reject(error);
      }
    }
  } finally {
    writing.delete(id);
  }
}

/** Adds `n` events to the counter `id`, or starts its window over with them when it has ended. */
async function addEvents(db: Db, name: LimitName, id: string, n: number): Promise<Counted> {
  const { windowSeconds }: RateLimit = config()[name];
  const now = Date.now();
  const resetAt = now + windowSeconds * 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: id, count: n, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${n} ELSE ${rateLimits.count} + ${n} END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning();
  return row!;
}

/** The events counted for `key` in the current window (0 when limits are off). */
export async function currentCount(db: Db, name: LimitName, key: string): Promise<number> {
  return enabled() ? ((await currentWindow(db, name, key))?.count ?? 0) : 0;
}

async function currentWindow(
  db: Db,
  name: LimitName,
  key: string,
): Promise<{ count: number; resetAt: number } | undefined> {
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, keyOf(name, key)));
  return row && row.resetAt > Date.now() ? row : undefined;
}

/**
 * What a per-address limit counts under: an IPv4 address as it is; an IPv6 address by its /64, the block
 * one subscriber is given (counted per address, each of its 2^64 addresses would be a fresh counter); an
 * IPv4 address carried in IPv6 (`::ffff:203.0.113.9`) as that IPv4 address.
 */
export function addressGroup(address: string): string {
  const bare = bareAddress(address).toLowerCase();
  if (isIP(bare) !== 6) return bare;
  // In either spelling: ::ffff:203.0.113.9 and ::ffff:cb00:7109 are one client.
  const mapped = embeddedIpv4(bare);
  if (mapped) return mapped;
  const [head = '', tail] = bare.split('::');
  const groups = (text: string) => (text ? text.split(':') : []);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const hextets =
    tail === undefined
      ? before
      : [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after];
  return `${hextets
    .slice(0, 4)
    .map((h) => parseInt(h, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Takes the next turn of `key`, whose turns come `spacingMs` apart: resolves when the turn comes (at once
 * when the last one is that old), or refuses (429, saying when to come back) when the turns already taken
 * reach `maxWaitMs` ahead. The turn is taken by one atomic upsert of a stored "next turn not before" time,
 * so parallel requests queue one behind the other instead of each sleeping the same wait side by side.
 */
export async function waitForTurn(
  db: Db,
  name: LimitName,
  key: string,
  spacingMs: number,
  maxWaitMs: number,
): Promise<void> {
  if (!enabled()) return;
  const turnKey = keyOf(name, `turn:${key}`);
  const now = Date.now();
  const [taken] = await db
    .insert(rateLimits)
    .values({ key: turnKey, count: 1, resetAt: now + spacingMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`${rateLimits.count} + 1`, resetAt: sql`max(${rateLimits.resetAt}, ${now}) + ${spacingMs}` },
      setWhere: sql`max(${rateLimits.resetAt}, ${now}) - ${now} <= ${maxWaitMs}`,
    })
    .returning({ resetAt: rateLimits.resetAt });
  if (!taken) {
    const [queue] = await db
      .select({ resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(eq(rateLimits.key, turnKey));
    throw tooMany((queue?.resetAt ?? now) - maxWaitMs);
  }
  const wait = taken.resetAt - spacingMs - now;
  if (wait > 0) await sleep(wait);
}

/** Forgets the count of `key`, as a statement for the caller's batch (e.g. a sign-in that succeeded). */
export function clearLimit(db: Db, name: LimitName, key: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, keyOf(name, key)));
}

/**
 * Forgets every counter about one of `subjects` (an email, a user id), as a statement for the caller's batch (an
 * account's deletion). A key names its subject after its limit's name: alone (`…:ada@example.com`), as a turn
 * (`…:turn:ada@example.com`), or after an address or a device (`…:203.0.113.9/ada@example.com`).
 */
export function clearLimitsOf(db: Db, subjects: readonly string[]) {
  const subject = sql`substr(${rateLimits.key}, instr(${rateLimits.key}, ':') + 1)`;
  return db
    .delete(rateLimits)
    .where(
      or(
        ...subjects.flatMap((s) => [
          inArray(subject, [s, `turn:${s}`]),
          sql`substr(${subject}, -length(${`/${s}`})) = ${`/${s}`}`,
        ]),
      ),
    );
}

/** Forgets old windows (called now and then, so the table stays small). */
export async function pruneLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < ${Date.now()}`);
}
