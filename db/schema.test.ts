/** The database's own guarantees: triggers keep derived values and the search index in step, under load. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, max, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/setup/db.ts';
import { openDb } from './client.ts';
import { MIGRATIONS_FOLDER, migrateDb } from './migrate.ts';
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
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(),
    name: `User ${i}`,
    email: `user${i}@example.com`,
    passwordHash: 'x',
  }));
  await t.db.insert(users).values(rows);
  return rows.map((r) => r.id);
}

const search = async (term: string) =>
  (
    await t.db.all<{ name: string }>(
      sql`SELECT c.name FROM contents_fts f JOIN contents c ON c.seq = f.rowid WHERE contents_fts MATCH ${term}`,
    )
  ).map((r) => r.name);

const catalogVersion = async () =>
  (await t.db.select({ seq: max(catalogChanges.seq) }).from(catalogChanges))[0]!.seq ?? 0;

describe('derived values', () => {
  it('200 concurrent writers get no SQLITE_BUSY, and rating and numReviews equal a recount', async () => {
    const contentId = await addContent();
    const userIds = await addUsers(200);
    const results = await Promise.allSettled(
      userIds.map((userId, i) =>
        t.db.batch([
          t.db
            .insert(reviews)
            .values({ id: newId(), contentId, userId, name: `User ${i}`, rating: 1 + (i % 5), comment: 'ok' }),
          t.db.insert(saves).values({ userId, contentId }),
        ]),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const [row] = await t.db.select().from(contents).where(eq(contents.id, contentId));
    const [recount] = await t.db.all<{ n: number; avg: number }>(
      sql`SELECT count(*) AS n, avg(rating) AS avg FROM reviews WHERE content_id = ${contentId}`,
    );
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
    await t.db
      .insert(reviews)
      .values({ id: newId(), contentId, userId: userId!, name: 'A', rating: 4, comment: 'good' });
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
      insertContentStatements(t.db, ids[1]!, {
        ...input,
        slug: 'second',
        url: 'https://example.org/second',
        cost: 'Paid',
        hasCert: true,
        techStack: [],
      }),
    );
    const [userId] = await addUsers(1);
    await t.db
      .insert(reviews)
      .values({ id: newId(), contentId: ids[0]!, userId: userId!, name: 'A', rating: 4, comment: 'good' });
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
    await t.db
      .insert(reviews)
      .values({ id: newId(), contentId, userId: userId!, name: 'A', rating: 4, comment: 'good' });
    expect(await catalogVersion()).toBeGreaterThan(afterInsert);
  });
});

describe('migration 0037 (reviews may outlive their author)', () => {
  it('keeps every review and its content’s totals, and the triggers that keep them', async () => {
    // A database as it was before 0037: the migrations up to 0036 only.
    const dir = mkdtempSync(join(tmpdir(), 'skillshelf-0037-'));
    const older = join(dir, 'migrations');
    cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
    const journal = JSON.parse(readFileSync(join(older, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0037');
    writeFileSync(join(older, 'meta/_journal.json'), JSON.stringify(journal));
    const db = await openDb({ url: `file:${join(dir, 'old.db')}` });
    try {
      await migrate(db, { migrationsFolder: older });
      // In SQL, as the rows below: the schema module's contents and users have columns 0036 did not have.
      const contentId = newId();
      await db.run(
        sql`INSERT INTO contents (id, name, slug, url) VALUES (${contentId}, 'The Odin Project', 'the-odin-project', 'https://www.theodinproject.com/')`,
      );
      const people = [newId(), newId()];
      for (const [i, id] of people.entries())
        await db.run(
          sql`INSERT INTO users (id, name, email, password_hash) VALUES (${id}, ${`P${i}`}, ${`p${i}@example.com`}, 'x')`,
        );
      // In SQL: the schema module has moved on since (reviews.helpful, migration 0039).
      for (const [i, userId] of people.entries()) {
        await db.run(
          sql`INSERT INTO reviews (id, content_id, user_id, name, rating, comment) VALUES (${newId()}, ${contentId}, ${userId}, ${`P${i}`}, ${2 + i * 3}, 'ok')`,
        );
      }

      // 0037, and any migration after it.
      expect((await migrateDb(db)).applied[0]).toBe('0037_anonymised_reviews');
      const totals = async () =>
        (await db.select({ rating: contents.rating, numReviews: contents.numReviews }).from(contents))[0];
      expect(await totals()).toEqual({ rating: 3.5, numReviews: 2 });
      expect(await db.$count(reviews)).toBe(2);
      const schema = await db.all<{ type: string; name: string }>(
        sql`SELECT type, name FROM sqlite_schema WHERE tbl_name = 'reviews' ORDER BY type, name`,
      );
      expect(schema.map((row) => `${row.type} ${row.name}`)).toEqual([
        'index reviews_content_created_idx',
        'index reviews_content_user_unique',
        'index reviews_user_idx',
        'index sqlite_autoindex_reviews_1',
        'table reviews',
        'trigger reviews_after_delete',
        'trigger reviews_after_insert',
      ]);
      // The triggers work on the new table, and a review without an author is taken.
      await db.update(reviews).set({ userId: null, name: 'Former member' }).where(eq(reviews.userId, people[0]!));
      await db.delete(users).where(eq(users.id, people[1]!));
      expect(await totals()).toEqual({ rating: 2, numReviews: 1 });
      expect(await db.select({ userId: reviews.userId, name: reviews.name }).from(reviews)).toEqual([
        { userId: null, name: 'Former member' },
      ]);
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
