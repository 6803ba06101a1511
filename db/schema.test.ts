/** The database's own guarantees: triggers keep derived values and the search index in step, under load. */
import { eq, max, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/setup/db.ts';
import { newId } from './ids.ts';
import { catalogChanges, contents, reviews, saves, users } from './schema.ts';
import { insertContentStatements, updateContentStatements } from './catalog/content-rows.ts';
import { searchContents } from './catalog/catalog-reads.ts';
import { parseSearchParams } from './catalog/validation/search.ts';
import { contentInput } from './catalog/validation/contents.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const input = contentInput.parse({
  name: 'The Odin Project',
  slug: 'the-odin-project',
  url: 'https://www.theodinproject.com/',
  description: 'A free full stack curriculum.',
  category: ['Web Development'],
  techStack: ['Javascript'],
  type: ['Online Courses'],
});

async function addContent(): Promise<string> {
  const id = newId();
  await t.db.batch(insertContentStatements(t.db, id, input));
  return id;
}

async function addUsers(n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({ id: newId(), name: `User ${i}`, email: `user${i}@example.com`, passwordHash: 'x' }));
  await t.db.insert(users).values(rows);
  return rows.map((r) => r.id);
}

const search = async (term: string) =>
  (await t.db.all<{ name: string }>(sql`SELECT c.name FROM contents_fts f JOIN contents c ON c.seq = f.rowid WHERE contents_fts MATCH ${term}`)).map(
    (r) => r.name,
  );

const catalogVersion = async () => (await t.db.select({ seq: max(catalogChanges.seq) }).from(catalogChanges))[0]!.seq ?? 0;

describe('derived values', () => {
  it('200 concurrent writers get no SQLITE_BUSY, and rating and numReviews equal a recount', async () => {
    const contentId = await addContent();
    const userIds = await addUsers(200);
    const results = await Promise.allSettled(
      userIds.map((userId, i) =>
        t.db.batch([
          t.db.insert(reviews).values({ id: newId(), contentId, userId, name: `User ${i}`, rating: 1 + (i % 5), comment: 'ok' }),
          t.db.insert(saves).values({ userId, contentId }),
        ]),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const [row] = await t.db.select().from(contents).where(eq(contents.id, contentId));
    const [recount] = await t.db.all<{ n: number; avg: number }>(sql`SELECT count(*) AS n, avg(rating) AS avg FROM reviews WHERE content_id = ${contentId}`);
    expect(row!.numReviews).toBe(200);
    expect(row!.numReviews).toBe(recount!.n);
    expect(row!.rating).toBeCloseTo(recount!.avg, 10);
    expect(await t.db.$count(saves)).toBe(200);
  });

  it('a deleted review leaves the average of the others', async () => {
    const contentId = await addContent();
    const [a, b] = await addUsers(2);
    const first = newId();
    await t.db.insert(reviews).values([
      { id: first, contentId, userId: a!, name: 'A', rating: 5, comment: 'great' },
      { id: newId(), contentId, userId: b!, name: 'B', rating: 2, comment: 'meh' },
    ]);
    await t.db.delete(reviews).where(eq(reviews.id, first));
    const [row] = await t.db.select().from(contents).where(eq(contents.id, contentId));
    expect(row).toMatchObject({ rating: 2, numReviews: 1 });
  });

  it('a deleted content takes its tags, reviews and saves with it', async () => {
    const contentId = await addContent();
    const [userId] = await addUsers(1);
    await t.db.insert(reviews).values({ id: newId(), contentId, userId: userId!, name: 'A', rating: 4, comment: 'good' });
    await t.db.insert(saves).values({ userId: userId!, contentId });
    await t.db.delete(contents).where(eq(contents.id, contentId));
    expect(await t.db.$count(reviews)).toBe(0);
    expect(await t.db.$count(saves)).toBe(0);
    expect(await search('odin')).toEqual([]);
  });
});

describe('unfiltered facet counts', () => {
  it('equal a recount from the tag rows after inserts, reviews, edits and deletes', async () => {
    const ids = [await addContent(), newId()];
    await t.db.batch(
      insertContentStatements(t.db, ids[1]!, { ...input, slug: 'second', url: 'https://example.org/second', cost: 'Paid', hasCert: true, techStack: [] }),
    );
    const [userId] = await addUsers(1);
    await t.db.insert(reviews).values({ id: newId(), contentId: ids[0]!, userId: userId!, name: 'A', rating: 4, comment: 'good' });
    await t.db.batch(
      updateContentStatements(t.db, ids[1]!, {
        ...input,
        slug: 'second',
        url: 'https://example.org/second',
        category: [{ label: 'Data Science', value: 'data-science' }],
      }),
    );
    const recount = async () => {
      const { facets, countContents } = await searchContents(t.db, parseSearchParams({}));
      const [row] = await t.db.all<Record<string, number>>(sql`SELECT count(*) AS all_,
        (SELECT count(*) FROM content_tags WHERE kind = 'category' AND value = 'software-engineering') AS se,
        (SELECT count(*) FROM content_tags WHERE kind = 'category' AND value = 'data-science') AS ds,
        sum(cost = 'Paid') AS paid, sum(has_cert) AS cert, sum(rating >= 4) AS r4 FROM contents`);
      expect(countContents).toBe(row!.all_);
      expect(facets.category['software-engineering'] ?? 0).toBe(row!.se ?? 0);
      expect(facets.category['data-science'] ?? 0).toBe(row!.ds ?? 0);
      expect(facets.cost.Paid).toBe(row!.paid ?? 0);
      expect(facets.hasCert.true).toBe(row!.cert ?? 0);
      expect(facets.rating['4']).toBe(row!.r4 ?? 0);
    };
    await recount();
    await t.db.delete(contents).where(eq(contents.id, ids[0]!));
    await recount();
  });
});

describe('search index', () => {
  it('follows inserts and updates of name, description and tags', async () => {
    const id = await addContent();
    expect(await search('odin')).toEqual(['The Odin Project']);
    expect(await search('"web development"')).toEqual(['The Odin Project']);
    await t.db.batch(
      updateContentStatements(t.db, id, {
        ...input,
        name: 'Odin Renamed',
        description: 'Now about kotlin',
        category: [{ label: 'Data Science', value: 'data-science' }],
      }),
    );
    expect(await search('kotlin')).toEqual(['Odin Renamed']);
    expect(await search('"web development"')).toEqual([]);
    expect(await search('"data science"')).toEqual(['Odin Renamed']);
  });

  it('appends to the catalog change feed on every change a catalog page shows', async () => {
    const before = await catalogVersion();
    const contentId = await addContent();
    const afterInsert = await catalogVersion();
    expect(afterInsert).toBeGreaterThan(before);
    const [userId] = await addUsers(1);
    await t.db.insert(reviews).values({ id: newId(), contentId, userId: userId!, name: 'A', rating: 4, comment: 'good' });
    expect(await catalogVersion()).toBeGreaterThan(afterInsert);
  });
});
