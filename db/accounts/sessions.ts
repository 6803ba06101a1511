/**
 * Sessions as Lucia's guide teaches them (lucia-auth.com, "Sessions"): the client holds a random token, the
 * database holds only its SHA-256 as the session id. A session lasts SESSION_DAYS and is extended to a full
 * term when less than half is left.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { sessions, users, type Session, type User } from '../schema.ts';
import { generateSecretToken, hashToken } from '../crypto/tokens.ts';

const DAY = 24 * 60 * 60 * 1000;
const lifetime = () => config().SESSION_DAYS * DAY;

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

/**
 * A new session for the user: its token and end, and the insert that opens it, for callers to run in the
 * same batch as other writes.
 */
export function newSession(db: Db, userId: string) {
  const session: OpenedSession = { token: generateSecretToken(), expiresAt: new Date(Date.now() + lifetime()) };
  return {
    session,
    insert: db.insert(sessions).values({ id: hashToken(session.token), userId, expiresAt: session.expiresAt }),
  };
}

export async function createSession(db: Db, userId: string): Promise<OpenedSession> {
  const { session, insert } = newSession(db, userId);
  await insert;
  return session;
}

export async function validateSessionToken(db: Db, token: string): Promise<SessionValidation | null> {
  if (!token || token.length > 100) return null;
  const sessionId = hashToken(token);
  const [row] = await db
    .select({
      session: sessions,
      user: { id: users.id, name: users.name, email: users.email, isAdmin: users.isAdmin },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  if (row.session.expiresAt.getTime() - now < lifetime() / 2) {
    row.session.expiresAt = new Date(now + lifetime());
    await db.update(sessions).set({ expiresAt: row.session.expiresAt }).where(eq(sessions.id, sessionId));
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
