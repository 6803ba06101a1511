/**
 * The Saved page's operations through the real server: a page of one's saves with its search, sorts,
 * filters and counts (what a form or a hand-typed address sends), and changes to several saves at once,
 * refused as 4xx messages that change nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

let ada: string;
let bob: string;
let contents: Array<{ _id: string; slug: string; name: string }>;

const { api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  [ada, bob] = [(await signUp(api, 'Ada')).token, (await signUp(api, 'Bob')).token];
  contents = (await api.call('searchContents', { query: { order: 'latest' } })).body.contents.slice(0, 4);
  for (const content of contents)
    expect((await api.call('save', { params: { id: content._id }, token: ada })).status).toBe(200);
});

describe('GET /api/users/saved', () => {
  it('answers a page of the saves with the counts by list and by progress', async () => {
    const list = (await api.call('createList', { body: { name: 'Evenings' }, token: ada })).body;
    await api.call('addListItem', { params: { id: list._id }, body: { contentId: contents[1]!._id }, token: ada });
    await api.call('markProgress', { params: { id: contents[2]!._id }, body: { state: 'learning' }, token: ada });

    const all = await api.call('mySaved', { token: ada });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ numSaves: 4, total: 4, page: 1, pages: 1, pageSize: 50 });
    expect(all.body.lists).toEqual([{ _id: list._id, name: 'Evenings', count: 1 }]);
    expect(all.body.progressCounts).toEqual({ want: 0, learning: 1, done: 0, none: 3 });
    // Newest first: the last saved leads.
    expect(all.body.saves.map((s) => s._id)).toEqual(contents.map((c) => c._id).reverse());

    const inList = await api.call('mySaved', { query: { list: list._id }, token: ada });
    expect(inList.body.saves.map((s) => s._id)).toEqual([contents[1]!._id]);
    const learning = await api.call('mySaved', { query: { progress: 'Learning' }, token: ada });
    expect(learning.body.saves).toMatchObject([{ _id: contents[2]!._id, progress: 'learning' }]);
    const paged = await api.call('mySaved', {
      query: { pageSize: '3', page: '2', sort: 'name', order: 'asc' },
      token: ada,
    });
    expect(paged.body).toMatchObject({ page: 2, pages: 2, total: 4 });
    expect(paged.body.saves).toHaveLength(1);
    const named = await api.call('mySaved', { query: { search: contents[3]!.name }, token: ada });
    expect(named.body.saves.map((s) => s._id)).toEqual([contents[3]!._id]);
  });

  it("is a 404 for a list that is not the caller's, and shows only the caller's saves", async () => {
    const bobs = (await api.call('createList', { body: { name: 'Bob’s' }, token: bob })).body;
    const other = await api.call('mySaved', { query: { list: bobs._id }, token: ada });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('List not found');
    expect((await api.call('mySaved', { token: bob })).body).toMatchObject({ numSaves: 0, saves: [] });
    // Anything else not understood is the default, as every list's address (a link never fails).
    const odd = await api.call('mySaved', { query: { sort: 'nonsense', page: '-4', progress: 'soon' }, token: ada });
    expect(odd.status).toBe(200);
    expect(odd.body.total).toBe(4);
  });
});

describe('POST /api/users/saved/bulk', () => {
  it('marks, adds to a list and removes, each in one go, saying what it did', async () => {
    const ids = contents.map((c) => c._id);
    const list = (await api.call('createList', { body: { name: 'Bulk' }, token: ada })).body;
    const added = await api.call('bulkSaves', {
      body: { action: 'addToList', listId: list._id, contentIds: ids.slice(0, 2) },
      token: ada,
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ message: '2 resources added to “Bulk”', changed: 2, unchanged: 0 });

    const marked = await api.call('bulkSaves', {
      body: { action: 'setProgress', contentIds: ids.slice(0, 2), state: 'done' },
      token: ada,
    });
    expect(marked.body).toMatchObject({ message: '2 resources marked “Done”', changed: 2 });
    expect((await api.call('mySaved', { query: { progress: 'done' }, token: ada })).body.total).toBe(2);

    // One id, as a single form field sends it.
    const removed = await api.call('bulkSaves', {
      body: { action: 'remove', contentIds: ids[0] as unknown as string[] },
      token: ada,
    });
    expect(removed.body).toMatchObject({ message: '1 resource removed from saved', changed: 1, unchanged: 0 });
    expect(removed.body.saves.numSaves).toBe(3);
    await api.call('save', { params: { id: ids[0]! }, token: ada });
  });

  it('refuses what it cannot do with a 4xx message, and changes nothing', async () => {
    const before = (await api.call('mySaved', { token: ada })).body;
    const bobs = (await api.call('createList', { body: { name: 'Not Ada’s' }, token: bob })).body;
    const refusals: Array<[unknown, number, string]> = [
      [{ action: 'remove', contentIds: [] }, 400, 'Choose at least one saved resource'],
      [{ action: 'addToList', contentIds: [contents[0]!._id] }, 400, 'Choose a list'],
      [{ action: 'setProgress', contentIds: [contents[0]!._id] }, 400, 'Choose a progress'],
      [{ action: 'setProgress', contentIds: [contents[0]!._id], state: 'soon' }, 400, ''],
      [{ action: 'burn', contentIds: [contents[0]!._id] }, 400, ''],
      [{ action: 'addToList', contentIds: [contents[0]!._id], listId: bobs._id }, 404, 'List not found'],
      [{ action: 'remove', contentIds: Array.from({ length: 501 }, (_, i) => `id${i}`) }, 400, 'At most 500'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await api.raw.post('/api/users/saved/bulk', body, { token: ada });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(String((res.body as { message: string }).message)).toContain(message);
    }
    expect((await api.call('mySaved', { token: ada })).body).toEqual(before);
  });
});
