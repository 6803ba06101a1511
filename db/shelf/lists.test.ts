import { eq, gt } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, failure, newUserId, type TestDb } from '../../tests/setup/db.ts';
import { catalogChanges, contents, listItems, lists } from '../schema.ts';
import { newId } from '../ids.ts';
import { insertContentStatements } from '../catalog/content-rows.ts';
import { contentInput } from '../catalog/validation/contents.ts';
import { auditLog, progress, users } from '../schema.ts';
import { exportAccount } from '../account-data/account-export.ts';
import {
  copyList,
  publicListsOf,
  createList,
  deleteList,
  listOwnLists,
  readList,
  readPublicList,
  takeRemovedNotices,
  liftUnpublishing,
  unpublishList,
  updateList,
} from './lists.ts';
import { addListItem, removeListItem, reorderList, updateListNote } from './list-items.ts';
import { clearProgress, listProgress, markProgress } from './progress.ts';
import { ITEMS_PER_LIST, LISTS_PER_USER } from './validation/lists.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

let n = 0;
async function addContent(): Promise<string> {
  const id = newId();
  n++;
  const input = contentInput.parse({
    name: `Course ${n}`,
    slug: `course-${n}-${id}`,
    url: `https://course-${id}.example.org/`,
    description: 'A course.',
    category: ['Web Development'],
    techStack: [],
    type: [],
  });
  await t.db.batch(insertContentStatements(t.db, id, input));
  return id;
}
const user = (name?: string) => newUserId(t.db, name);
const latestChange = async () =>
  (await t.db.select({ seq: catalogChanges.seq }).from(catalogChanges).orderBy(catalogChanges.seq)).at(-1)?.seq ?? 0;
const listChangesAfter = (seq: number) =>
  t.db
    .select()
    .from(catalogChanges)
    .where(gt(catalogChanges.seq, seq))
    .then((rows) => rows.filter((row) => row.kind === 'list'));

describe('lists', () => {
  it('are made from what forms send, private by default, with a slug of their own', async () => {
    const ada = await user();
    const list = await createList(t.db, ada, { name: '  Rust in 30 days ', description: '', isPublic: '' });
    expect(list).toMatchObject({
      name: 'Rust in 30 days',
      description: '',
      isPublic: false,
      numItems: 0,
      owner: { _id: ada, name: 'Ada' },
    });
    expect(list.slug).toMatch(/^rust-in-30-days-[0-9a-f]{8}$/);
    expect(await failure(createList(t.db, ada, { name: '   ' }))).toEqual({
      code: 'VALIDATION',
      message: 'Please give the list a name',
    });
  });

  it('of a user are listed in the admin lists’ convention: searched, filtered by visibility, sorted, paged', async () => {
    const ada = await user();
    for (const [name, isPublic] of [
      ['Rust basics', true],
      ['advanced Rust', false],
      ['Go', true],
    ] as const)
      await createList(t.db, ada, { name, isPublic });
    const names = async (params: Record<string, string>) =>
      (await listOwnLists(t.db, ada, params)).lists.map((list) => list.name);
    expect(await names({ sort: 'name' })).toEqual(['advanced Rust', 'Go', 'Rust basics']);
    expect(await names({ search: 'rust', sort: 'name' })).toEqual(['advanced Rust', 'Rust basics']);
    expect(await names({ visibility: 'public', sort: 'name', order: 'desc' })).toEqual(['Rust basics', 'Go']);
    expect(await listOwnLists(t.db, ada, { pageSize: '2', page: '2', sort: 'nonsense' })).toMatchObject({
      page: 2,
      pages: 2,
      total: 3,
      pageSize: 2,
      lists: [{ name: 'Rust basics' }],
    });
  });

  it('hold items in order, with notes, reordered whole', async () => {
    const ada = await user();
    const [a, b, c] = [await addContent(), await addContent(), await addContent()];
    const { _id } = await createList(t.db, ada, { name: 'Web' });
    for (const id of [a, b, c]) await addListItem(t.db, ada, _id, { contentId: id });
    await addListItem(t.db, ada, _id, { contentId: a, note: 'again' });
    await updateListNote(t.db, ada, _id, b!, { note: 'Chapter 3 first' });
    const reordered = await reorderList(t.db, ada, _id, { contentIds: [c, a, b] });
    expect(reordered.items.map((item) => [item.content._id, item.position, item.note])).toEqual([
      [c, 0, ''],
      [a, 1, ''],
      [b, 2, 'Chapter 3 first'],
    ]);
    expect(await failure(reorderList(t.db, ada, _id, { contentIds: [c, a] }))).toMatchObject({ code: 'VALIDATION' });
    expect(await failure(updateListNote(t.db, ada, _id, a!, { note: 'x'.repeat(501) }))).toEqual({
      code: 'VALIDATION',
      message: 'A note must be at most 500 characters',
    });
    expect((await removeListItem(t.db, ada, _id, a!)).items.map((item) => item.content._id)).toEqual([c, b]);
    expect(await failure(addListItem(t.db, ada, _id, { contentId: 'nope' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Content not found',
    });
  });

  it('are private to their owner until made public; only the owner writes', async () => {
    const [ada, bob] = [await user(), await user('Bob')];
    const list = await createList(t.db, ada, { name: 'Mine' });
    expect(await failure(readList(t.db, bob, list._id))).toEqual({ code: 'NOT_FOUND', message: 'List not found' });
    expect(await failure(readPublicList(t.db, list.slug))).toMatchObject({ code: 'NOT_FOUND' });
    await updateList(t.db, ada, list._id, { isPublic: 'true' });
    expect((await readList(t.db, bob, list._id)).name).toBe('Mine');
    expect((await readPublicList(t.db, list.slug))._id).toBe(list._id);
    expect(await failure(updateList(t.db, bob, list._id, { name: 'Theirs' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(addListItem(t.db, bob, list._id, { contentId: await addContent() }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await failure(deleteList(t.db, bob, list._id))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('are copied, items and notes, as a private list of the copier', async () => {
    const [ada, bob] = [await user(), await user('Bob')];
    const content = await addContent();
    const list = await createList(t.db, ada, { name: 'Share me', isPublic: true });
    await addListItem(t.db, ada, list._id, { contentId: content, note: 'Start here' });
    const copy = await copyList(t.db, bob, list._id);
    expect(copy).toMatchObject({ name: 'Share me', isPublic: false, owner: { _id: bob } });
    expect(copy.items.map((item) => [item.content._id, item.note])).toEqual([[content, 'Start here']]);
  });

  it('are limited: 100 a user, 500 items a list, each a clear 409', async () => {
    const ada = await user();
    await t.db.insert(lists).values(
      Array.from({ length: LISTS_PER_USER }, (_, i) => ({
        id: newId(),
        userId: ada,
        slug: `l-${i}-${newId()}`,
        name: `L${i}`,
      })),
    );
    expect(await failure(createList(t.db, ada, { name: 'One more' }))).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('100 lists'),
    });
    const bob = await user('Bob');
    const list = await createList(t.db, bob, { name: 'Big' });
    const ids: string[] = [];
    for (let i = 0; i < ITEMS_PER_LIST; i++) ids.push(newId());
    await t.db.batch(
      ids.flatMap((id, i) =>
        insertContentStatements(
          t.db,
          id,
          contentInput.parse({
            name: `C${i}`,
            slug: `c-${id}`,
            url: `https://c-${id}.example.org/`,
            description: 'A course.',
            category: ['Web Development'],
            techStack: [],
            type: [],
          }),
        ),
      ) as never,
    );
    await t.db.insert(listItems).values(ids.map((contentId, position) => ({ listId: list._id, contentId, position })));
    expect(await failure(addListItem(t.db, bob, list._id, { contentId: await addContent() }))).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('500'),
    });
    expect(await t.db.$count(listItems, eq(listItems.listId, list._id))).toBe(ITEMS_PER_LIST);
  });

  it('lose a content deleted from the catalog, and tell their owner once', async () => {
    const ada = await user();
    const [a, b] = [await addContent(), await addContent()];
    const list = await createList(t.db, ada, { name: 'Soon shorter' });
    await addListItem(t.db, ada, list._id, { contentId: a });
    await addListItem(t.db, ada, list._id, { contentId: b });
    await t.db.delete(contents).where(eq(contents.id, a));
    expect((await listOwnLists(t.db, ada)).lists[0]).toMatchObject({ numItems: 1, removedCount: 1, contentIds: [b] });
    expect(await takeRemovedNotices(t.db, ada)).toBe(1);
    expect(await takeRemovedNotices(t.db, ada)).toBe(0);
  });

  it('log a change to the feed only while public: the list, and the contents whose public lists moved', async () => {
    const ada = await user();
    const content = await addContent();
    const [{ seq }] = await t.db.select({ seq: contents.seq }).from(contents).where(eq(contents.id, content));
    const list = await createList(t.db, ada, { name: 'Quiet' });
    let mark = await latestChange();
    await addListItem(t.db, ada, list._id, { contentId: content });
    expect(await listChangesAfter(mark)).toEqual([]);
    mark = await latestChange();
    await updateList(t.db, ada, list._id, { isPublic: true });
    expect((await listChangesAfter(mark)).map((row) => [row.contentSeq, row.after])).toEqual([
      [null, list._id],
      [seq, list._id],
    ]);
    expect(await publicListsOf(t.db, content)).toEqual({ count: 1, lists: [{ name: 'Quiet', slug: list.slug }] });
    mark = await latestChange();
    await updateListNote(t.db, ada, list._id, content, { note: 'Read twice' });
    expect((await listChangesAfter(mark)).map((row) => row.after)).toEqual([list._id]);
    mark = await latestChange();
    // Its owner renamed: its page names them.
    await t.db.update(users).set({ name: 'Ada L.' }).where(eq(users.id, ada));
    expect((await listChangesAfter(mark)).map((row) => [row.contentSeq, row.after])).toEqual([[null, list._id]]);
    mark = await latestChange();
    // Renamed: the content pages naming it too.
    await updateList(t.db, ada, list._id, { name: 'Loud' });
    expect((await listChangesAfter(mark)).map((row) => row.contentSeq)).toEqual([null, seq]);
    mark = await latestChange();
    await deleteList(t.db, ada, list._id);
    expect((await listChangesAfter(mark)).map((row) => row.contentSeq)).toEqual([null, seq]);
  });

  it('are unpublished by an admin, in the audit log', async () => {
    const ada = await user();
    const list = await createList(t.db, ada, { name: 'Too loud', isPublic: true });
    expect((await unpublishList(t.db, { kind: 'cli', name: 'ops' }, list._id, { reason: 'Shouting' })).isPublic).toBe(
      false,
    );
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'list.unpublish'));
    expect(entry).toMatchObject({ targetType: 'list', targetId: list._id });
  });

  it('stay private while an admin keeps them unpublished, whatever writes them', async () => {
    const ada = await user();
    const list = await createList(t.db, ada, { name: 'Too loud', isPublic: true });
    await unpublishList(t.db, { kind: 'cli', name: 'ops' }, list._id, { reason: 'Shouting' });
    await expect(updateList(t.db, ada, list._id, { isPublic: true })).rejects.toThrow(/Shouting/);
    // The database refuses it too (migration 0046), so no other path can publish it.
    await expect(t.db.update(lists).set({ isPublic: true }).where(eq(lists.id, list._id))).rejects.toMatchObject({
      cause: { message: expect.stringContaining('list_unpublished_by_admin') },
    });
    await liftUnpublishing(t.db, { kind: 'cli', name: 'ops' }, list._id);
    expect((await updateList(t.db, ada, list._id, { isPublic: true })).isPublic).toBe(true);
  });
});

describe('progress', () => {
  it('is marked, changed and cleared; Learning or Done saves the content', async () => {
    const ada = await user();
    const [a, b] = [await addContent(), await addContent()];
    expect((await markProgress(t.db, ada, a, { state: 'want' })).saves.numSaves).toBe(0);
    const marked = await markProgress(t.db, ada, b, { state: ' Done ' });
    expect(marked.saves.saves.map((save) => save._id)).toEqual([b]);
    expect(marked.progress.map((entry) => [entry.contentId, entry.state])).toEqual([
      [b, 'done'],
      [a, 'want'],
    ]);
    await markProgress(t.db, ada, a, { state: 'learning' });
    expect((await listProgress(t.db, ada)).progress.find((entry) => entry.contentId === a)?.state).toBe('learning');
    expect(await failure(markProgress(t.db, ada, a, { state: 'finished' }))).toMatchObject({ code: 'VALIDATION' });
    expect(await failure(markProgress(t.db, ada, 'nope', { state: 'done' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Content not found',
    });
    expect((await clearProgress(t.db, ada, a)).progress.map((entry) => entry.contentId)).toEqual([b]);
  });

  it('marked within one millisecond: the later mark still comes first', async () => {
    const ada = await user();
    const contentIds = [await addContent(), await addContent(), await addContent()];
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-29T12:00:00Z'));
    try {
      for (const contentId of contentIds) await markProgress(t.db, ada, contentId, { state: 'want' });
    } finally {
      now.mockRestore();
    }
    expect((await listProgress(t.db, ada)).progress.map((entry) => entry.contentId)).toEqual(contentIds.toReversed());
  });
});

describe('a user’s lists and progress', () => {
  it('are in their data export and go with their account', async () => {
    const ada = await user();
    const content = await addContent();
    const list = await createList(t.db, ada, { name: 'Kept', description: 'For later', isPublic: true });
    await addListItem(t.db, ada, list._id, { contentId: content, note: 'First' });
    await markProgress(t.db, ada, content, { state: 'learning' });
    const exported = await exportAccount(t.db, ada);
    expect(exported.lists).toEqual([
      expect.objectContaining({
        name: 'Kept',
        description: 'For later',
        isPublic: true,
        items: [expect.objectContaining({ note: 'First', content: expect.objectContaining({ _id: content }) })],
      }),
    ]);
    expect(exported.progress).toEqual([
      expect.objectContaining({ state: 'learning', content: expect.objectContaining({ _id: content }) }),
    ]);
    const mark = await latestChange();
    await t.db.delete(users).where(eq(users.id, ada));
    expect(await t.db.$count(lists)).toBe(0);
    expect(await t.db.$count(listItems)).toBe(0);
    expect(await t.db.$count(progress)).toBe(0);
    expect((await listChangesAfter(mark)).map((row) => row.after)).toEqual([list._id, list._id]);
  });
});
