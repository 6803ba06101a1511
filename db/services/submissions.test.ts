import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { auditLog, contents, submissions } from '../schema.ts';
import { createEmptyContent, updateContent } from './admin-contents.ts';
import type { Actor } from './audit.ts';
import { approveSubmission, approveSubmissions, createSubmission, rejectSubmissions } from './submissions.ts';
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
    // Since it was submitted, a content has come to list the website of 'Taken'.
    const draft = await createEmptyContent(t.db, actor);
    await updateContent(t.db, actor, draft._id, { ...draft, name: 'Other', slug: 'other', url: 'https://taken.example.com', image: 'https://other.example.com/x.png', description: 'x' });

    const outcomes = await approveSubmissions(t.db, actor, [a._id, 'no-such-id', taken._id, b._id]);
    expect(outcomes.map(({ id, outcome, reason }) => ({ id, outcome, reason }))).toEqual([
      { id: a._id, outcome: 'approved', reason: undefined },
      { id: 'no-such-id', outcome: 'not-found', reason: 'Submission not found' },
      { id: taken._id, outcome: 'refused', reason: 'The website https://taken.example.com/ is already listed as another content' },
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

  it('links of one site that derive the same name get numbered slugs, and approving them all succeeds', async () => {
    const sameName = await Promise.all(['https://a.example.org/', 'https://b.example.org/', 'https://c.example.org/x', 'https://d.example.org/'].map((url) => createSubmission(t.db, userId, { url })));
    expect(new Set(sameName.map((s) => s.name))).toEqual(new Set(['Example']));
    const outcomes = await approveSubmissions(t.db, actor, sameName.map((s) => s._id));
    expect(outcomes.map((o) => o.outcome)).toEqual(['approved', 'approved', 'approved', 'approved']);
    expect(outcomes.map((o) => o.content?.slug)).toEqual(['example', 'example-2', 'example-3', 'example-4']);
  });

  it('a slug the admin chose that is taken is a 409, and the submission stays', async () => {
    const first = await submit('Alpha', 'https://alpha.example.com');
    const second = await submit('Beta', 'https://beta.example.com');
    await approveSubmission(t.db, actor, first._id);
    await expect(approveSubmission(t.db, actor, second._id, { slug: 'alpha' })).rejects.toMatchObject({ code: 'CONFLICT', message: "The slug 'alpha' is already used by another content" });
    expect((await t.db.select({ id: submissions.id }).from(submissions)).map((s) => s.id)).toEqual([second._id]);
  });

  it('concurrent approvals of same-named links each get a slug of their own', async () => {
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => createSubmission(t.db, userId, { url: `https://s${i}.example.net/` })));
    const contentsMade = await Promise.all(many.map((s) => approveSubmission(t.db, actor, s._id)));
    expect(new Set(contentsMade.map((c) => c.slug)).size).toBe(6);
  });
});
