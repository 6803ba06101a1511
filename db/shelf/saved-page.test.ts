import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, failure, newUserId, type TestDb } from '../../tests/setup/db.ts';
import { contents, listItems, progress, saves } from '../schema.ts';
import { newId } from '../ids.ts';
import { insertContentStatements } from '../catalog/content-rows.ts';
import { contentInput } from '../catalog/validation/contents.ts';
import { createList } from './lists.ts';
import { addListItem } from './list-items.ts';
import { markProgress } from './progress.ts';
import { saveContent } from './saves.ts';
import { bulkChangeSaves, readSavedPage } from './saved-page.ts';
import { ITEMS_PER_LIST } from './validation/lists.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

/** `count` contents named `${prefix} 1`…, written in one batch; their ids in that order. */
async function addContents(count: number, prefix = 'Course'): Promise<string[]> {
  const ids: string[] = [];
  const statements = [];
  for (let i = 1; i <= count; i++) {
    const id = newId();
    ids.push(id);
    const input = contentInput.parse({
      name: `${prefix} ${i}`,
      slug: `${prefix.toLowerCase()}-${i}-${id}`,
      url: `https://${prefix.toLowerCase()}-${i}.example.org/`,
      description: 'A course.',
      category: ['Web Development'],
      techStack: [],
      type: [],
    });
    statements.push(...insertContentStatements(t.db, id, input));
  }
  await t.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return ids;
}
const user = (name?: string) => newUserId(t.db, name);

describe('the Saved page, a page at a time', () => {
  it('searches, sorts and filters by progress and by list, with the counts of each', async () => {
    const ada = await user();
    const [a, b, c] = await addContents(3);
    await t.db.update(contents).set({ name: 'Zebra Rust' }).where(eq(contents.id, a!));
    await t.db.update(contents).set({ name: 'apple Python', rating: 4.5, numReviews: 2 }).where(eq(contents.id, b!));
    for (const id of [a!, b!, c!]) await saveContent(t.db, ada, id);
    await markProgress(t.db, ada, b!, { state: 'done' });
    await markProgress(t.db, ada, c!, { state: 'want' });
    const list = await createList(t.db, ada, { name: 'Rust path' });
    await addListItem(t.db, ada, list._id, { contentId: a! });

    const all = await readSavedPage(t.db, ada);
    expect(all.saves.map((s) => s._id)).toEqual([c, b, a]);
    expect(all).toMatchObject({ numSaves: 3, total: 3, page: 1, pageSize: 50 });
    expect(all.progressCounts).toEqual({ want: 1, learning: 0, done: 1, none: 1 });
    expect(all.lists).toEqual([{ _id: list._id, name: 'Rust path', count: 1 }]);
    expect(all.saves[0]!.image).toMatch(/^\/images\/placeholder\/.+\.svg$/);

    const names = async (params: Record<string, string>) =>
      (await readSavedPage(t.db, ada, params)).saves.map((s) => s.name);
    expect(await names({ sort: 'name' })).toEqual(['apple Python', 'Course 3', 'Zebra Rust']);
    expect(await names({ sort: 'rating' })).toEqual(['apple Python', 'Course 3', 'Zebra Rust']);
    expect(await names({ sort: 'progress' })).toEqual(['apple Python', 'Course 3', 'Zebra Rust']);
    expect(await names({ sort: 'progress', order: 'asc' })).toEqual(['Zebra Rust', 'Course 3', 'apple Python']);
    expect(await names({ search: 'PYTH' })).toEqual(['apple Python']);
    // The address is searched too, and LIKE's wildcards are taken as themselves.
    expect(await names({ search: 'course-3.example' })).toEqual(['Course 3']);
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ progress: 'none' })).toEqual(['Zebra Rust']);
    expect(await names({ progress: 'DONE' })).toEqual(['apple Python']);
    expect(await names({ list: list._id })).toEqual(['Zebra Rust']);
    const filtered = await readSavedPage(t.db, ada, { search: 'nothing like it' });
    // The counts stay those of all the saves: they label the filters, whatever is chosen.
    expect(filtered).toMatchObject({ total: 0, numSaves: 3, saves: [] });
  });

  it("refuses another's list as a filter, and shows nobody else's saves", async () => {
    const [ada, bob] = [await user('Ada'), await user('Bob')];
    const [a] = await addContents(1);
    await saveContent(t.db, bob, a!);
    const bobs = await createList(t.db, bob, { name: 'Mine' });
    expect(await failure(readSavedPage(t.db, ada, { list: bobs._id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'List not found',
    });
    expect(await readSavedPage(t.db, ada)).toMatchObject({ numSaves: 0, saves: [], lists: [] });
  });

  it('answers the first screen and a search of 2,000 saves quickly', async () => {
    const ada = await user();
    const ids = await addContents(2000);
    const start = Date.now() - 2000 * 60_000;
    await t.db
      .insert(saves)
      .values(ids.map((contentId, i) => ({ userId: ada, contentId, createdAt: new Date(start + i * 60_000) })));
    await t.db
      .insert(progress)
      .values(
        ids
          .slice(0, 600)
          .map((contentId, i) => ({ userId: ada, contentId, state: i % 2 ? 'done' : 'learning' }) as const),
      );
    for (let i = 0; i < 5; i++) await createList(t.db, ada, { name: `List ${i}` });
    await readSavedPage(t.db, ada); // prepared once, as a running server has it

    let began = performance.now();
    const first = await readSavedPage(t.db, ada);
    const firstMs = performance.now() - began;
    expect(first).toMatchObject({ numSaves: 2000, total: 2000, pages: 40 });
    expect(first.saves[0]!.name).toBe('Course 2000');
    expect(first.progressCounts).toEqual({ want: 0, learning: 300, done: 300, none: 1400 });

    began = performance.now();
    const search = await readSavedPage(t.db, ada, { search: 'course 1999', sort: 'name' });
    const searchMs = performance.now() - began;
    expect(search.saves.map((s) => s.name)).toEqual(['Course 1999']);
    console.info(`2,000 saves: first page ${firstMs.toFixed(1)} ms, a search ${searchMs.toFixed(1)} ms`);
    // Generous for a shared machine: measured 3–4 ms each.
    expect(firstMs).toBeLessThan(250);
    expect(searchMs).toBeLessThan(250);
  });
});

describe('changing several saves at once', () => {
  it('removes, adds to a list in the order given, and marks, saying what it did', async () => {
    const ada = await user();
    const [a, b, c, notSaved] = await addContents(4);
    for (const id of [a!, b!, c!]) await saveContent(t.db, ada, id);
    const list = await createList(t.db, ada, { name: 'Weekend' });
    await addListItem(t.db, ada, list._id, { contentId: b! });

    const added = await bulkChangeSaves(t.db, ada, {
      action: 'addToList',
      listId: list._id,
      contentIds: [c!, b!, a!, notSaved!, c!],
    });
    expect(added).toMatchObject({ message: '2 resources added to “Weekend”', changed: 2, unchanged: 2 });
    const items = await t.db
      .select({ contentId: listItems.contentId })
      .from(listItems)
      .where(eq(listItems.listId, list._id))
      .orderBy(listItems.position);
    expect(items.map((item) => item.contentId)).toEqual([b, c, a]);

    const marked = await bulkChangeSaves(t.db, ada, { action: 'setprogress', contentIds: [a!, b!], state: 'Done' });
    expect(marked).toMatchObject({ message: '2 resources marked “Done”', changed: 2, unchanged: 0 });
    expect(marked.progress.map((p) => p.state)).toEqual(['done', 'done']);
    const again = await bulkChangeSaves(t.db, ada, { action: 'setProgress', contentIds: [a!, c!], state: 'done' });
    expect(again).toMatchObject({ changed: 1, unchanged: 1 });
    const cleared = await bulkChangeSaves(t.db, ada, { action: 'setProgress', contentIds: a!, state: 'none' });
    expect(cleared).toMatchObject({ message: '1 resource marked “Not started”', changed: 1 });

    const removed = await bulkChangeSaves(t.db, ada, { action: 'remove', contentIds: [a!, b!, notSaved!] });
    expect(removed).toMatchObject({ message: '2 resources removed from saved', changed: 2, unchanged: 1 });
    expect(removed.saves.saves.map((s) => s._id)).toEqual([c]);
  });

  it('refuses bad input and a list past its size, leaving everything as it was', async () => {
    const ada = await user();
    const bob = await user('Bob');
    const ids = await addContents(3);
    for (const id of ids) await saveContent(t.db, ada, id);
    const bobs = await createList(t.db, bob, { name: 'Not yours' });
    const cases: Array<[unknown, string]> = [
      [{ action: 'explode', contentIds: ids }, 'VALIDATION'],
      [{ action: 'remove', contentIds: [] }, 'VALIDATION'],
      [{ action: 'remove' }, 'VALIDATION'],
      [{ action: 'remove', contentIds: [42] }, 'VALIDATION'],
      [{ action: 'addToList', contentIds: ids }, 'VALIDATION'],
      [{ action: 'setProgress', contentIds: ids }, 'VALIDATION'],
      [{ action: 'setProgress', contentIds: ids, state: 'mastered' }, 'VALIDATION'],
      [{ action: 'addToList', contentIds: ids, listId: bobs._id }, 'NOT_FOUND'],
      ['not an object', 'VALIDATION'],
    ];
    for (const [input, code] of cases)
      expect((await failure(bulkChangeSaves(t.db, ada, input))).code, JSON.stringify(input)).toBe(code);

    const list = await createList(t.db, ada, { name: 'Nearly full' });
    const filler = await addContents(ITEMS_PER_LIST - 2, 'Filler');
    await t.db
      .insert(listItems)
      .values(filler.map((contentId, position) => ({ listId: list._id, contentId, position })));
    expect(
      await failure(bulkChangeSaves(t.db, ada, { action: 'addToList', listId: list._id, contentIds: ids })),
    ).toEqual({
      code: 'CONFLICT',
      message: `A list holds at most ${ITEMS_PER_LIST} resources: remove some to add these`,
    });
    const [held] = await t.db
      .select({ n: sql<number>`count(*)` })
      .from(listItems)
      .where(and(eq(listItems.listId, list._id)));
    expect(held!.n).toBe(ITEMS_PER_LIST - 2);
    const [kept] = await t.db.select({ n: sql<number>`count(*)` }).from(saves).where(eq(saves.userId, ada));
    expect(kept!.n).toBe(3);
  });
});
