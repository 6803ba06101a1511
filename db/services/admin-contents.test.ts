import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { seedDemo } from '../seed/demo.ts';
import { findContent, listContents } from './admin-contents.ts';

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
    await expect(findContent(t.db, 'no-such-thing')).rejects.toMatchObject({ code: 'NOT_FOUND', message: "No content with the id or slug 'no-such-thing'" });
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
