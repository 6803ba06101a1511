import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { seedDemo } from '../maintenance/seed/demo.ts';
import {
  createEmptyContent,
  deleteContent,
  findContent,
  getContent,
  listContents,
  updateContent,
} from './content-admin.ts';
import { listContentsForAdmin } from '../reports/content-table.ts';
import { actorId } from '../operations/audit.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await seedDemo(t.db);
});
afterEach(() => t.close());

describe('contents for the terminal', () => {
  it('finds a content by id or by slug', async () => {
    const [newest] = (await listContents(t.db, { limit: 1 })).contents;
    expect(await findContent(t.db, newest!._id)).toEqual(newest);
    expect(await findContent(t.db, newest!.slug)).toEqual(newest);
    await expect(findContent(t.db, 'no-such-thing')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: "No content with the id or slug 'no-such-thing'",
    });
  });

  it('lists the newest first up to the limit, with the total', async () => {
    const listing = await listContents(t.db, { limit: 30 });
    expect(listing.contents).toHaveLength(30);
    expect(listing.total).toBeGreaterThan(100);
    const dates = listing.contents.map((c) => c.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('searches with the catalog’s search across its pages, and says when it corrected a typo', async () => {
    const all = await listContents(t.db, { search: 'python', limit: 1000 });
    expect(all.contents.length).toBe(all.total);
    expect(all.total).toBeGreaterThan(12);
    expect((await listContents(t.db, { search: 'python', limit: 13 })).contents).toEqual(all.contents.slice(0, 13));
    expect((await listContents(t.db, { search: 'pyhton', limit: 5 })).correctedTerm).toBe('python');
  });
});

describe('drafts', () => {
  const actor = { kind: 'cli' as const, name: 'editor' };

  it('a draft saved with a slug another content has is a 409, and stays a draft out of the catalog', async () => {
    const draft = await createEmptyContent(t.db, actor);
    const [taken] = (await listContents(t.db, { limit: 1 })).contents;
    const complete = { ...draft, name: 'Draft Course', url: 'https://draft.example.org/', description: 'Soon.' };
    await expect(updateContent(t.db, actor, draft._id, { ...complete, slug: taken!.slug })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await getContent(t.db, draft._id)).toMatchObject({ status: 'draft' });
    expect((await listContentsForAdmin(t.db, { status: 'published' })).contents.map((c) => c._id)).not.toContain(
      draft._id,
    );
    expect((await listContentsForAdmin(t.db, { status: 'draft' })).contents.map((c) => c._id)).toEqual([draft._id]);
    // Fixed, it is published under the same id.
    expect(await updateContent(t.db, actor, draft._id, { ...complete, slug: 'draft-course' })).toMatchObject({
      _id: draft._id,
      status: 'published',
    });
    expect((await listContentsForAdmin(t.db, { status: 'draft' })).contents).toEqual([]);
  });

  it('a draft with a tag that cannot be one is refused by name, and deleting one leaves the catalog as it was', async () => {
    const draft = await createEmptyContent(t.db, actor);
    const complete = {
      ...draft,
      name: 'Tagged',
      slug: 'tagged',
      url: 'https://tagged.example.org/',
      description: 'x',
      category: ['~~~'],
    };
    await expect(updateContent(t.db, actor, draft._id, complete)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: "'~~~' cannot be a category: a tag needs a letter or a digit",
    });
    const before = (await listContents(t.db, { limit: 1 })).total;
    expect(await deleteContent(t.db, actor, draft._id)).toEqual({ message: 'content deleted successfully' });
    await expect(getContent(t.db, draft._id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await listContents(t.db, { limit: 1 })).total).toBe(before);
  });
});

describe('an admin’s edit names tags as a tag box sends them', () => {
  const actor = { kind: 'cli' as const, name: 'editor' };

  it('folds a typed pair onto our tag, and creates a truly new one in the edit’s batch, audited as tag.create', async () => {
    const [content] = (await listContents(t.db, { limit: 1 })).contents;
    const edited = await updateContent(t.db, actor, content!._id, {
      ...content,
      techStack: [
        { label: 'Go', value: 'Go', __isNew__: true },
        { label: 'Golang', value: 'Golang' },
        { label: 'Zig', value: 'Zig', __isNew__: true },
      ],
    });
    expect(edited.techStack).toEqual([
      { label: 'Go', value: 'go' },
      { label: 'Zig', value: 'zig' },
    ]);
    // This actor's entries: the demo's admin added tags of their own.
    const tagsCreated = "SELECT action, target_id FROM audit_log WHERE action = 'tag.create' AND actor = ?";
    const { rows } = await t.db.$client.execute(tagsCreated, [actorId(actor)]);
    expect(rows.map((row) => [row.action, row.target_id])).toEqual([['tag.create', 'techStack:zig']]);
    // Named again, it is ours now: nothing more is created.
    await updateContent(t.db, actor, content!._id, { ...content, techStack: ['zig'] });
    expect((await t.db.$client.execute(tagsCreated, [actorId(actor)])).rows).toHaveLength(1);
  });
});
