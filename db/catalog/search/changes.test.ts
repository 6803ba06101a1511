import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../client.ts';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { generateSyntheticCatalog } from '../../maintenance/seed/synthetic.ts';
import { FACET_TABLE_COLUMNS } from '../facets.ts';
import { catalogVersion, changesSince, feedResets } from './changes.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await generateSyntheticCatalog(t.db, 20, { seed: 3 });
});
afterAll(() => t.close());

const someContent = async () =>
  Number((await t.db.$client.execute('SELECT min(seq) AS seq FROM contents')).rows[0]!.seq);
const touch = (seq: number) =>
  t.db.$client.execute({
    sql: 'UPDATE contents SET rating = rating + 0.5, num_reviews = num_reviews + 1 WHERE seq = ?',
    args: [seq],
  });

/** What `read` answers, and how many statements it sent to the change feed's table. */
async function countingFeedReads<T>(read: () => Promise<T>): Promise<{ value: T; reads: number }> {
  const execute = t.db.$client.execute.bind(t.db.$client);
  let reads = 0;
  t.db.$client.execute = ((statement: Parameters<typeof execute>[0]) => {
    if (JSON.stringify(statement).includes('catalog_changes')) reads++;
    return execute(statement);
  }) as typeof execute;
  try {
    return { value: await read(), reads };
  } finally {
    t.db.$client.execute = execute;
  }
}

describe('the catalog change feed every cached page asks for', () => {
  it('is read once for all the callers of the same moment', async () => {
    await catalogVersion(t.db);
    const { value: versions, reads } = await countingFeedReads(() =>
      Promise.all(Array.from({ length: 10 }, () => catalogVersion(t.db))),
    );
    expect(new Set(versions).size).toBe(1);
    expect(reads).toBe(1);
  });

  it("is one feed in the process: the server's own modules and Astro's bundle share its reads and what they saw", async () => {
    vi.resetModules();
    const copy = await import('./changes.ts');
    expect(copy.catalogVersion).not.toBe(catalogVersion);
    const before = await catalogVersion(t.db);
    await touch(await someContent());
    const {
      value: [mine, theirs],
      reads,
    } = await countingFeedReads(() => Promise.all([catalogVersion(t.db), copy.catalogVersion(t.db)]));
    expect(reads).toBe(1);
    expect(theirs).toBe(mine);
    expect(copy.changesSince(t.db, before)).toEqual(changesSince(t.db, before));
  });

  it('never misses a change committed before it was asked, even while an earlier read is under way', async () => {
    const seq = await someContent();
    const before = await catalogVersion(t.db);
    const earlier = catalogVersion(t.db);
    await touch(seq);
    // Asked after the commit: it joins no read that began before it.
    expect(await catalogVersion(t.db)).toBe(before + 1);
    expect(await earlier).toBeGreaterThanOrEqual(before);

    const underWay = catalogVersion(t.db);
    await new Promise((resolve) => setImmediate(resolve));
    await touch(seq);
    expect(await catalogVersion(t.db)).toBe(before + 2);
    expect(await underWay).toBeGreaterThanOrEqual(before + 1);
  });

  it("says what changed: a content's facet columns before and after, and whether its words changed", async () => {
    const seq = await someContent();
    const version = await catalogVersion(t.db);
    await touch(seq);
    await t.db.$client.execute({
      sql: "UPDATE contents SET name = name || ' (2nd edition)' WHERE seq = ?",
      args: [seq],
    });
    await catalogVersion(t.db);
    const [rated, renamed] = changesSince(t.db, version)!;
    expect(rated).toMatchObject({ kind: 'update', contentSeq: seq, textChanged: false });
    expect(rated!.after!.rating).toBeCloseTo(Number(rated!.before!.rating) + 0.5);
    expect(rated!.after!.num_reviews).toBe(Number(rated!.before!.num_reviews) + 1);
    expect(renamed).toMatchObject({ kind: 'update', contentSeq: seq, textChanged: true });
    expect(renamed!.after).toEqual(renamed!.before);
  });

  it('carries, by name, every column the facet table reads (db/catalog/facets.ts): a new facet column the triggers miss fails here', async () => {
    const columns = FACET_TABLE_COLUMNS.filter((column) => column !== 'seq').sort();
    const start = await catalogVersion(t.db);
    const seq = Number((await t.db.$client.execute('SELECT max(seq) AS seq FROM contents')).rows[0]!.seq);
    await t.db.$client.execute({
      sql: "INSERT INTO contents (id, name, slug) SELECT id || '-copy', name, slug || '-copy' FROM contents WHERE seq = ?",
      args: [seq],
    });
    await t.db.$client.execute({
      sql: "UPDATE contents SET name = name || ' (copy)' WHERE id LIKE '%-copy'",
      args: [],
    });
    await t.db.$client.execute({ sql: "DELETE FROM contents WHERE id LIKE '%-copy'", args: [] });
    const { rows } = await t.db.$client.execute({
      sql: 'SELECT kind, before, after FROM catalog_changes WHERE seq > ? ORDER BY seq',
      args: [start],
    });
    expect(rows.map((row) => row.kind)).toEqual(['insert', 'update', 'delete']);
    for (const row of rows) {
      for (const values of [row.before, row.after]) {
        if (values === null) continue;
        expect(
          Object.keys(JSON.parse(String(values)))
            .filter((key) => key !== 'text_changed')
            .sort(),
        ).toEqual(columns);
      }
    }
  });

  it('another process sees the changes of this one, in order, and a change of tag rows as such', async () => {
    const other = await openDb({ url: t.url });
    try {
      const start = await catalogVersion(other);
      const seq = await someContent();
      await touch(seq);
      await t.db.$client.execute("INSERT INTO tags(kind, value, label) VALUES ('type', 'zine', 'Zine')");
      await catalogVersion(other);
      expect(changesSince(other, start)!.map((c) => c.kind)).toEqual(['update', 'tags']);
    } finally {
      other.$client.close();
    }
  });

  it('a process that fell behind pruned changes starts over (its caches cannot know what those changed)', async () => {
    const other = await openDb({ url: t.url });
    try {
      const start = await catalogVersion(other);
      const resets = feedResets(other);
      const seq = await someContent();
      await touch(seq);
      await touch(seq);
      await t.db.$client.execute({ sql: 'DELETE FROM catalog_changes WHERE seq <= ?', args: [start + 1] });
      const now = await catalogVersion(other);
      expect(now).toBe(start + 2);
      expect(feedResets(other)).toBe(resets + 1);
      expect(changesSince(other, start)).toBeUndefined();
    } finally {
      other.$client.close();
    }
  });
});
