import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import type { Db } from '../../client.ts';
import { countFacets } from '../../catalog/search/counts.ts';
import { facetTable } from '../../catalog/search/facet-table.ts';
import { bulkLoad } from './bulk-load.ts';
import { generateSyntheticCatalog } from './synthetic.ts';

const SIZE = 3000;
let slow: TestDb;
let bulk: TestDb;
const phases: string[] = [];
let walAfterLoad: number;

beforeAll(async () => {
  [slow, bulk] = await Promise.all([createTestDb(), createTestDb()]);
  await generateSyntheticCatalog(slow.db, SIZE, { seed: 11 });
  await generateSyntheticCatalog(bulk.db, SIZE, {
    seed: 11,
    bulkInto: bulk.url.slice('file:'.length),
    onReport: (report) => phases.push(report.phase),
  });
  walAfterLoad = statSync(`${bulk.url.slice('file:'.length)}-wal`).size;
}, 120_000);
afterAll(() => {
  slow?.close();
  bulk?.close();
});

const rows = async (db: Db, sql: string) => (await db.$client.execute(sql)).rows.map((row) => ({ ...row }));

describe('a synthetic catalog loaded in bulk', () => {
  it('has the schema the row-by-row seed leaves: every table, index and trigger', async () => {
    const schema = 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name';
    expect(await rows(bulk.db, schema)).toEqual(await rows(slow.db, schema));
  });

  it('holds the same contents, tags and reviews, with the ratings the triggers derive', async () => {
    const contents =
      'SELECT name, description, image, cost, has_cert, category, tech_stack, type, tag_labels, tag_key, level, language, provider, duration, rating, num_reviews FROM contents ORDER BY seq';
    expect(await rows(bulk.db, contents)).toEqual(await rows(slow.db, contents));
    const tags = 'SELECT kind, value, count(*) AS n FROM content_tags GROUP BY kind, value ORDER BY kind, value';
    expect(await rows(bulk.db, tags)).toEqual(await rows(slow.db, tags));
    const reviews = 'SELECT rating, count(*) AS n FROM reviews GROUP BY rating ORDER BY rating';
    expect(await rows(bulk.db, reviews)).toEqual(await rows(slow.db, reviews));
    const derivedWrong = `SELECT count(*) AS n FROM contents c WHERE num_reviews != (SELECT count(*) FROM reviews WHERE content_id = c.id)
      OR rating != coalesce((SELECT avg(rating) FROM reviews WHERE content_id = c.id), 0)`;
    expect(await rows(bulk.db, derivedWrong)).toEqual([{ n: 0 }]);
    expect(await rows(bulk.db, 'SELECT count(*) AS n FROM contents WHERE num_reviews > 0')).not.toEqual([{ n: 0 }]);
  });

  it('finds every content by its words in the search index', async () => {
    const [first] = await rows(bulk.db, 'SELECT seq, name FROM contents ORDER BY seq DESC LIMIT 1');
    const words = String(first!.name)
      .split(' ')
      .filter((word) => /^[A-Za-z]+$/.test(word))
      .map((word) => `"${word}"`)
      .join(' ');
    const found = `SELECT rowid FROM contents_fts WHERE contents_fts MATCH '${words} "${SIZE}"'`;
    expect(await rows(bulk.db, found)).toEqual([{ rowid: first!.seq }]);
    const clean = `SELECT count(*) AS n FROM contents_fts WHERE contents_fts MATCH 'clean'`;
    expect(await rows(bulk.db, clean)).toEqual(await rows(slow.db, clean));
    // The index agrees with the contents table, row for row.
    await bulk.db.$client.execute(`INSERT INTO contents_fts(contents_fts, rank) VALUES ('integrity-check', 1)`);
  });

  it('counts the facets as the row-by-row catalog does, and as SQL over the whole table', async () => {
    const bulkCounts = countFacets(await facetTable(bulk.db), {});
    expect(bulkCounts).toEqual(countFacets(await facetTable(slow.db), {}));
    expect(bulkCounts.count).toBe(SIZE);
    const costs = await rows(bulk.db, 'SELECT cost, count(*) AS n FROM contents GROUP BY cost');
    expect(Object.fromEntries(costs.map(({ cost, n }) => [cost, n]))).toMatchObject(bulkCounts.facets.cost);
    const certified = await rows(bulk.db, 'SELECT count(*) AS n FROM contents WHERE has_cert');
    expect(bulkCounts.facets.hasCert.true).toBe(certified[0]!.n);
  });

  it('keeps its triggers working after the load, and tells running processes to reload', async () => {
    const resets = `SELECT count(*) AS n FROM catalog_changes WHERE kind = 'reset'`;
    const [slowResets] = await rows(slow.db, resets);
    expect(await rows(bulk.db, resets)).toEqual([{ n: Number(slowResets!.n) + 1 }]);
    const [content] = await rows(bulk.db, 'SELECT id FROM contents ORDER BY seq LIMIT 1');
    const [user] = await rows(bulk.db, `SELECT id FROM users WHERE email LIKE 'reviewer%' ORDER BY id DESC LIMIT 1`);
    await bulk.db.$client.execute({
      sql: `INSERT OR REPLACE INTO reviews(id, content_id, user_id, name, rating, comment) VALUES ('x', ?, ?, 'X', 5, 'Fine.')`,
      args: [content!.id, user!.id],
    });
    const [after] = await rows(bulk.db, `SELECT num_reviews FROM contents WHERE id = '${content!.id}'`);
    const [expected] = await rows(bulk.db, `SELECT count(*) AS n FROM reviews WHERE content_id = '${content!.id}'`);
    expect(after!.num_reviews).toBe(expected!.n);
  });

  it('gives back the disk its write-ahead log took', () => {
    expect(walAfterLoad).toBe(0);
  });

  it('reports each phase with its speed and memory', () => {
    expect(phases).toEqual(['indexes and triggers set aside', 'rows', 'indexes', 'search index', 'triggers', 'commit']);
  });

  it('leaves the database as it was when a row fails', async () => {
    const schema = 'SELECT type, name, sql FROM sqlite_master ORDER BY type, name';
    const before = await rows(bulk.db, schema);
    const count = await rows(bulk.db, 'SELECT count(*) AS n FROM contents');
    const bad = [
      { statements: [{ sql: 'INSERT INTO contents(id) VALUES (?)', params: ['no-name'] }], contents: 1, rows: 1 },
    ];
    expect(() => bulkLoad(bulk.url.slice('file:'.length), bad, { tables: ['contents'], total: 1 })).toThrow(/NOT NULL/);
    expect(await rows(bulk.db, schema)).toEqual(before);
    expect(await rows(bulk.db, 'SELECT count(*) AS n FROM contents')).toEqual(count);
  });
});
