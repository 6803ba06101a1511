import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { seedDemo } from '../../maintenance/seed/demo.ts';
import { searchContents } from '../catalog-reads.ts';
import { parseSearchParams } from '../validation/search.ts';
import { readFtsMatches } from './fast-paths.ts';
import { readInHalves, startFtsHelper, type FtsHelper } from './fts-helper.ts';

let t: TestDb;
let helper: FtsHelper | undefined;
beforeAll(async () => {
  t = await createTestDb();
  await seedDemo(t.db);
});
afterEach(async () => {
  await helper?.stop();
  helper = undefined;
});
afterAll(() => t.close());

const path = () => t.url.slice('file:'.length);
const RANKED = 'group_concat(CAST(rank * 1e9 AS INTEGER))';
/** Relevance pages (the statement ranks) for broad and narrow words, with and without filters, every page. */
const QUERIES = [
  'searchTerm=learn',
  'searchTerm=web&category=web-development',
  'searchTerm=python&cost=Free',
  'searchTerm=data&techStack=python',
  'searchTerm=course',
];

async function everyPage(query: string) {
  const first = await searchContents(t.db, parseSearchParams(new URLSearchParams(query)));
  const rest = [];
  for (let page = 2; page <= first.pages; page++) rest.push(await searchContents(t.db, parseSearchParams(new URLSearchParams(`${query}&page=${page}`))));
  return [first, ...rest].map((result) => ({ ids: result.contents.map((c) => c._id), count: result.countContents, facets: result.facets }));
}

describe('the full-text helper', () => {
  it('reads a ranked statement in two halves that together are the whole statement', async () => {
    const whole = await readFtsMatches(t.db, RANKED, ['"learn"*']);
    helper = startFtsHelper(t.db, path(), { minContents: 0 });
    await helper!.ready();
    const maxSeq = Number((await t.db.$client.execute('SELECT max(seq) FROM contents')).rows[0]![0]);
    const halves = await readInHalves(
      t.db,
      `SELECT group_concat(rowid), ${RANKED} FROM contents_fts WHERE contents_fts MATCH ?1`,
      ['"learn"*'],
      maxSeq,
      maxSeq >> 1,
    );
    expect(halves).toBeDefined();
    // Both halves hold matches, or the split proves nothing.
    expect(halves!.every((row) => String(row[0] ?? '').length > 0)).toBe(true);
    const split = await readFtsMatches(t.db, RANKED, ['"learn"*'], { contents: maxSeq, splitAt: maxSeq >> 1 });
    expect(split.found).toHaveLength(2);
    expect(split.found.join(',')).toBe(whole.found.join(','));
    expect(split.ranked.join(',')).toBe(whole.ranked.join(','));
  });

  it('gives every relevance page, count and facet the same as one thread does', async () => {
    const alone = await Promise.all(QUERIES.map(everyPage));
    helper = startFtsHelper(t.db, path(), { minContents: 0 });
    await helper!.ready();
    const helped = [];
    for (const query of QUERIES) helped.push(await everyPage(query));
    expect(helped).toEqual(alone);
    // Searches at once: the one the worker is busy with is helped, the others read whole, all the same.
    expect(await Promise.all(QUERIES.map(everyPage))).toEqual(alone);
  });

  it('starts its worker with the first search of a large catalog, which reads whole meanwhile', async () => {
    helper = startFtsHelper(t.db, path(), { minContents: 10 });
    const statement = 'SELECT group_concat(rowid) FROM contents_fts WHERE contents_fts MATCH ?1';
    expect(await readInHalves(t.db, statement, ['"learn"*'], 5, 2)).toBeUndefined();
    // Below its size nothing started; the first large search starts it and is read whole.
    expect(await readInHalves(t.db, statement, ['"learn"*'], 100, 50)).toBeUndefined();
    await helper!.ready();
    expect(await readInHalves(t.db, statement, ['"learn"*'], 100, 50)).toHaveLength(2);
  });

  it('leaves a catalog below its size, and a database without a helper, to one thread', async () => {
    helper = startFtsHelper(t.db, path(), { minContents: 1_000_000 });
    expect(await readInHalves(t.db, 'SELECT 1 FROM contents_fts WHERE contents_fts MATCH ?1', ['"web"*'], 100, 50)).toBeUndefined();
    const other = await createTestDb();
    try {
      expect(await readInHalves(other.db, 'SELECT 1 FROM contents_fts WHERE contents_fts MATCH ?1', ['"web"*'], 100, 50)).toBeUndefined();
      expect(startFtsHelper(other.db, undefined)).toBeUndefined();
    } finally {
      other.close();
    }
  });

  it('reads every search whole when its worker cannot open the file, and never waits for it', async () => {
    const alone = await everyPage(QUERIES[1]!);
    helper = startFtsHelper(t.db, join(path(), 'no-such-folder', 'missing.db'), { minContents: 0 });
    await expect(helper!.ready()).rejects.toThrow();
    const statement = 'SELECT group_concat(rowid) FROM contents_fts WHERE contents_fts MATCH ?1';
    expect(await readInHalves(t.db, statement, ['"learn"*'], 100, 50)).toBeUndefined();
    expect(await everyPage(QUERIES[1]!)).toEqual(alone);
  });

  it('answers on its own thread when the worker has ended', async () => {
    const alone = await Promise.all(QUERIES.map(everyPage));
    helper = startFtsHelper(t.db, path(), { minContents: 0 });
    const worker = await helper!.ready();
    const ended = new Promise((resolve) => worker.once('exit', resolve));
    // Searches under way when it ends, and after: each reads what the worker would have.
    const during = Promise.all(QUERIES.map(everyPage));
    await worker.terminate();
    await ended;
    expect(await during).toEqual(alone);
    expect(await Promise.all(QUERIES.map(everyPage))).toEqual(alone);
  });
});
