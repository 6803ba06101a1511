/**
 * The position a client has seen (db/replication.ts, docs/decisions/044), carried between the app servers of
 * one primary with no sticky sessions: the `db_position` cookie for browsers, the `X-Db-Position` header for
 * bearer clients, which send back what they were given. Every request that brings one is answered from a
 * database that has applied it (front-door.ts catches the process up first); every answer after a write, and
 * every answer to a client that brought one, carries the highest position the client has now seen.
 */
import { config } from '#db/config.ts';
import { SESSION_COOKIE } from './cookie-names.ts';
import type { CatchUp, Replication } from '#db/replication.ts';

export const POSITION_COOKIE = 'db_position';
export const POSITION_HEADER = 'x-db-position';

/**
 * How long a position is kept: every replica pulls every DATABASE_SYNC_INTERVAL (1 s), so a minute is far
 * beyond the time any replica that can reach the primary needs to have it.
 */
const POSITION_MAX_AGE_SECONDS = 60;

/**
 * How long a request waits for the primary to answer before a replica pulls; past it, the replica answers as it
 * is. Over loopback or a private network the primary answers in a few milliseconds, and on two busy cores a few
 * tens; only a primary gone or frozen takes this long.
 */
export const CATCH_UP_BOUND_MS = 500;

const POSITION = /^\d{1,15}$/;
const parse = (value: string | null | undefined): number =>
  value && POSITION.test(value.trim()) ? Number(value.trim()) : 0;

/** The position a request brings (the higher of its cookie and its header), 0 when none. */
export function requestedPosition(cookieHeader: string | null | undefined, header: string | null | undefined): number {
  const cookie = cookieHeader ? /(?:^|;\s*)db_position=([^;]*)/.exec(cookieHeader)?.[1] : undefined;
  return Math.max(parse(cookie), parse(header));
}

const SESSION_COOKIE_SENT = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * Whether a request names an account (a bearer token or a session cookie), valid or not: a signed-in user's
 * answers carry the position they reflect, shared pages too, so their next request, on any server, shows
 * nothing older. A visitor's shared pages stay one copy with no cookie.
 */
export function namesAnAccount(authorization: string | null | undefined, cookieHeader: string | null | undefined) {
  return Boolean(authorization) || SESSION_COOKIE_SENT.test(cookieHeader ?? '');
}

/** The position cookie's attributes; `https` as for the session cookie. */
export function positionCookieOptions(https: boolean) {
  const secure = https || (config().PUBLIC_URL ?? '').startsWith('https:');
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: POSITION_MAX_AGE_SECONDS } as const;
}

/** The Set-Cookie value carrying `position`, for an answer written without Astro (the front door's cached pages). */
export function positionCookie(position: number, https: boolean): string {
  const secure = positionCookieOptions(https).secure ? '; Secure' : '';
  return `${POSITION_COOKIE}=${position}; Path=/; Max-Age=${POSITION_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Brings this process up to the position the request carries, within CATCH_UP_BOUND_MS of waiting for the
 * primary, and says how ('primary': the request's reads must go to the primary).
 */
export async function catchUpTo(replication: Replication | undefined, position: number): Promise<CatchUp | undefined> {
  if (!replication || position === 0) return undefined;
  return replication.catchUp(position, CATCH_UP_BOUND_MS);
}
