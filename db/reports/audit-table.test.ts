import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { auditLog, tags, users } from '../schema.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import { listAuditAdmins, listAuditForAdmin } from './audit-table.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const ada: Actor = { kind: 'user', id: 'ada1', email: 'ada@example.com' };
const bob: Actor = { kind: 'user', id: 'bob1', email: 'bob@example.com' };
const terminal: Actor = { kind: 'cli', name: 'ops' };

/** Entries a millisecond apart, oldest first. */
async function record(
  ...entries: Array<Parameters<typeof auditEntry> extends [unknown, ...infer Rest] ? Rest : never>
) {
  const start = Date.now() - 60_000;
  for (const [i, [actor, action, target, details]] of entries.entries()) {
    await auditEntry(t.db, actor, action, target, details);
    await t.db.$client.execute({
      sql: 'UPDATE audit_log SET at = ? WHERE id = (SELECT max(id) FROM audit_log)',
      args: [start + i],
    });
  }
}

describe('the audit list', () => {
  beforeEach(async () => {
    await record(
      [
        ada,
        'submission.reject',
        { type: 'submission', id: 's1' },
        { name: 'Python Crash', url: 'https://py.example.org/', reason: 'spam' },
      ],
      [
        bob,
        'review.delete',
        { type: 'review', id: 'r1' },
        { contentId: 'c1', author: 'Grace', rating: 1, comment: '100% off_topic' },
      ],
      [terminal, 'db.seed', { type: 'database', id: 'demo' }, { contents: 3 }],
      [ada, 'user.promote', { type: 'user', id: 'bob1' }, { email: 'bob@example.com' }],
      [ada, 'tag.create', { type: 'tag', id: 'category:go' }, { label: 'Go' }],
    );
  });

  it('is newest first, with each entry’s admin, action, target and details', async () => {
    const list = await listAuditForAdmin(t.db);
    expect(list).toMatchObject({ page: 1, pages: 1, count: 0, total: 5, pageSize: 10 });
    expect(list.entries.map((e) => e.action)).toEqual([
      'tag.create',
      'user.promote',
      'db.seed',
      'review.delete',
      'submission.reject',
    ]);
    expect(list.entries[4]).toMatchObject({
      admin: { id: 'user:ada1', label: 'ada@example.com' },
      target: { type: 'submission', id: 's1' },
      details: { name: 'Python Crash', reason: 'spam' },
    });
    expect(list.entries[2]!.admin).toEqual({ id: 'cli:ops', label: 'ops (cli)' });
    expect(new Date(list.entries[0]!.at).getTime()).toBeGreaterThan(new Date(list.entries[1]!.at).getTime());
  });

  it('filters by action and by admin, together too', async () => {
    expect((await listAuditForAdmin(t.db, { action: 'review.delete' })).entries.map((e) => e.target.id)).toEqual([
      'r1',
    ]);
    expect((await listAuditForAdmin(t.db, { admin: 'user:ada1' })).total).toBe(3);
    expect(
      (await listAuditForAdmin(t.db, { admin: 'user:ada1', action: 'user.promote' })).entries.map((e) => e.target.id),
    ).toEqual(['bob1']);
    expect((await listAuditForAdmin(t.db, { admin: 'user:nobody' })).total).toBe(0);
    // An action it does not know is no filter.
    expect((await listAuditForAdmin(t.db, { action: 'user.explode' })).total).toBe(5);
  });

  it('searches the target and the details, wildcards as plain text', async () => {
    expect((await listAuditForAdmin(t.db, { search: 'python' })).entries.map((e) => e.target.id)).toEqual(['s1']);
    expect((await listAuditForAdmin(t.db, { search: 'category:go' })).entries.map((e) => e.target.id)).toEqual([
      'category:go',
    ]);
    expect((await listAuditForAdmin(t.db, { search: '100%' })).entries.map((e) => e.target.id)).toEqual(['r1']);
    expect((await listAuditForAdmin(t.db, { search: '_' })).entries.map((e) => e.target.id)).toEqual(['r1']);
    // The admin is a filter, not a search.
    expect((await listAuditForAdmin(t.db, { search: 'ada@' })).total).toBe(0);
  });

  it('sorts by action or admin either way, then by time the same way; pages', async () => {
    const byAction = await listAuditForAdmin(t.db, { sort: 'action' });
    expect(byAction.entries.map((e) => e.action)).toEqual([
      'db.seed',
      'review.delete',
      'submission.reject',
      'tag.create',
      'user.promote',
    ]);
    const byAdmin = await listAuditForAdmin(t.db, { sort: 'admin', order: 'desc' });
    expect(byAdmin.entries.map((e) => e.admin.label)).toEqual([
      'ops (cli)',
      'bob@example.com',
      'ada@example.com',
      'ada@example.com',
      'ada@example.com',
    ]);
    expect((await listAuditForAdmin(t.db, { sort: 'admin' })).entries.slice(0, 3).map((e) => e.action)).toEqual([
      'submission.reject',
      'user.promote',
      'tag.create',
    ]);
    const second = await listAuditForAdmin(t.db, { pageSize: '2', page: '2' });
    expect(second).toMatchObject({ page: 2, pages: 3, count: 2 });
    expect(second.entries.map((e) => e.action)).toEqual(['db.seed', 'review.delete']);
    expect((await listAuditForAdmin(t.db, { pageSize: '2', page: '99' })).page).toBe(3);
  });

  it('says which targets still exist', async () => {
    await t.db.insert(users).values({ id: 'bob1', name: 'Bob', email: 'bob@example.com', passwordHash: 'x' });
    await t.db.insert(tags).values({ kind: 'category', value: 'go', label: 'Go' });
    const exists = Object.fromEntries(
      (await listAuditForAdmin(t.db)).entries.map((e) => [e.target.id, e.target.exists]),
    );
    expect(exists).toEqual({ 'category:go': true, bob1: true, demo: false, r1: false, s1: false });
  });

  it('names every admin of the log once, by their latest label', async () => {
    await auditEntry(t.db, { ...ada, email: 'ada@new.example.com' }, 'tag.retire', { type: 'tag', id: 'category:go' });
    expect(await listAuditAdmins(t.db)).toEqual([
      { id: 'user:ada1', label: 'ada@new.example.com' },
      { id: 'user:bob1', label: 'bob@example.com' },
      { id: 'cli:ops', label: 'ops (cli)' },
    ]);
    await t.db.delete(auditLog);
    expect(await listAuditAdmins(t.db)).toEqual([]);
  });

  it('names an admin by their name while their account exists, the recorded label once it is gone', async () => {
    await t.db.insert(users).values({ id: 'ada1', name: 'Ada Lovelace', email: 'ada@example.com', passwordHash: 'x' });
    const admins = (await listAuditForAdmin(t.db)).entries.map((e) => e.admin);
    expect(admins[0]).toEqual({ id: 'user:ada1', label: 'Ada Lovelace', email: 'ada@example.com' });
    // Bob's account is gone (deleted accounts' entries read "Deleted account"), the terminal has none.
    expect(admins.find((a) => a.id === 'user:bob1')).toEqual({ id: 'user:bob1', label: 'bob@example.com' });
    expect(admins.find((a) => a.id === 'cli:ops')).toEqual({ id: 'cli:ops', label: 'ops (cli)' });
    expect(await listAuditAdmins(t.db)).toEqual([
      { id: 'user:ada1', label: 'Ada Lovelace', email: 'ada@example.com' },
      { id: 'user:bob1', label: 'bob@example.com' },
      { id: 'cli:ops', label: 'ops (cli)' },
    ]);
  });

  it('leaves out a person whose only entry is deleting their own account', async () => {
    const carol: Actor = { kind: 'user', id: 'carol1', email: 'deleted account' };
    await auditEntry(t.db, carol, 'user.delete', { type: 'user', id: 'carol1' }, { self: true });
    // An admin deleting another user is an admin's entry.
    await auditEntry(t.db, bob, 'user.delete', { type: 'user', id: 'dave1' });
    expect((await listAuditAdmins(t.db)).map((admin) => admin.id)).toEqual(['user:ada1', 'user:bob1', 'cli:ops']);
  });
});
