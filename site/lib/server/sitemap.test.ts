import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrl } from '#db/config.ts';
import { seedDemo } from '#db/maintenance/seed/demo.ts';
import { addListItem } from '#db/shelf/list-items.ts';
import { createList } from '#db/shelf/lists.ts';
import { createUser } from '#db/accounts/users.ts';
import { searchContents } from '#db/catalog/catalog-reads.ts';
import { parseSearchParams } from '#db/catalog/validation/search.ts';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { sitemapPart, sitemapRoot } from './sitemap.ts';

let t: TestDb;
/** A public list holding one content, a public one holding none, a private one: only the first is listed. */
let shared: string;
let notListed: string[];
beforeAll(async () => {
  t = await createTestDb();
  await seedDemo(t.db);
  const user = await createUser(t.db, {
    name: 'List Maker',
    email: 'list-maker@example.com',
    password: 'password-123',
  });
  const [content] = (await searchContents(t.db, parseSearchParams(new URLSearchParams()))).contents;
  const list = async (isPublic: boolean, items: number) => {
    const made = await createList(t.db, user.id, { name: `A list ${isPublic} ${items}`, isPublic });
    if (items) await addListItem(t.db, user.id, made._id, { contentId: content!._id });
    return `/lists/${made.slug}`;
  };
  shared = await list(true, 1);
  notListed = [await list(true, 0), await list(false, 1)];
});
afterAll(() => t.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap', () => {
  it('is one file listing home, search, every content and each public list holding something, while they fit', async () => {
    const xml = await sitemapRoot(t.db);
    expect(xml).toContain('<urlset');
    // Home and search, the demo's contents, its one public path and this file's shared list.
    expect(locs(xml)).toHaveLength(175 + 2 + 1 + 1);
    expect(locs(xml)).toContain(`${publicUrl()}${shared}`);
    for (const path of notListed) expect(locs(xml)).not.toContain(`${publicUrl()}${path}`);
  });

  it('becomes an index of parts that together list every content once, then the public lists', async () => {
    const index = await sitemapRoot(t.db, 100);
    expect(index).toContain('<sitemapindex');
    // Absolute URLs come from the configured origin, never from a request.
    expect(locs(index)).toEqual([0, 1, 2].map((part) => `${publicUrl()}/sitemap/${part}.xml`));
    const parts = await Promise.all([0, 1].map((part) => sitemapPart(t.db, part, 100)));
    const all = parts.flatMap((xml) => locs(xml!)).filter((loc) => loc!.includes('/content/'));
    expect(new Set(all).size).toBe(175);
    const listed = locs((await sitemapPart(t.db, 2, 100))!);
    expect(listed).toHaveLength(2);
    expect(listed).toContain(`${publicUrl()}${shared}`);
    expect(await sitemapPart(t.db, 3, 100)).toBeUndefined();
  });
});
