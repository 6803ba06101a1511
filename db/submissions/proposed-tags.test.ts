import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { auditLog, contentTags, submissions, tagAliases, tags } from '../schema.ts';
import type { Actor } from '../operations/audit.ts';
import { reviewProposedTags } from './proposed-tags.ts';
import { approveSubmission } from './submission-decisions.ts';
import { CATALOG_READY } from '../../tests/setup/actors.ts';
import { createSubmission } from './submissions.ts';
import { addTag, listTags } from '../catalog/tags/tags.ts';
import { createUser } from '../accounts/users.ts';

let t: TestDb;
let userId: string;
beforeEach(async () => {
  t = await createTestDb();
  userId = (await createUser(t.db, { name: 'Sam Submitter', email: 'sam@example.com', password: 'correct horse' })).id;
});
afterEach(() => t.close());

const actor: Actor = { kind: 'cli', name: 'moderator' };
let n = 0;
const submit = (fields: Record<string, unknown>) =>
  createSubmission(t.db, userId, {
    url: `https://course-${++n}.example.org/`,
    name: `Course ${n}`,
    ...CATALOG_READY,
    ...fields,
  });
const tagRow = (kind: 'category' | 'techStack' | 'type', value: string) =>
  t.db
    .select()
    .from(tags)
    .where(and(eq(tags.kind, kind), eq(tags.value, value)));

describe('a submission proposes the tags that are not ours', () => {
  it('keeps an unknown pair as a proposal (label cleaned, value by the rule), ours as tags, and makes no tag', async () => {
    const s = await submit({
      techStack: [{ label: 'Python', value: 'python' }, { label: '  Elixir   Lang ', value: 'elixir-lang' }, 'Phoenix'],
      category: [{ label: 'Basket Weaving', value: 'basket-weaving' }],
      type: [],
      description: '',
    });
    expect(s.techStack).toEqual([{ label: 'Python', value: 'python' }]);
    expect(s.proposedTags).toEqual([
      { kind: 'category', label: 'Basket Weaving', value: 'basket-weaving' },
      { kind: 'techStack', label: 'Elixir Lang', value: 'elixir-lang' },
      { kind: 'techStack', label: 'Phoenix', value: 'phoenix' },
    ]);
    // Proposing a category is not leaving it blank.
    expect(s.blankFields).toEqual(['type', 'cost', 'hasCert', 'description']);
    expect(await tagRow('techStack', 'elixir-lang')).toEqual([]);
    expect((await listTags(t.db)).category.map((tag) => tag.value)).not.toContain('basket-weaving');
  });

  it('a retired tag is not offered, so naming it is a proposal; a renamed tag’s old value is the tag it became', async () => {
    await t.db
      .update(tags)
      .set({ status: 'retired' })
      .where(and(eq(tags.kind, 'techStack'), eq(tags.value, 'flutter')));
    await t.db.insert(tagAliases).values({ kind: 'techStack', value: 'golang', target: 'go' });
    const s = await submit({
      techStack: [
        { label: 'Flutter', value: 'flutter' },
        { label: 'golang', value: 'golang' },
      ],
    });
    expect(s.techStack).toEqual([{ label: 'Go', value: 'go' }]);
    expect(s.proposedTags).toEqual([{ kind: 'techStack', label: 'Flutter', value: 'flutter' }]);
    expect((await reviewProposedTags(t.db, s.proposedTags))[0]).toMatchObject({ state: 'retired' });
  });

  it('a tag box’s typed pair ({label, value: what was typed}) is ours when its label names one', async () => {
    const s = await submit({
      techStack: [
        { label: 'Rust', value: 'Rust', __isNew__: true },
        { label: 'PYTHON', value: 'PYTHON' },
      ],
    });
    expect(s.techStack).toEqual([
      { label: 'Rust', value: 'rust' },
      { label: 'Python', value: 'python' },
    ]);
    expect(s.proposedTags).toEqual([]);
  });

  it.each([
    [{ techStack: ['!!!'] }, "'!!!' cannot be a techStack: a tag needs a letter or a digit"],
    [{ type: ['A', 'B', 'C', 'D', 'E', 'F'] }, 'At most 5 new type tags may be proposed with one submission (6 given)'],
    [{ category: ['x'.repeat(101)] }, `A category may have at most 100 characters: '${'x'.repeat(60)}…'`],
  ])('refuses %j, naming what is wrong', async (fields, message) => {
    await expect(submit(fields)).rejects.toMatchObject({ code: 'VALIDATION', message });
    expect(await t.db.$count(submissions)).toBe(0);
  });
});

describe('approving a submission with proposed tags', () => {
  const proposals = { techStack: ['Elixir', 'Golang', 'Zig'], category: ['Web Development', 'Basket Weaving'] };

  it('creates, maps and drops as chosen, in the approval’s batch, with a tag.create audit entry', async () => {
    const s = await submit({ ...proposals, techStack: ['Python', ...proposals.techStack] });
    const review = await reviewProposedTags(t.db, s.proposedTags);
    expect(review.find((p) => p.value === 'golang')).toMatchObject({
      state: 'new',
      suggestion: { label: 'Go', value: 'go' },
    });
    const { content, proposedTags } = await approveSubmission(t.db, actor, s._id, {
      proposedTags: [
        { kind: 'techStack', value: 'elixir', action: 'create' },
        { kind: 'TECHSTACK', label: 'Golang', mapTo: 'Go' },
        { kind: 'techStack', value: 'zig', action: 'Drop' },
        { kind: 'category', value: 'basket-weaving' },
      ],
    });
    expect(content.techStack).toEqual([
      { label: 'Python', value: 'python' },
      { label: 'Elixir', value: 'elixir' },
      { label: 'Go', value: 'go' },
    ]);
    expect(content.category).toEqual([{ label: 'Web Development', value: 'web-development' }]);
    expect(proposedTags.map((p) => `${p.value}:${p.outcome}`)).toEqual([
      'basket-weaving:dropped',
      'elixir:created',
      'golang:mapped',
      'zig:dropped',
    ]);
    expect(await tagRow('techStack', 'elixir')).toMatchObject([{ label: 'Elixir', status: 'active' }]);
    expect(await tagRow('techStack', 'zig')).toEqual([]);
    expect(await tagRow('category', 'basket-weaving')).toEqual([]);
    expect(
      await t.db.select({ value: contentTags.value }).from(contentTags).where(eq(contentTags.contentId, content._id)),
    ).toHaveLength(5);
    const audit = await t.db.select().from(auditLog);
    expect(audit.filter((a) => a.action === 'tag.create')).toMatchObject([
      { targetId: 'techStack:elixir', actor: 'cli:moderator', details: { label: 'Elixir', submission: s._id } },
    ]);
  });

  it('without choices a proposal is dropped, unless it became a tag meanwhile: then it is attached', async () => {
    const s = await submit({ techStack: ['Elixir', 'Zig'] });
    await addTag(t.db, actor, 'techStack', 'Zig');
    const { content, proposedTags } = await approveSubmission(t.db, actor, s._id, { proposedTags: s.proposedTags });
    expect(content.techStack).toEqual([{ label: 'Zig', value: 'zig' }]);
    expect(proposedTags.map((p) => p.outcome)).toEqual(['dropped', 'attached']);
    expect(await tagRow('techStack', 'elixir')).toEqual([]);
  });

  it("'create' for all creates each one once; a value added meanwhile is attached, not created twice", async () => {
    const s = await submit({ techStack: ['Elixir', 'Zig'] });
    await addTag(t.db, actor, 'techStack', 'Zig');
    const { proposedTags } = await approveSubmission(t.db, actor, s._id, { proposedTags: 'CREATE' });
    expect(proposedTags.map((p) => p.outcome)).toEqual(['created', 'attached']);
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'tag.create'))).toBe(2);
  });

  it('two approvals that create the same tag at once: one creates it, the other attaches it', async () => {
    const [a, b] = await Promise.all([submit({ techStack: ['Elixir'] }), submit({ techStack: ['Elixir'] })]);
    const results = await Promise.all(
      [a!, b!].map((s) => approveSubmission(t.db, actor, s._id, { proposedTags: 'create' })),
    );
    expect(results.map((r) => r.proposedTags[0]!.outcome).sort()).toEqual(['attached', 'created']);
    expect(results.every((r) => r.content.techStack.some((tag) => tag.value === 'elixir'))).toBe(true);
  });

  it.each([
    [
      { proposedTags: 'maybe' },
      "proposedTags must be 'create', 'drop', or a list of {kind, value, action: 'create' | 'map' | 'drop', mapTo}",
    ],
    [
      { proposedTags: { techStack: 'create' } },
      "proposedTags must be 'create', 'drop', or a list of {kind, value, action: 'create' | 'map' | 'drop', mapTo}",
    ],
    [
      { proposedTags: [{ kind: 'colour', value: 'elixir', action: 'create' }] },
      'The kind of a proposed tag is one of category, techStack, type',
    ],
    [
      { proposedTags: [{ kind: 'techStack', value: 'cobol', action: 'create' }] },
      "'cobol' is not a techStack proposed with this submission",
    ],
    [
      { proposedTags: [{ kind: 'techStack', value: 'elixir', action: 'rename' }] },
      "What becomes of the proposed techStack 'Elixir' is one of create, map, drop, not 'rename'",
    ],
    [
      { proposedTags: [{ kind: 'techStack', value: 'elixir', action: 'map' }] },
      "Name the techStack to map 'Elixir' to (mapTo)",
    ],
    [
      { proposedTags: [{ kind: 'techStack', value: 'elixir', mapTo: 'Fortran' }] },
      "Unknown techStack 'Fortran' to map 'Elixir' to",
    ],
    [
      {
        proposedTags: [
          { kind: 'techStack', value: 'elixir', action: 'drop' },
          { kind: 'techStack', label: 'Elixir', action: 'create' },
        ],
      },
      "The proposed techStack 'Elixir' is chosen for twice",
    ],
  ])('refuses the choices %j with a 400 naming the problem, and writes nothing', async (body, message) => {
    const s = await submit({ techStack: ['Elixir'] });
    await expect(approveSubmission(t.db, actor, s._id, body)).rejects.toMatchObject({ code: 'VALIDATION', message });
    expect((await t.db.select({ status: submissions.status }).from(submissions))[0]).toEqual({ status: 'pending' });
    expect(await t.db.$count(auditLog)).toBe(0);
  });

  it('creating a proposal whose value was retired meanwhile is a 409; mapping it instead works', async () => {
    const s = await submit({ techStack: ['Elixir'] });
    await addTag(t.db, actor, 'techStack', 'Elixir');
    await t.db
      .update(tags)
      .set({ status: 'retired' })
      .where(and(eq(tags.kind, 'techStack'), eq(tags.value, 'elixir')));
    await expect(approveSubmission(t.db, actor, s._id, { proposedTags: 'create' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: "The techStack 'Elixir' was retired: map the proposal to another tag or drop it",
    });
    const { content } = await approveSubmission(t.db, actor, s._id, {
      proposedTags: [{ kind: 'techStack', value: 'elixir', mapTo: { label: 'Erlang?', value: 'rust' } }],
    });
    expect(content.techStack).toEqual([{ label: 'Rust', value: 'rust' }]);
  });
});
