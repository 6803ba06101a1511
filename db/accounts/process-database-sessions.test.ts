/**
 * The server reads a session on its database file's own connection, through a statement prepared once: what it
 * reads must equal what the client reads from the same file.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useProcessDatabase } from '../../tests/setup/process-database.ts';
import { processDatabasePath } from '../client.ts';
import { sessions } from '../schema.ts';
import { newSession, validateSessionToken } from './sessions.ts';
import { createUser } from './users.ts';

const database = useProcessDatabase();

/** A session of a new user, its columns set as given, used a moment ago (so that reading it writes nothing). */
async function sessionWith(isAdmin: boolean, columns: Partial<typeof sessions.$inferInsert>): Promise<string> {
  const user = await createUser(database.db, {
    name: `Reader ${isAdmin}`,
    email: `reader-${Math.random()}@example.com`,
    password: 'password123',
  });
  const { session, insert } = newSession(database.db, user.id);
  await insert;
  const [row] = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
  await database.db
    .update(sessions)
    .set({ lastUsedAt: new Date(), ...columns })
    .where(eq(sessions.id, row!.id));
  if (isAdmin)
    await database.db.$client.execute({ sql: 'UPDATE users SET is_admin = 1 WHERE id = ?', args: [user.id] });
  return session.token;
}

describe('a session read by the server on its own connection', () => {
  it('equals the client’s read of it, each column and the user, set or empty', async () => {
    expect(processDatabasePath()).toBe(database.path);
    const full = await sessionWith(true, {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
      address: '2001:db8::1',
      twoFactor: 'verify',
    });
    const bare = await sessionWith(false, { userAgent: null, address: null });
    for (const token of [full, bare]) {
      const fast = await validateSessionToken(database.db, token, {}, { pending: true });
      const client = await validateSessionToken(database.other, token, {}, { pending: true });
      expect(fast).not.toBeNull();
      expect(fast).toEqual(client);
    }
    const read = await validateSessionToken(database.db, full, {}, { pending: true });
    expect(read!.user.isAdmin).toBe(true);
    expect(read!.session.twoFactor).toBe('verify');
    expect(read!.session.lastUsedAt).toBeInstanceOf(Date);
  });

  it('answers no session for an unknown token, and none once it is deleted', async () => {
    expect(await validateSessionToken(database.db, 'no-such-token')).toBeNull();
    const token = await sessionWith(false, {});
    expect(await validateSessionToken(database.db, token)).not.toBeNull();
    await database.other.delete(sessions);
    expect(await validateSessionToken(database.db, token)).toBeNull();
  });
});
