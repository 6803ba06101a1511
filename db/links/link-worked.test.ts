import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { seedDemo } from '../maintenance/seed/demo.ts';
import { contents, linkChecks } from '../schema.ts';
import { linkWorkedAt } from './link-health.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await seedDemo(t.db);
});
afterEach(() => t.close());

describe('when the link last worked (the content page’s "Link checked")', () => {
  it('is the checker’s last success at the content’s current URL, and nothing while it fails or was never checked', async () => {
    const [content] = await t.db.select().from(contents).limit(1);
    expect(await linkWorkedAt(t.db, content!.id)).toBeNull();
    const okAt = new Date('2026-11-20T10:00:00Z');
    await t.db
      .insert(linkChecks)
      .values({ contentId: content!.id, url: content!.url, checkedAt: okAt, okAt, failures: 0 });
    expect(await linkWorkedAt(t.db, content!.id)).toBe(okAt.toISOString());
    // Failing now: the page says it may be broken instead.
    await t.db.update(linkChecks).set({ failures: 1 }).where(eq(linkChecks.contentId, content!.id));
    expect(await linkWorkedAt(t.db, content!.id)).toBeNull();
    // A finding about another URL than the content has now says nothing of it.
    await t.db
      .update(linkChecks)
      .set({ failures: 0, url: 'https://elsewhere.example.org/' })
      .where(eq(linkChecks.contentId, content!.id));
    expect(await linkWorkedAt(t.db, content!.id)).toBeNull();
  });
});
