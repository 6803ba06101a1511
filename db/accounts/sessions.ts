/**
 * Sessions as Lucia's guide teaches them (lucia-auth.com, "Sessions"): the client holds a random token, the
 * database holds only its SHA-256 as the session id. A session lasts SESSION_DAYS and is extended to a full
 * term when less than half is left.
 */
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { readRow, type Db } from '../client.ts';
import { config } from '../config.ts';
import { perDatabase } from '../per-database.ts';
import { notFound } from '../errors.ts';
import { sessions, users, type Session, type User } from '../schema.ts';
import { generateSecretToken, hashToken } from '../crypto/tokens.ts';
import { plural } from '../validation/text.ts';
import { deviceName } from './user-agents.ts';
import type { SessionListShape } from './contract.ts';

const DAY = 24 * 60 * 60 * 1000;
export const lifetime = () => config().SESSION_DAYS * DAY;

export type SessionUser = Pick<User, 'id' | 'name' | 'email' | 'isAdmin'>;
export interface SessionValidation {
  session: Session;
  user: SessionUser;
}

/** A session the client holds: its token, and when it ends (the cookie's expiry matches the row's). */
export interface OpenedSession {
  token: string;
  expiresAt: Date;
}

/** Who opens or uses a session, as the profile's list of sessions shows it (both unknown to trusted callers: the CLI, tests). */
export interface SessionClient {
  address?: string | undefined;
  userAgent?: string | undefined;
}

/** How stale a session's "last used" (and its address) may be: a request writes it at most this often. */
export const LAST_USED_STEP = 5 * 60 * 1000;
const USER_AGENT_MAX = 500;

/**
 * A new session for the user: its token and end, and the insert that opens it, for callers to run in the
 * same batch as other writes.
 */
export function newSession(db: Db, userId: string, client: SessionClient = {}, twoFactor: Session['twoFactor'] = null) {
  const session: OpenedSession = { token: generateSecretToken(), expiresAt: new Date(Date.now() + lifetime()) };
  return {
    session,
    insert: db.insert(sessions).values({
      id: hashToken(session.token),
      userId,
      expiresAt: session.expiresAt,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
      address: client.address ?? null,
      lastUsedAt: new Date(),
      twoFactor,
    }),
  };
}

/** How long a sign-in may wait for its second factor (or its setup) before it must start again. */
export const PENDING_SIGN_IN_MS = 15 * 60 * 1000;

export async function createSession(db: Db, userId: string, client: SessionClient = {}): Promise<OpenedSession> {
  const { session, insert } = newSession(db, userId, client);
  await insert;
  return session;
}

/**
 * The session with its user, by the token's hash. Every signed-in request reads it, so its SQL is built once
 * per database rather than by drizzle on each request: 94–123 µs a read instead of 190 (100k contents).
 */
const sessionRead = perDatabase((db) =>
  db
    .select({
      session: sessions,
      user: { id: users.id, name: users.name, email: users.email, isAdmin: users.isAdmin },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare(),
);

/** The session read on the process file's own connection, through a statement prepared once (readRow). */
const SESSION_ROW = `SELECT s.id, s.user_id, s.expires_at, s.created_at, s.user_agent, s.address, s.last_used_at,
  s.two_factor, u.name, u.email, u.is_admin FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`;

/**
 * A session and its user by id. Every signed-in request reads it: on the process's database file through a
 * statement prepared once, where the client prepares and maps it anew each time (0.41 → 0.05 ms of CPU on a
 * server between requests, 0.09 → 0.005 ms back to back); elsewhere through the client.
 */
async function readSession(db: Db, sessionId: string): Promise<SessionValidation | undefined> {
  const local = readRow(db, SESSION_ROW, [sessionId]);
  if (local === undefined) return (await sessionRead(db).all({ id: sessionId }))[0];
  if (local.length === 0) return undefined;
  const [id, userId, expiresAt, createdAt, userAgent, address, lastUsedAt, twoFactor, name, email, isAdmin] = local as [
    string,
    string,
    number,
    number,
    string | null,
    string | null,
    number | null,
    string | null,
    string,
    string,
    number,
  ];
  return {
    session: {
      id,
      userId,
      expiresAt: new Date(expiresAt),
      createdAt: new Date(createdAt),
      userAgent,
      address,
      lastUsedAt: lastUsedAt === null ? null : new Date(lastUsedAt),
      twoFactor: twoFactor as Session['twoFactor'],
    },
    user: { id: userId, name, email, isAdmin: Boolean(isAdmin) },
  };
}

/**
 * The user of a live session, or null. The session's end moves a full term on when less than half is left,
 * and its "last used" and address follow the request at most every LAST_USED_STEP, so a busy client costs one
 * write in five minutes, not one a request.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  client: SessionClient = {},
  options: { pending?: boolean } = {},
): Promise<SessionValidation | null> {
  if (!token || token.length > 100) return null;
  const sessionId = hashToken(token);
  const row = await readSession(db, sessionId);
  if (!row) return null;
  const now = Date.now();
  const pending = row.session.twoFactor !== null;
  const waitedTooLong = pending && now - row.session.createdAt.getTime() > PENDING_SIGN_IN_MS;
  if (row.session.expiresAt.getTime() <= now || waitedTooLong) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  // A sign-in still waiting for its second factor is no session, but to the caller that asks for it.
  if (pending && !options.pending) return null;
  const extend = row.session.expiresAt.getTime() - now < lifetime() / 2;
  const seen = now - (row.session.lastUsedAt?.getTime() ?? 0) >= LAST_USED_STEP;
  if (extend || seen) {
    if (extend) row.session.expiresAt = new Date(now + lifetime());
    if (seen) {
      row.session.lastUsedAt = new Date(now);
      if (client.address) row.session.address = client.address;
    }
    await db
      .update(sessions)
      .set({
        expiresAt: row.session.expiresAt,
        ...(seen ? { lastUsedAt: row.session.lastUsedAt, address: row.session.address } : {}),
      })
      .where(eq(sessions.id, sessionId));
  }
  return row;
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user: after a password change or reset, a role change, or the user's deletion. */
export function deleteUserSessions(db: Db, userId: string) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The id the owner sees of a session: derived from the stored hash, so that neither the token nor its hash
 * ever leaves the server (the stored hash is what a bearer of the database would look up).
 */
export const sessionRef = (sessionId: string) => hashToken(`session:${sessionId}`).slice(0, 24);

/** The user's live sessions, last used first, each with its device, address and times; `currentId` is marked. */
export async function describeSessions(
  db: Db,
  userId: string,
  currentId: string | undefined,
): Promise<SessionListShape> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()), isNull(sessions.twoFactor)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  const listed = rows.map((row) => ({
    _id: sessionRef(row.id),
    device: deviceName(row.userAgent),
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
    current: row.id === currentId,
  }));
  // This browser's session first, then the others as they were last used.
  return { sessions: [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)] };
}

/** Ends one of the user's sessions, named as the profile names it (sessionRef); 404 when it is not theirs or gone. */
export async function endSession(
  db: Db,
  userId: string,
  ref: string,
  currentId: string | undefined,
): Promise<{ message: string; current: boolean }> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const found = rows.find((row) => sessionRef(row.id) === ref);
  if (!found) throw notFound(SESSION_NOT_FOUND);
  await db.delete(sessions).where(and(eq(sessions.id, found.id), eq(sessions.userId, userId)));
  return { message: 'Signed out of that session', current: found.id === currentId };
}

export const SESSION_NOT_FOUND = 'That session has already ended';

/** "Sign out everywhere else": ends every session of the user but `currentId`; answers how many ended. */
export async function endOtherSessions(db: Db, userId: string, currentId: string): Promise<{ message: string }> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  const n = ended.length;
  return { message: n === 0 ? 'No other session was open' : `Signed out of ${plural(n, 'other session')}` };
}

/** A user's sessions, newest first: their ids (token hashes: for the caller to compare, never to show) and times. */
export async function listUserSessions(
  db: Db,
  userId: string,
): Promise<Array<Pick<Session, 'id' | 'createdAt' | 'expiresAt'>>> {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
}
