import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { auditLog, outbox, sessions, users } from '../schema.ts';
import {
  adminActor,
  createUserByAdmin,
  listAllUsers,
  LAST_ADMIN,
  sendPasswordResetByAdmin,
  setAdmin,
  updateUserByAdmin,
} from './user-admin.ts';
import type { Actor } from '../operations/audit.ts';
import { createSession } from './sessions.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const operator: Actor = { kind: 'cli', name: 'root' };
const create = (name: string, email: string, isAdmin = false) =>
  createUserByAdmin(t.db, operator, { name, email, password: 'correct horse' }, { isAdmin });
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('accounts managed from the terminal', () => {
  it('records who created an account', async () => {
    const ada = await create('Ada', 'ada@example.com', true);
    expect(
      await t.db
        .select({
          actor: auditLog.actor,
          actorLabel: auditLog.actorLabel,
          action: auditLog.action,
          targetId: auditLog.targetId,
        })
        .from(auditLog),
    ).toEqual([{ actor: 'cli:root', actorLabel: 'root (cli)', action: 'user.create', targetId: ada.id }]);
  });

  it('lists every user, newest first, without password hashes', async () => {
    await create('Ada', 'ada@example.com');
    await create('Bob', 'bob@example.com');
    const list = await listAllUsers(t.db);
    expect(list.map((u) => u.email).sort()).toEqual(['ada@example.com', 'bob@example.com']);
    expect(Object.keys(list[0]!).sort()).toEqual([
      '_id',
      'createdAt',
      'email',
      'emailVerified',
      'isAdmin',
      'name',
      'twoFactorEnabled',
    ]);
  });

  it('acts as an admin only when the email names an existing admin', async () => {
    const ada = await create('Ada', 'ada@example.com', true);
    await create('Bob', 'bob@example.com');
    expect(await adminActor(t.db, 'ADA@example.com')).toEqual({ kind: 'user', id: ada.id, email: 'ada@example.com' });
    expect(await errorOf(adminActor(t.db, 'bob@example.com'))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'bob@example.com is not an admin',
    });
    expect(await errorOf(adminActor(t.db, 'nobody@example.com'))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No user with the email nobody@example.com',
    });
  });

  it('never demotes the last admin', async () => {
    await create('Ada', 'ada@example.com', true);
    expect(await errorOf(setAdmin(t.db, operator, 'ada@example.com', false))).toMatchObject({
      code: 'CONFLICT',
      message: LAST_ADMIN,
    });
  });

  it('a refused demotion writes nothing of its batch: role, email, sessions and audit log stay as they were', async () => {
    const ada = await create('Ada', 'ada@example.com', true);
    await createSession(t.db, ada.id);
    const before = {
      users: await t.db.select().from(users),
      sessions: await t.db.select().from(sessions),
      audit: await t.db.select().from(auditLog),
    };
    const edit = updateUserByAdmin(t.db, operator, ada.id, {
      name: 'Ada L.',
      email: 'ada@example.org',
      isAdmin: false,
    });
    expect(await errorOf(edit)).toMatchObject({ code: 'CONFLICT', message: LAST_ADMIN });
    expect({
      users: await t.db.select().from(users),
      sessions: await t.db.select().from(sessions),
      audit: await t.db.select().from(auditLog),
    }).toEqual(before);
  });

  it('sends a reset link to a known user and records it; an unknown email is an error', async () => {
    const ada = await create('Ada', 'ada@example.com');
    await sendPasswordResetByAdmin(t.db, operator, 'Ada@Example.com');
    expect(await t.db.select({ to: outbox.to }).from(outbox)).toEqual([{ to: 'ada@example.com' }]);
    expect(await t.db.select({ action: auditLog.action, targetId: auditLog.targetId }).from(auditLog)).toContainEqual({
      action: 'user.reset-password',
      targetId: ada.id,
    });
    expect(await errorOf(sendPasswordResetByAdmin(t.db, operator, 'nobody@example.com'))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
