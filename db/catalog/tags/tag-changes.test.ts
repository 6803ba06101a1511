import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { newId } from '../../ids.ts';
import { auditLog, contentDrafts, contentTags, contents, submissions, tagAliases } from '../../schema.ts';
import type { Tag } from '../taxonomy.ts';
import { urlKey } from '../urls.ts';
import { parseSearchParams } from '../validation/search.ts';
import { contentInput } from '../validation/contents.ts';
import type { Actor } from '../../operations/audit.ts';
import { searchContents } from '../catalog-reads.ts';
import { insertContentStatements, tagColumns } from '../content-rows.ts';
import { mergeTags, renameTag, setTagStatus } from './tag-changes.ts';
import { addTag, currentTagValues, listTags, settleAdminTags } from './tags.ts';
import { releaseLease, takeLease } from '../../operations/lease.ts';

const ADMIN: Actor = { kind: 'cli', name: 'tester' };
let t: TestDb;
let n = 0;

async function addContent(tags: { category?: string[]; techStack?: string[]; type?: string[] }): Promise<string> {
  const id = newId();
  n++;
  const { data } = await settleAdminTags(
    t.db,
    contentInput.parse({
      name: `Course ${n}`,
      slug: `course-${n}`,
      url: `https://course-${n}.example.org/`,
      description: 'A course.',
      ...tags,
    }),
  );
  await t.db.batch(insertContentStatements(t.db, id, data));
  return id;
}

async function contentById(id: string) {
  const [row] = await t.db.select().from(contents).where(eq(contents.id, id));
  return row!;
}

/** Every copy of every content's tags agrees: the lists, the indexed rows, and the derived columns. */
async function expectTagCopiesAgree() {
  const rows = await t.db.select().from(contents);
  const indexed = await t.db.select().from(contentTags);
  for (const row of rows) {
    expect({ tagLabels: row.tagLabels, tagKey: row.tagKey }).toEqual(tagColumns(row));
    const fromLists = (['category', 'techStack', 'type'] as const)
      .flatMap((kind) => row[kind].map((tag: Tag) => `${kind}:${tag.value}:${tag.label}`))
      .sort();
    const fromIndex = indexed
      .filter((r) => r.contentId === row.id)
      .map((r) => `${r.kind}:${r.value}:${r.label}`)
      .sort();
    expect(fromIndex).toEqual(fromLists);
  }
}

const count = async (params: Record<string, string>) =>
  (await searchContents(t.db, parseSearchParams(params))).countContents;

beforeAll(async () => (t = await createTestDb()));
afterAll(() => t.close());

describe('renaming a tag', () => {
  it('with the same value changes its label everywhere it is shown, and searches find the new label', async () => {
    const id = await addContent({ techStack: ['javascript', 'typescript'] });
    const renamed = await renameTag(t.db, ADMIN, 'techStack', 'javascript', 'JAVASCRIPT');
    expect(renamed).toMatchObject({ kind: 'techStack', value: 'javascript', label: 'JAVASCRIPT', contents: 1 });
    expect((await contentById(id)).techStack).toEqual([
      { label: 'JAVASCRIPT', value: 'javascript' },
      { label: 'TypeScript', value: 'typescript' },
    ]);
    expect((await listTags(t.db)).techStack).toContainEqual({ label: 'JAVASCRIPT', value: 'javascript' });
    expect(await t.db.select().from(tagAliases)).toEqual([]);
    await expectTagCopiesAgree();
  });

  it('with a new value moves every content, draft and pending submission to it, and the old value leads to the new', async () => {
    const ids = [
      await addContent({ techStack: ['node.js'] }),
      await addContent({ techStack: ['express.js', 'node.js'], category: ['web-development'] }),
    ];
    const draft = newId();
    await t.db
      .insert(contentDrafts)
      .values({ id: draft, name: 'Draft', slug: 'draft', techStack: [{ label: 'Node.js', value: 'node.js' }] });
    const pending = newId();
    const decided = newId();
    for (const [id, status] of [
      [pending, 'pending'],
      [decided, 'rejected'],
    ] as const) {
      const url = `https://${id}.example.org/`;
      await t.db.insert(submissions).values({
        id,
        name: 'S',
        slug: id,
        url,
        urlKey: urlKey(url),
        status,
        techStack: [{ label: 'Node.js', value: 'node.js' }],
      });
    }
    const before = await count({ techStack: 'node.js' });

    await renameTag(t.db, ADMIN, 'techStack', 'node.js', 'NodeJS');

    expect(await count({ techStack: 'nodejs' })).toBe(before);
    for (const id of ids)
      expect((await contentById(id)).techStack).toContainEqual({ label: 'NodeJS', value: 'nodejs' });
    const [draftRow] = await t.db.select().from(contentDrafts).where(eq(contentDrafts.id, draft));
    expect(draftRow!.techStack).toEqual([{ label: 'NodeJS', value: 'nodejs' }]);
    const byId = new Map((await t.db.select().from(submissions)).map((s) => [s.id, s]));
    expect(byId.get(pending)!.techStack).toEqual([{ label: 'NodeJS', value: 'nodejs' }]);
    // A decided submission is a record of what was sent: it keeps its words.
    expect(byId.get(decided)!.techStack).toEqual([{ label: 'Node.js', value: 'node.js' }]);
    const current = await currentTagValues(t.db);
    expect(current('techStack', 'node.js')).toBe('nodejs');
    expect(current('techStack', 'nodejs')).toBe('nodejs');
    // The API follows the old value too: a client that filters by it gets the renamed tag's contents.
    expect(await count({ techStack: 'node.js' })).toBe(before);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tag.rename')).orderBy(auditLog.id);
    expect(audit).toBeDefined();
    await expectTagCopiesAgree();
  });

  it('logs one change for all the contents it rewrites, and a later edit of one of them logs its own again', async () => {
    const ids = [
      await addContent({ type: ['gamified-learning'] }),
      await addContent({ type: ['gamified-learning'] }),
      await addContent({ type: ['gamified-learning', 'discussion-forums'] }),
    ];
    const feed = async () =>
      (await t.db.$client.execute('SELECT kind, after FROM catalog_changes ORDER BY seq')).rows.map((row) => [
        row.kind,
        row.after,
      ]);
    const before = (await feed()).length;

    await renameTag(t.db, ADMIN, 'type', 'gamified-learning', 'Learning games');

    // The tag row's own change, and one retag for the three contents.
    expect((await feed()).slice(before)).toEqual([
      ['tags', null],
      ['retag', JSON.stringify(['type', 'gamified-learning', 'learning-games'])],
    ]);
    expect(await t.db.$client.execute('SELECT * FROM catalog_retag')).toHaveProperty('rows', []);
    await t.db.update(contents).set({ name: 'Renamed afterwards' }).where(eq(contents.id, ids[0]!));
    expect((await feed()).at(-1)![0]).toBe('update');
    await expectTagCopiesAgree();
  });

  it('to a value another tag has is a 409 that says to merge, and changes nothing', async () => {
    await expect(renameTag(t.db, ADMIN, 'techStack', 'ruby', 'Rails')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('merge'),
    });
    expect((await listTags(t.db)).techStack).toContainEqual({ label: 'Ruby', value: 'ruby' });
  });

  it('refuses an unknown tag, an unknown kind and an empty label with the reason', async () => {
    await expect(renameTag(t.db, ADMIN, 'techStack', 'cobol', 'COBOL 85')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(renameTag(t.db, ADMIN, 'colour', 'ruby', 'Red')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(renameTag(t.db, ADMIN, 'techStack', 'ruby', ' -- ')).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

describe('a rename or merge of more contents than a slice', () => {
  const feed = async () =>
    (await t.db.$client.execute('SELECT kind, after FROM catalog_changes ORDER BY seq')).rows.map((row) => [
      row.kind,
      row.after,
    ]);

  it('moves them a slice at a time, and logs only the one retag change once all are moved', async () => {
    await addTag(t.db, ADMIN, 'type', 'Walkthroughs');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await addContent({ type: ['walkthroughs', ...(i % 2 ? ['podcasts'] : [])] }));
    const before = (await feed()).length;

    await renameTag(t.db, ADMIN, 'type', 'walkthroughs', 'Guided tours', { sliceContents: 2 });

    expect((await feed()).slice(before)).toEqual([
      ['tags', null],
      ['retag', JSON.stringify(['type', 'walkthroughs', 'guided-tours'])],
    ]);
    for (const id of ids)
      expect((await contentById(id)).type).toContainEqual({ label: 'Guided tours', value: 'guided-tours' });
    expect(await count({ type: 'guided-tours' })).toBe(7);
    expect(await t.db.$client.execute('SELECT * FROM catalog_retag')).toHaveProperty('rows', []);
    await expectTagCopiesAgree();
  });

  it('of the label alone moves each content once and leaves none behind', async () => {
    await addTag(t.db, ADMIN, 'type', 'Labs');
    for (let i = 0; i < 5; i++) await addContent({ type: ['labs'] });

    await renameTag(t.db, ADMIN, 'type', 'labs', 'LABS', { sliceContents: 2 });

    const labels = await t.db.$client.execute("SELECT DISTINCT label FROM content_tags WHERE value = 'labs'");
    expect(labels.rows.map((row) => row.label)).toEqual(['LABS']);
    expect(await count({ type: 'labs' })).toBe(5);
    await expectTagCopiesAgree();
  });

  it('tells how many contents have moved of how many, once it starts and after each slice', async () => {
    await addTag(t.db, ADMIN, 'type', 'Screencasts');
    for (let i = 0; i < 5; i++) await addContent({ type: ['screencasts'] });
    const steps: Array<[number, number]> = [];

    await renameTag(t.db, ADMIN, 'type', 'screencasts', 'Screen recordings', {
      sliceContents: 2,
      onProgress: (moved, total) => steps.push([moved, total]),
    });

    // Two slices of two; the last content moves with the tag's row, in the last transaction.
    expect(steps).toEqual([
      [0, 5],
      [2, 5],
      [4, 5],
    ]);
  });

  it('merges them a slice at a time: a content that carried both keeps one', async () => {
    await addTag(t.db, ADMIN, 'category', 'Sec Ops');
    await addTag(t.db, ADMIN, 'category', 'Security Operations');
    const both = await addContent({ category: ['sec-ops', 'security-operations'] });
    for (let i = 0; i < 4; i++) await addContent({ category: ['sec-ops'] });

    const merged = await mergeTags(t.db, ADMIN, 'category', 'sec-ops', 'security-operations', { sliceContents: 2 });

    expect(merged).toMatchObject({ value: 'security-operations', contents: 5 });
    expect((await contentById(both)).category).toEqual([
      { label: 'Security Operations', value: 'security-operations' },
    ]);
    expect(await count({ category: 'security-operations' })).toBe(5);
    await expectTagCopiesAgree();
  });

  it('is refused with a 409 when another tag takes the new value between its slices, and leaves the tag as it was', async () => {
    await addTag(t.db, ADMIN, 'type', 'Slideshows');
    for (let i = 0; i < 6; i++) await addContent({ type: ['slideshows'] });

    const renaming = renameTag(t.db, ADMIN, 'type', 'slideshows', 'Slide decks', { sliceContents: 1 });
    // Once its first slice is moved, another admin adds the tag it is renaming to, as it rests between slices.
    const moved = async () =>
      Number(
        (await t.db.$client.execute("SELECT count(*) AS n FROM content_tags WHERE value = 'slide-decks'")).rows[0]!.n,
      );
    while ((await moved()) === 0) await new Promise((resolve) => setImmediate(resolve));
    await addTag(t.db, ADMIN, 'type', 'Slide decks');

    await expect(renaming).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('meanwhile') });
    expect((await listTags(t.db)).type).toContainEqual({ label: 'Slideshows', value: 'slideshows' });
    expect(await t.db.$client.execute('SELECT * FROM catalog_retag')).toHaveProperty('rows', []);
  });

  it('merging is refused with a 409 when its target changes between slices, and the merged tag stays', async () => {
    await addTag(t.db, ADMIN, 'type', 'Quizzes');
    await addTag(t.db, ADMIN, 'type', 'Question sets');
    for (let i = 0; i < 6; i++) await addContent({ type: ['quizzes'] });

    const merging = mergeTags(t.db, ADMIN, 'type', 'quizzes', 'question-sets', { sliceContents: 1 });
    const moved = async () =>
      Number(
        (await t.db.$client.execute("SELECT count(*) AS n FROM content_tags WHERE value = 'question-sets'")).rows[0]!.n,
      );
    while ((await moved()) === 0) await new Promise((resolve) => setImmediate(resolve));
    // The target's label changes by another way than a move (which the lease would hold back).
    await t.db.$client.execute(
      "UPDATE tags SET label = 'Question banks' WHERE kind = 'type' AND value = 'question-sets'",
    );

    await expect(merging).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('meanwhile') });
    expect((await listTags(t.db)).type).toContainEqual({ label: 'Quizzes', value: 'quizzes' });
  });

  it('is refused with a 409 while another move holds the lease, and changes nothing', async () => {
    await addTag(t.db, ADMIN, 'type', 'Katas');
    const id = await addContent({ type: ['katas'] });
    expect(await takeLease(t.db, 'tag-move', 'another-process', 60_000)).toBe(true);
    try {
      await expect(renameTag(t.db, ADMIN, 'type', 'katas', 'Code katas')).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('try again'),
      });
      expect((await contentById(id)).type).toEqual([{ label: 'Katas', value: 'katas' }]);
    } finally {
      await releaseLease(t.db, 'tag-move', 'another-process');
    }
    await renameTag(t.db, ADMIN, 'type', 'katas', 'Code katas');
    expect((await contentById(id)).type).toEqual([{ label: 'Code katas', value: 'code-katas' }]);
  });
});

describe('merging tags', () => {
  it('gives every content of the first tag the second (once), removes the first, and its links lead to the second', async () => {
    await addTag(t.db, ADMIN, 'category', 'Frontend');
    await addTag(t.db, ADMIN, 'category', 'Front-end Development');
    const both = await addContent({ category: ['frontend', 'front-end-development', 'data-science'] });
    const only = await addContent({ category: ['frontend'] });
    const into = await addContent({ category: ['front-end-development'] });

    const merged = await mergeTags(t.db, ADMIN, 'category', 'frontend', 'front-end-development');

    expect(merged).toMatchObject({ value: 'front-end-development', contents: 3 });
    expect((await contentById(both)).category).toEqual([
      { label: 'Front-end Development', value: 'front-end-development' },
      { label: 'Data Science', value: 'data-science' },
    ]);
    expect((await contentById(only)).category).toEqual([
      { label: 'Front-end Development', value: 'front-end-development' },
    ]);
    expect((await contentById(into)).category).toEqual([
      { label: 'Front-end Development', value: 'front-end-development' },
    ]);
    expect((await listTags(t.db)).category.map((tag) => tag.value)).not.toContain('frontend');
    expect((await currentTagValues(t.db))('category', 'frontend')).toBe('front-end-development');
    const result = await searchContents(t.db, parseSearchParams({ category: 'front-end-development' }));
    expect(result.countContents).toBe(3);
    expect(result.facets.category['data-science']).toBe(1);
    await expectTagCopiesAgree();
  });

  it('follows earlier renames: a value renamed, then merged, leads to where it ended', async () => {
    await addTag(t.db, ADMIN, 'type', 'Screencasts');
    await addContent({ type: ['screencasts'] });
    await renameTag(t.db, ADMIN, 'type', 'screencasts', 'Video Tutorials');
    await mergeTags(t.db, ADMIN, 'type', 'video-tutorials', 'video-lectures');
    const current = await currentTagValues(t.db);
    expect(current('type', 'screencasts')).toBe('video-lectures');
    expect(current('type', 'video-tutorials')).toBe('video-lectures');
    await expectTagCopiesAgree();
  });

  it('refuses a merge into itself or into a retired tag', async () => {
    await expect(mergeTags(t.db, ADMIN, 'type', 'podcasts', 'podcasts')).rejects.toMatchObject({ code: 'VALIDATION' });
    await setTagStatus(t.db, ADMIN, 'type', 'webinars', 'retired');
    await expect(mergeTags(t.db, ADMIN, 'type', 'podcasts', 'webinars')).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('restore'),
    });
    await setTagStatus(t.db, ADMIN, 'type', 'webinars', 'active');
  });
});

describe('retiring a tag', () => {
  it('stops offering it, while the contents that carry it keep it and its filter still works; restoring offers it again', async () => {
    const id = await addContent({ category: ['cybersecurity'] });
    const before = await count({ category: 'cybersecurity' });
    const retired = await setTagStatus(t.db, ADMIN, 'category', 'cybersecurity', 'retired');
    expect(retired).toMatchObject({ status: 'retired', contents: before });
    expect((await listTags(t.db)).category.map((tag) => tag.value)).not.toContain('cybersecurity');
    expect((await contentById(id)).category).toEqual([{ label: 'Cybersecurity', value: 'cybersecurity' }]);
    expect(await count({ category: 'cybersecurity' })).toBe(before);
    // An edit of a content keeps its retired tag.
    await expect(
      settleAdminTags(
        t.db,
        contentInput.parse({
          name: 'x',
          slug: 'x',
          url: 'https://x.example.org/',
          description: 'x',
          category: ['cybersecurity'],
        }),
      ),
    ).resolves.toMatchObject({ created: [] });
    await expect(addTag(t.db, ADMIN, 'category', 'Cybersecurity')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('restore'),
    });

    await setTagStatus(t.db, ADMIN, 'category', 'cybersecurity', 'active');
    expect((await listTags(t.db)).category.map((tag) => tag.value)).toContain('cybersecurity');
    const actions = (await t.db.select().from(auditLog)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['tag.retire', 'tag.restore']));
  });
});
