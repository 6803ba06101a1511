import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { sessions, users } from '../schema.ts';
import { hashToken } from '../crypto/tokens.ts';
import { createSession, invalidateSession, validateSessionToken } from './sessions.ts';
import { createUser } from './users.ts';

let t: TestDb;
let userId: string;
beforeEach(async () => {
  t = await createTestDb();
  userId = (await createUser(t.db, { name: 'Sam', email: 'sam@example.com', password: 'password123' })).id;
});
afterEach(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

describe('sessions', () => {
  it('use tokens of at least 120 random bits and store only their SHA-256', async () => {
    const { token } = await createSession(t.db, userId);
    expect(token.length * 5).toBeGreaterThanOrEqual(120);
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashToken(token));
    expect(rows[0]!.id).not.toContain(token);
  });

  it('last 30 days', async () => {
    const before = Date.now();
    const { token } = await createSession(t.db, userId);
    const result = await validateSessionToken(t.db, token);
    expect(result!.session.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
  });

  it('are extended to a full term when less than half is left', async () => {
    const { token } = await createSession(t.db, userId);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 10 * DAY) });
    const result = await validateSessionToken(t.db, token);
    expect(result!.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    const [row] = await t.db.select().from(sessions);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('are not extended while more than half is left', async () => {
    const { token } = await createSession(t.db, userId);
    const twentyDays = new Date(Date.now() + 20 * DAY);
    await t.db.update(sessions).set({ expiresAt: twentyDays });
    expect((await validateSessionToken(t.db, token))!.session.expiresAt.getTime()).toBe(twentyDays.getTime());
  });

  it('expire, and an expired one is deleted', async () => {
    const { token } = await createSession(t.db, userId);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1) });
    expect(await validateSessionToken(t.db, token)).toBeNull();
    expect(await t.db.$count(sessions)).toBe(0);
  });

  it('end at sign-out', async () => {
    const { token } = await createSession(t.db, userId);
    await invalidateSession(t.db, hashToken(token));
    expect(await validateSessionToken(t.db, token)).toBeNull();
  });

  it('reject unknown and absurd tokens', async () => {
    expect(await validateSessionToken(t.db, 'nope')).toBeNull();
    expect(await validateSessionToken(t.db, '')).toBeNull();
    expect(await validateSessionToken(t.db, 'x'.repeat(10_000))).toBeNull();
  });

  it('disappear with their user', async () => {
    const { token } = await createSession(t.db, userId);
    await t.db.delete(users).where(eq(users.id, userId));
    expect(await validateSessionToken(t.db, token)).toBeNull();
  });
});
