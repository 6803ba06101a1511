import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { auditLog, contents, submissions } from '../schema.ts';
import { createEmptyContent, updateContent } from './admin-contents.ts';
import type { Actor } from './audit.ts';
import { approveSubmissions, createSubmission, rejectSubmissions } from './submissions.ts';
import { createUser } from './users.ts';

let t: TestDb;
let userId: string;
beforeEach(async () => {
  t = await createTestDb();
  userId = (await createUser(t.db, { name: 'Sam Submitter', email: 'sam@example.com', password: 'correct horse' })).id;
});
afterEach(() => t.close());

const actor: Actor = { kind: 'cli', name: 'moderator' };
const submit = (name: string, url: string) => createSubmission(t.db, userId, { name, url, description: `${name} in a sentence.` });

describe('bulk moderation', () => {
  it('approves each id on its own: a refused or unknown id does not stop the others', async () => {
    const a = await submit('Alpha', 'https://alpha.example.com');
    const taken = await submit('Taken', 'https://taken.example.com');
    const b = await submit('Beta', 'https://beta.example.com');
    // A content already holds the slug the 'Taken' submission would get.
    const draft = await createEmptyContent(t.db, actor);
    await updateContent(t.db, actor, draft._id, { ...draft, name: 'Other', slug: 'taken', url: 'https://other.example.com', image: 'https://other.example.com/x.png', description: 'x' });

    const outcomes = await approveSubmissions(t.db, actor, [a._id, 'no-such-id', taken._id, b._id]);
    expect(outcomes.map(({ id, outcome, reason }) => ({ id, outcome, reason }))).toEqual([
      { id: a._id, outcome: 'approved', reason: undefined },
      { id: 'no-such-id', outcome: 'not-found', reason: 'Submission not found' },
      { id: taken._id, outcome: 'refused', reason: "The slug 'taken' is already used by another content" },
      { id: b._id, outcome: 'approved', reason: undefined },
    ]);
    expect(outcomes[0]!.content).toMatchObject({ name: 'Alpha', slug: 'alpha' });
    expect((await t.db.select({ id: submissions.id }).from(submissions)).map((s) => s.id)).toEqual([taken._id]);
    expect(await t.db.$count(contents)).toBe(3);
  });

  it('rejects each id on its own and records every rejection', async () => {
    const a = await submit('Alpha', 'https://alpha.example.com');
    const outcomes = await rejectSubmissions(t.db, actor, [a._id, a._id]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['rejected', 'not-found']);
    expect(await t.db.$count(submissions)).toBe(0);
    expect(await t.db.select({ action: auditLog.action, actor: auditLog.actor }).from(auditLog)).toContainEqual({ action: 'submission.reject', actor: 'cli:moderator' });
  });
});
