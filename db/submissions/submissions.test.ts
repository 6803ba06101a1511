import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { auditLog, contents, submissions } from '../schema.ts';
import { createEmptyContent, updateContent } from '../catalog/content-admin.ts';
import type { Actor } from '../operations/audit.ts';
import { approveSubmission, rejectSubmission } from './submission-decisions.ts';
import { approveSubmissions, rejectSubmissions } from './submission-bulk.ts';
import { createSubmission, getSubmission } from './submissions.ts';
import { listSubmissions } from './submission-list.ts';
import { createUser } from '../accounts/users.ts';
import { CATALOG_READY } from '../../tests/setup/actors.ts';

let t: TestDb;
let userId: string;
beforeEach(async () => {
  t = await createTestDb();
  userId = (await createUser(t.db, { name: 'Sam Submitter', email: 'sam@example.com', password: 'correct horse' })).id;
});
afterEach(() => t.close());

const actor: Actor = { kind: 'cli', name: 'moderator' };
const submit = (name: string, url: string) =>
  createSubmission(t.db, userId, { ...CATALOG_READY, name, url, description: `${name} in a sentence.` });

describe('bulk moderation', () => {
  it('approves each id on its own: a refused or unknown id does not stop the others', async () => {
    const a = await submit('Alpha', 'https://alpha.example.com');
    const taken = await submit('Taken', 'https://taken.example.com');
    const b = await submit('Beta', 'https://beta.example.com');
    // Since it was submitted, a content has come to list the website of 'Taken'.
    const draft = await createEmptyContent(t.db, actor);
    await updateContent(t.db, actor, draft._id, {
      ...draft,
      name: 'Other',
      slug: 'other',
      url: 'https://taken.example.com',
      image: 'https://other.example.com/x.png',
      description: 'x',
    });

    const outcomes = await approveSubmissions(t.db, actor, [a._id, 'no-such-id', taken._id, b._id]);
    expect(outcomes.map(({ id, outcome, reason }) => ({ id, outcome, reason }))).toEqual([
      { id: a._id, outcome: 'approved', reason: undefined },
      { id: 'no-such-id', outcome: 'not-found', reason: 'Submission not found' },
      {
        id: taken._id,
        outcome: 'refused',
        reason: 'The website https://taken.example.com/ is already listed as another content',
      },
      { id: b._id, outcome: 'approved', reason: undefined },
    ]);
    expect(outcomes[0]!.content).toMatchObject({ name: 'Alpha', slug: 'alpha' });
    expect(
      (await t.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.status, 'pending'))).map(
        (s) => s.id,
      ),
    ).toEqual([taken._id]);
    const approved = await getSubmission(t.db, a._id);
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: 'moderator (cli)',
      contentId: outcomes[0]!.content!._id,
    });
    expect(await t.db.$count(contents)).toBe(3);
  });

  it('rejects each id on its own and records every rejection', async () => {
    const a = await submit('Alpha', 'https://alpha.example.com');
    const outcomes = await rejectSubmissions(t.db, actor, [a._id, a._id, 'no-such-id']);
    expect(outcomes.map((o) => o.outcome)).toEqual(['rejected', 'refused', 'not-found']);
    expect(outcomes[1]!.reason).toBe('Submission was already rejected; nothing changed');
    // Kept as a record of the decision, out of the queue.
    expect(
      await t.db.select({ status: submissions.status, decidedBy: submissions.decidedBy }).from(submissions),
    ).toEqual([{ status: 'rejected', decidedBy: 'moderator (cli)' }]);
    expect((await listSubmissions(t.db)).submissions).toEqual([]);
    expect(await t.db.select({ action: auditLog.action, actor: auditLog.actor }).from(auditLog)).toContainEqual({
      action: 'submission.reject',
      actor: 'cli:moderator',
    });
  });

  it('a rejection keeps its reason and note (a label is read as its code); a reason not of the set changes nothing', async () => {
    const a = await submit('Alpha', 'https://alpha.example.com');
    const b = await submit('Beta', 'https://beta.example.com');
    await expect(rejectSubmissions(t.db, actor, [a._id, b._id], { reason: 'boring' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('Reason must be one of already-listed, duplicate, off-topic'),
    });
    expect((await listSubmissions(t.db)).total).toBe(2);
    await rejectSubmission(t.db, actor, a._id, { reason: 'Off-topic', note: '  We list computer science only.  ' });
    await rejectSubmission(t.db, actor, b._id);
    expect(await getSubmission(t.db, a._id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'off-topic',
      rejectNote: 'We list computer science only.',
    });
    expect(await getSubmission(t.db, b._id)).toMatchObject({
      status: 'rejected',
      rejectReason: null,
      rejectNote: null,
    });
    const [audit] = await t.db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.targetId, a._id));
    expect(audit!.details).toMatchObject({ reason: 'off-topic', note: 'We list computer science only.' });
  });

  it('links of one site that derive the same name get numbered slugs, and approving them all succeeds', async () => {
    const sameName = await Promise.all(
      ['https://example.org/a', 'https://example.org/b', 'https://www.example.org/c', 'https://example.org/d/'].map(
        (url) => createSubmission(t.db, userId, { ...CATALOG_READY, url, name: 'Example Guide' }),
      ),
    );
    expect(new Set(sameName.map((s) => s.name))).toEqual(new Set(['Example Guide']));
    const outcomes = await approveSubmissions(
      t.db,
      actor,
      sameName.map((s) => s._id),
    );
    expect(outcomes.map((o) => o.outcome)).toEqual(['approved', 'approved', 'approved', 'approved']);
    expect(outcomes.map((o) => o.content?.slug)).toEqual([
      'example-guide',
      'example-guide-2',
      'example-guide-3',
      'example-guide-4',
    ]);
  });

  it('a slug the admin chose that is taken gives way to one made from the name, and the approval says so', async () => {
    const first = await submit('Alpha', 'https://alpha.example.com');
    const second = await submit('Beta', 'https://beta.example.com');
    await approveSubmission(t.db, actor, first._id);
    const approval = await approveSubmission(t.db, actor, second._id, { slug: 'alpha' });
    expect(approval.content.slug).toBe('beta');
    expect(approval.slugNotice).toBe("the slug 'alpha' is taken: the content's is 'beta'");
    expect((await listSubmissions(t.db)).submissions).toEqual([]);
  });

  it('concurrent approvals of same-named links each get a slug of their own', async () => {
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createSubmission(t.db, userId, { ...CATALOG_READY, name: 'Same Name', url: `https://s${i}.example.net/` }),
      ),
    );
    const contentsMade = await Promise.all(
      many.map(async (s) => (await approveSubmission(t.db, actor, s._id)).content),
    );
    expect(new Set(contentsMade.map((c) => c.slug)).size).toBe(6);
  });

  it('a submission with cost and certificate left blank stores them as not given, and approval gives the defaults', async () => {
    const blank = await createSubmission(t.db, userId, {
      name: 'Roadmap',
      category: [],
      techStack: [],
      type: [],
      cost: '',
      hasCert: '',
      description: '',
      rating: null,
      url: 'https://roadmap.sh/',
    });
    expect(blank).toMatchObject({
      cost: null,
      hasCert: null,
      status: 'pending',
      blankFields: ['category', 'techStack', 'type', 'cost', 'hasCert', 'description'],
    });
    await expect(approveSubmission(t.db, actor, blank._id)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Not published: “Roadmap” needs a category, a format and a description',
    });
    const { content } = await approveSubmission(t.db, actor, blank._id, CATALOG_READY);
    expect(content).toMatchObject({ cost: 'Free', hasCert: false });
    const chosen = await createSubmission(t.db, userId, {
      url: 'https://exercism.org/',
      cost: 'Free/Paid',
      hasCert: 'true',
    });
    expect(chosen).toMatchObject({
      cost: 'Free/Paid',
      hasCert: true,
      blankFields: ['category', 'techStack', 'type', 'description'],
    });
    await expect(
      approveSubmission(t.db, actor, chosen._id, { ...CATALOG_READY, name: 'exercism.org' }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('needs a name'),
    });
    expect(
      (await approveSubmission(t.db, actor, chosen._id, { ...CATALOG_READY, cost: 'Paid' })).content,
    ).toMatchObject({
      cost: 'Paid',
      hasCert: true,
    });
  });

  it('a decided submission cannot be approved again, and deleting it changes nothing', async () => {
    const a = await submit('Alpha', 'https://alpha.example.com');
    const { content } = await approveSubmission(t.db, actor, a._id);
    await expect(approveSubmission(t.db, actor, a._id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This submission was already approved',
    });
    expect(await rejectSubmission(t.db, actor, a._id)).toEqual({
      message: 'Submission was already approved; nothing changed',
      status: 'approved',
    });
    expect(await t.db.select({ id: contents.id }).from(contents).where(eq(contents.id, content._id))).toHaveLength(1);
  });

  it('an approval, one or in bulk, publishes nothing that lacks a name, a category, a format or a description, and says what', async () => {
    const ready = await submit('Alpha', 'https://alpha.example.com');
    const bare = await createSubmission(t.db, userId, { url: 'https://github.com/someone/async', name: 'github.com' });
    const placeholder = await createSubmission(t.db, userId, {
      ...CATALOG_READY,
      name: 'async await',
      url: 'https://async.example.org/',
      description: 'async await — submitted by a Skillshelf user.',
    });
    const noType = await createSubmission(t.db, userId, {
      ...CATALOG_READY,
      type: [],
      name: 'Beta',
      url: 'https://beta.example.com',
    });
    // The list tells a confirmation beforehand which would be skipped, and why.
    const listed = new Map((await listSubmissions(t.db)).submissions.map((s) => [s._id, s.approvalNeeds]));
    expect([ready, bare, placeholder, noType].map((s) => listed.get(s._id))).toEqual([
      [],
      ['a name', 'a category', 'a format', 'a description'],
      ['a description'],
      ['a format'],
    ]);

    const outcomes = await approveSubmissions(t.db, actor, [ready._id, bare._id, placeholder._id, noType._id]);
    expect(outcomes.map(({ outcome, reason }) => [outcome, reason])).toEqual([
      ['approved', undefined],
      ['refused', 'Not published: “github.com” needs a name, a category, a format and a description'],
      ['refused', 'Not published: “async await” needs a description'],
      ['refused', 'Not published: “Beta” needs a format'],
    ]);
    expect(await t.db.select({ name: contents.name }).from(contents)).toEqual([{ name: 'Alpha' }]);
    expect((await listSubmissions(t.db)).total).toBe(3);
    // Given what it lacks, it is published.
    const { content } = await approveSubmission(t.db, actor, noType._id, { type: ['Online Courses'] });
    expect(content.type.map((tag) => tag.label)).toEqual(['Online Courses']);
  });

  it('a link rejected once may be submitted again', async () => {
    const a = await submit('Alpha', 'https://alpha.example.com');
    await rejectSubmission(t.db, actor, a._id);
    await expect(submit('Alpha', 'https://alpha.example.com/')).resolves.toMatchObject({ status: 'pending' });
    await expect(submit('Alpha', 'https://alpha.example.com')).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
