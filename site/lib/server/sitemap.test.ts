import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrl } from '#db/config.ts';
import { seedDemo } from '#db/maintenance/seed/demo.ts';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { sitemapPart, sitemapRoot } from './sitemap.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedDemo(t.db);
});
afterAll(() => t.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap', () => {
  it('is one file listing home, search and every content while the catalog fits', async () => {
    const xml = await sitemapRoot(t.db);
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toHaveLength(175 + 2);
  });

  it('becomes an index of parts that together list every content once', async () => {
    const index = await sitemapRoot(t.db, 100);
    expect(index).toContain('<sitemapindex');
    // Absolute URLs come from the configured origin, never from a request.
    expect(locs(index)).toEqual([`${publicUrl()}/sitemap/0.xml`, `${publicUrl()}/sitemap/1.xml`]);
    const parts = await Promise.all([0, 1].map((part) => sitemapPart(t.db, part, 100)));
    const all = parts.flatMap((xml) => locs(xml!)).filter((loc) => loc!.includes('/content/'));
    expect(new Set(all).size).toBe(175);
    expect(await sitemapPart(t.db, 2, 100)).toBeUndefined();
  });
});
