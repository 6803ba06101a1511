import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { auditLog, knownDevices, outbox, rateLimits } from '../schema.ts';
import { deleteUserByAdmin } from '../account-data/account-deletion.ts';
import type { Actor } from '../operations/audit.ts';
import { DELETED_ID_DAYS, keepHouse, purgeDeletedAccountIds } from './account-traces.ts';
import { createUserByAdmin, updateUserByAdmin } from './user-admin.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const operator: Actor = { kind: 'cli', name: 'root' };
const DAY = 24 * 60 * 60 * 1000;
const create = (name: string, email: string) =>
  createUserByAdmin(t.db, operator, { name, email, password: 'correct horse' });
const mentioning = (id: string) =>
  t.db
    .select({ actor: auditLog.actor, action: auditLog.action, targetId: auditLog.targetId })
    .from(auditLog)
    .where(
      sql`${auditLog.actor} = ${`user:${id}`} OR ${auditLog.targetId} = ${id} OR json_extract(${auditLog.details}, '$.owner') = ${id}`,
    );

describe("a deleted account's id in the audit log", () => {
  it(`is kept ${DELETED_ID_DAYS} days, then replaced wherever it stands`, async () => {
    const ada = await create('Ada', 'ada@example.com');
    const bob = await create('Bob', 'bob@example.com');
    await updateUserByAdmin(t.db, operator, ada.id, { name: 'Ada L.', email: 'ada@example.org', isAdmin: false });
    // Something Ada did, and a list of hers an admin unpublished.
    await t.db.insert(auditLog).values({
      actor: `user:${ada.id}`,
      actorLabel: 'ada@example.org',
      action: 'tag.create',
      targetType: 'tag',
      targetId: 'category:x',
    });
    await t.db.insert(auditLog).values({
      actor: 'cli:root',
      action: 'list.unpublish',
      targetType: 'list',
      targetId: 'l1',
      details: { name: 'Mine', owner: ada.id },
    });
    await deleteUserByAdmin(t.db, operator, ada.id);
    await deleteUserByAdmin(t.db, operator, bob.id);
    expect(await mentioning(ada.id)).toHaveLength(5);

    // Ada's deletion is older than the term, Bob's is not.
    await t.db
      .update(auditLog)
      .set({ at: new Date(Date.now() - (DELETED_ID_DAYS + 1) * DAY) })
      .where(eq(auditLog.targetId, ada.id));
    expect(await purgeDeletedAccountIds(t.db)).toBe(1);
    expect(await mentioning(ada.id)).toEqual([]);
    expect(await mentioning('deleted')).toEqual(
      expect.arrayContaining([
        { actor: 'user:deleted', action: 'tag.create', targetId: 'category:x' },
        { actor: 'cli:root', action: 'list.unpublish', targetId: 'l1' },
        { actor: 'cli:root', action: 'user.delete', targetId: 'deleted' },
      ]),
    );
    expect(await mentioning(bob.id)).toHaveLength(2);
    // Done once: the next round finds nothing more.
    expect(await purgeDeletedAccountIds(t.db)).toBe(0);
    expect(await purgeDeletedAccountIds(t.db, Date.now() + (DELETED_ID_DAYS + 1) * DAY)).toBe(1);
    expect(await mentioning(bob.id)).toEqual([]);
  });
});

describe('the housekeeping job', () => {
  it('sweeps mail of accounts that no longer exist, ended rate-limit windows and expired devices, and keeps the rest', async () => {
    const ada = await create('Ada', 'ada@example.com');
    await t.db.insert(outbox).values([
      { userId: ada.id, to: 'ada@example.com', subject: 'kept', text: 'x' },
      { userId: 'gone-account', to: 'gone@example.com', subject: 'orphan', text: 'x' },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'RATE_LIMIT_FORGET_ACCOUNT:old@example.com', count: 1, resetAt: Date.now() - 1000 },
      { key: 'RATE_LIMIT_FORGET_ACCOUNT:ada@example.com', count: 1, resetAt: Date.now() + 60_000 },
    ]);
    await t.db.insert(knownDevices).values([
      { id: 'expired', userId: ada.id, expiresAt: new Date(Date.now() - 1000) },
      { id: 'current', userId: ada.id, expiresAt: new Date(Date.now() + DAY) },
    ]);
    await keepHouse(t.db);
    expect((await t.db.select({ subject: outbox.subject }).from(outbox)).map((m) => m.subject)).toEqual(['kept']);
    expect((await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual([
      'RATE_LIMIT_FORGET_ACCOUNT:ada@example.com',
    ]);
    expect((await t.db.select({ id: knownDevices.id }).from(knownDevices)).map((d) => d.id)).toEqual(['current']);
  });
});
