/**
 * The in-memory facet counts against a recount in plain SQL that shares nothing with them: tags from the
 * content_tags rows (not the masks), the rule spelled out per option. The contents the words find are Best
 * Match's over the whole catalog, whatever the filters (its own tests are best-match.test.ts): a filter only
 * narrows them, and a relevance page is their order narrowed. Random filter combinations on a synthetic
 * catalog, with and without search words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { generateSyntheticCatalog } from '../../maintenance/seed/synthetic.ts';
import { COSTS, TAXONOMY } from '../taxonomy.ts';
import { parseSearchParams, RATING_STEPS, type SearchParams } from '../validation/search.ts';
import { searchContents } from '../catalog-reads.ts';
import { openDb } from '../../client.ts';
import { facetTable, facetTableReads } from './facet-table.ts';
import { analyzeQuery, bestMatches } from './best-match.ts';
import { currentTextIndex, textIndexBuilds } from './text-index-held.ts';
import type { Db } from '../../client.ts';
import { facetCountsAfresh, KEPT_COUNTS } from './counts.ts';
import { mergeTags, renameTag } from '../tags/tag-changes.ts';
import { feedResets } from './changes.ts';
import { COMPARE, POPULARITY_SQL } from './orders.ts';
import { orderedRows } from './pages.ts';
import { ORDERS } from '../validation/search.ts';

/** The same sequence of "random" numbers on every run (Lehmer's), so a failing query can be replayed. */
function seededRandom(seed: number): () => number {
  return () => (seed = (seed * 16807) % 2147483647) / 2147483647;
}

/** A new test database holding a synthetic catalog of `size` contents. */
async function syntheticCatalog(
  size: number,
  options: Parameters<typeof generateSyntheticCatalog>[2],
): Promise<TestDb> {
  const db = await createTestDb();
  await generateSyntheticCatalog(db.db, size, options);
  return db;
}

let t: TestDb;
beforeAll(async () => {
  t = await syntheticCatalog(1500, { seed: 7 });
});
afterAll(() => t.close());

type Group = 'category' | 'techStack' | 'type' | 'cost' | 'hasCert' | 'rating';

/** The seqs Best Match finds for `term` over the whole catalog, best first (ties: newest first, as a page breaks them). */
async function wordMatches(db: Db, term: string): Promise<number[]> {
  const [index, table] = await Promise.all([currentTextIndex(db), facetTable(db)]);
  const { ranked, rank } = bestMatches(index, table, analyzeQuery(index, term, false), {}).matches;
  const order = Array.from(ranked.keys()).sort(
    (a, b) =>
      rank[a]! - rank[b]! ||
      table.createdAt[ranked[b]!]! - table.createdAt[ranked[a]!]! ||
      table.seq[ranked[b]!]! - table.seq[ranked[a]!]!,
  );
  return order.map((k) => table.seq[ranked[k]!]!);
}

/** The SQL condition of a content being among the words' matches. */
const among = async (db: Db, term: string) => ({
  sql: 'c.seq IN (SELECT value FROM json_each(?))',
  args: [JSON.stringify(await wordMatches(db, term))],
});

/** One SQL condition per group, for a given value. */
function condition(group: Group, value: string): { sql: string; args: Array<string | number> } {
  // Several values in a group: any of them.
  if (value.includes(',')) {
    const parts = value.split(',').map((one) => condition(group, one));
    return { sql: `(${parts.map((p) => p.sql).join(' OR ')})`, args: parts.flatMap((p) => p.args) };
  }
  if (group === 'category' || group === 'techStack' || group === 'type') {
    return {
      sql: 'EXISTS (SELECT 1 FROM content_tags t WHERE t.content_id = c.id AND t.kind = ? AND t.value = ?)',
      args: [group, value],
    };
  }
  if (group === 'cost') return { sql: 'c.cost = ?', args: [value] };
  if (group === 'hasCert') return { sql: 'c.has_cert = ?', args: [value === 'true' ? 1 : 0] };
  return { sql: 'c.rating >= ?', args: [Number(value)] };
}

async function recount(
  params: SearchParams,
  own: Group | undefined,
  option?: { group: Group; value: string },
): Promise<number> {
  const parts: Array<{ sql: string; args: Array<string | number> }> = [];
  for (const group of ['category', 'techStack', 'type', 'cost', 'hasCert', 'rating'] as const) {
    if (group !== own && params[group] !== 'all') parts.push(condition(group, String(params[group])));
  }
  if (option) parts.push(condition(option.group, option.value));
  if (params.searchTerm) parts.push(await among(t.db, params.searchTerm));
  const where = parts.length ? parts.map((p) => p.sql).join(' AND ') : '1';
  const { rows } = await t.db.$client.execute({
    sql: `SELECT count(*) AS n FROM contents c WHERE ${where}`,
    args: parts.flatMap((p) => p.args),
  });
  return Number(rows[0]!.n);
}

const OPTIONS: Record<Group, string[]> = {
  category: TAXONOMY.category.map((tag) => tag.value),
  techStack: TAXONOMY.techStack.map((tag) => tag.value),
  type: TAXONOMY.type.map((tag) => tag.value),
  cost: [...COSTS],
  hasCert: ['true', 'false'],
  rating: RATING_STEPS.map(String),
};

function randomQuery(rand: () => number): string {
  const query = new URLSearchParams();
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  for (const group of Object.keys(OPTIONS) as Group[]) {
    if (rand() < 0.35) query.set(group, pick(OPTIONS[group]));
    // Sometimes a second value in a group that takes several (any of them passes).
    if (query.has(group) && !['hasCert', 'rating'].includes(group) && rand() < 0.4)
      query.append(group, pick(OPTIONS[group]));
  }
  if (rand() < 0.4) query.set('searchTerm', pick(['python', 'data', 'web', 'security', 'course']));
  return query.toString();
}

describe('facet counts', () => {
  it('equal a plain SQL recount for 40 random filter combinations, with and without words', async () => {
    const rand = seededRandom(99);
    for (let round = 0; round < 40; round++) {
      const query = randomQuery(rand);
      const params = parseSearchParams(new URLSearchParams(query));
      const result = await searchContents(t.db, params);
      expect(result.countContents, query).toBe(await recount(params, undefined));
      for (const group of Object.keys(OPTIONS) as Group[]) {
        for (const value of OPTIONS[group]) {
          const counted = (result.facets[group] as Record<string, number>)[value] ?? 0;
          expect(counted, `${query}: ${group}=${value}`).toBe(await recount(params, group, { group, value }));
        }
      }
    }
  }, 60_000);

  it('pick the same page as a plain SQL query would, in every order, with and without words', async () => {
    const rand = seededRandom(5);
    const ORDER_SQL: Record<string, string> = {
      latest: 'c.created_at DESC, c.seq DESC',
      oldest: 'c.created_at ASC, c.seq ASC',
      topRated: `${POPULARITY_SQL('c')} DESC, c.num_reviews DESC, c.created_at DESC, c.seq DESC`,
      lowRated: `${POPULARITY_SQL('c')} ASC, c.num_reviews ASC, c.created_at DESC, c.seq DESC`,
    };
    for (let round = 0; round < 30; round++) {
      const order = (['latest', 'oldest', 'topRated', 'lowRated', 'relevance'] as const)[round % 5];
      const query = new URLSearchParams(randomQuery(rand));
      if (order === 'relevance') query.set('searchTerm', query.get('searchTerm') || 'data');
      else query.set('order', order);
      query.set('page', String(1 + Math.floor(rand() * 3)));
      const params = parseSearchParams(query);
      const result = await searchContents(t.db, params);
      const parts: Array<{ sql: string; args: Array<string | number> }> = [];
      for (const group of ['category', 'techStack', 'type', 'cost', 'hasCert', 'rating'] as const)
        if (params[group] !== 'all') parts.push(condition(group, String(params[group])));
      const where = parts.map((p) => p.sql).join(' AND ') || '1';
      const args = parts.flatMap((p) => p.args);
      let rows: Array<{ name: unknown }>;
      if (params.order === 'relevance') {
        // The order over every match, narrowed to those passing the filters.
        const passing = new Map(
          (await t.db.$client.execute({ sql: `SELECT c.seq, c.name FROM contents c WHERE ${where}`, args })).rows.map(
            (r) => [Number(r.seq), r.name],
          ),
        );
        const ranked = (await wordMatches(t.db, params.searchTerm)).filter((seq) => passing.has(seq));
        rows = ranked.slice((result.page - 1) * 12, result.page * 12).map((seq) => ({ name: passing.get(seq) }));
      } else {
        const words = params.searchTerm ? await among(t.db, params.searchTerm) : undefined;
        const sql = `SELECT c.name FROM contents c WHERE ${[where, ...(words ? [words.sql] : [])].join(' AND ')} ORDER BY ${ORDER_SQL[params.order]} LIMIT 12 OFFSET ?`;
        rows = (await t.db.$client.execute({ sql, args: [...args, ...(words?.args ?? []), (result.page - 1) * 12] }))
          .rows as unknown as Array<{
          name: unknown;
        }>;
      }
      expect(
        result.contents.map((c) => c.name),
        query.toString(),
      ).toEqual(rows.map((r) => String(r.name)));
    }
  }, 60_000);

  it('follow a change at once, in place: a review re-reads nothing', async () => {
    await facetTable(t.db);
    const reads = facetTableReads();
    const params = parseSearchParams(new URLSearchParams('cost=Paid'));
    const paidBefore = (await searchContents(t.db, params)).countContents;
    await t.db.$client.execute(
      "UPDATE contents SET cost = 'Paid' WHERE seq = (SELECT min(seq) FROM contents WHERE cost <> 'Paid')",
    );
    expect((await searchContents(t.db, params)).countContents).toBe(paidBefore + 1);
    const [user] = (await t.db.$client.execute('SELECT id FROM users LIMIT 1')).rows;
    const [content] = (await t.db.$client.execute('SELECT id FROM contents ORDER BY seq DESC LIMIT 1')).rows;
    await t.db.$client.execute({
      sql: "INSERT INTO reviews(id, content_id, user_id, name, rating, comment) VALUES ('r-facet', ?, ?, 'A', 5, 'Good')",
      args: [content!.id, user!.id],
    });
    await searchContents(t.db, parseSearchParams(new URLSearchParams('order=topRated')));
    expect(facetTableReads()).toBe(reads);
  });

  it('a review moves no word: the counts move, the word index is not built again', async () => {
    const [matching] = (
      await t.db.$client.execute({
        sql: 'SELECT id FROM contents WHERE seq = ?',
        args: [(await wordMatches(t.db, 'data')).at(-1)!],
      })
    ).rows;
    const asked = parseSearchParams(new URLSearchParams('searchTerm=data&order=relevance'));
    const before = await searchContents(t.db, asked);
    const builds = textIndexBuilds();
    const [user] = (
      await t.db.$client.execute({
        sql: 'SELECT id FROM users WHERE id NOT IN (SELECT user_id FROM reviews WHERE content_id = ?) LIMIT 1',
        args: [matching!.id],
      })
    ).rows;
    await t.db.$client.execute({
      sql: "INSERT INTO reviews(id, content_id, user_id, name, rating, comment) VALUES ('r-words', ?, ?, 'A', 1, 'Meh')",
      args: [matching!.id, user!.id],
    });
    const after = await searchContents(t.db, asked);
    expect(textIndexBuilds()).toBe(builds);
    const stars = (result: typeof before) => Object.values(result.facets.rating).reduce((a, b) => a + b, 0);
    expect(after.countContents).toBe(before.countContents);
    expect(stars(after)).not.toBe(stars(before));
    // A new name is text: that content's words are read again, the index is not built again.
    const matched = JSON.stringify(await wordMatches(t.db, 'data'));
    const [unmatched] = (
      await t.db.$client.execute({
        sql: 'SELECT id FROM contents WHERE seq NOT IN (SELECT value FROM json_each(?)) LIMIT 1',
        args: [matched],
      })
    ).rows;
    await t.db.$client.execute({
      sql: "UPDATE contents SET name = name || ' data' WHERE id = ?",
      args: [unmatched!.id],
    });
    expect((await searchContents(t.db, asked)).countContents).toBe(before.countContents + 1);
    expect(textIndexBuilds()).toBe(builds);
  });
});

describe('a facet table kept by the change feed', () => {
  let k: TestDb;
  beforeAll(async () => {
    k = await syntheticCatalog(800, { seed: 21 });
  }, 60_000);
  afterAll(() => k.close());

  it('answers every search as a table read afresh, after inserts, reviews, edits of tags, costs and names, deletes, and tags renamed and merged', async () => {
    const rand = seededRandom(99);
    const queries = Array.from({ length: 30 }, () => new URLSearchParams(randomQuery(rand)));
    // Warm every order and the caches, so the changes below must be applied to them, not read anew.
    for (const query of queries) await searchContents(k.db, parseSearchParams(query));
    const reads = facetTableReads();
    const resets = feedResets(k.db);
    const exec = (sql: string) => k.db.$client.execute(sql);
    for (let round = 0; round < 6; round++) {
      for (let n = 0; n < 15; n++) {
        const pick = `(SELECT seq FROM contents ORDER BY random() LIMIT 1)`;
        const step = rand();
        if (step < 0.35)
          await exec(
            `UPDATE contents SET rating = abs(random() % 50) / 10.0, num_reviews = num_reviews + 1 WHERE seq = ${pick}`,
          );
        else if (step < 0.5) {
          // Another content's tags, in every copy the services keep (decision 011): lists, derived columns, indexed rows.
          const [to, from] = (await exec('SELECT id FROM contents ORDER BY random() LIMIT 2')).rows.map((row) =>
            String(row.id),
          );
          await k.db.$client.batch([
            {
              sql: 'UPDATE contents SET (category, tech_stack, type, tag_labels, tag_key) = (SELECT category, tech_stack, type, tag_labels, tag_key FROM contents WHERE id = ?2) WHERE id = ?1',
              args: [to!, from!],
            },
            { sql: 'DELETE FROM content_tags WHERE content_id = ?', args: [to!] },
            {
              sql: 'INSERT INTO content_tags(content_id, kind, value, label) SELECT ?1, kind, value, label FROM content_tags WHERE content_id = ?2',
              args: [to!, from!],
            },
          ]);
        } else if (step < 0.6)
          await exec(
            `UPDATE contents SET cost = CASE cost WHEN 'Free' THEN 'Paid' ELSE 'Free' END, has_cert = 1 - has_cert WHERE seq = ${pick}`,
          );
        else if (step < 0.8) {
          await exec(`INSERT INTO contents(id, name, slug, url, url_key, cost, has_cert, description, category, tech_stack, type, tag_labels, tag_key, rating, num_reviews, created_at, updated_at)
            SELECT 'copy-' || ${round * 100 + n}, name || ' copy', slug || '-copy-' || ${round * 100 + n}, url, NULL, cost, has_cert, description, category, tech_stack, type, tag_labels, tag_key, rating, num_reviews,
              created_at + ${n + 1}, updated_at FROM contents WHERE seq = ${pick}`);
          await exec(`INSERT INTO content_tags(content_id, kind, value, label)
            SELECT 'copy-' || ${round * 100 + n}, t.kind, t.value, t.label FROM content_tags t JOIN contents c ON c.id = t.content_id WHERE c.slug || '-copy-' || ${round * 100 + n} = (SELECT slug FROM contents WHERE id = 'copy-' || ${round * 100 + n})`);
        } else if (step < 0.9) {
          // A new name with a searched word: word searches may now find it (the full-text index follows by trigger).
          await exec(
            `UPDATE contents SET name = name || ' ${['python', 'data', 'web', 'security', 'course'][n % 5]}' WHERE seq = ${pick}`,
          );
        } else await exec(`DELETE FROM contents WHERE seq = ${pick}`);
      }
      // A rename and a merge of carried tags: one 'retag' change each stands for every content they rewrite.
      const carried = async (kind: string) =>
        (await exec(`SELECT DISTINCT value FROM content_tags WHERE kind = '${kind}' ORDER BY value`)).rows.map((row) =>
          String(row.value),
        );
      const kind = (['category', 'techStack', 'type'] as const)[round % 3]!;
      const values = await carried(kind);
      await renameTag(
        k.db,
        { kind: 'cli', name: 'tester' },
        kind,
        values[round % values.length],
        `Renamed ${kind} ${round}`,
      );
      const [from, into] = (await carried(kind)).slice(round % 2, (round % 2) + 2);
      await mergeTags(k.db, { kind: 'cli', name: 'tester' }, kind, from, into);
      const fresh = await openDb({ url: k.url });
      try {
        for (const query of queries) {
          const params = parseSearchParams(query);
          const kept = await searchContents(k.db, params);
          const anew = await searchContents(fresh, params);
          expect({ ...kept, contents: kept.contents.map((c) => c._id) }, `round ${round}: ${query}`).toEqual({
            ...anew,
            contents: anew.contents.map((c) => c._id),
          });
        }
      } finally {
        fresh.$client.close();
      }
    }
    // One read per fresh handle (6 rounds), none for the kept table, which never lost the feed.
    expect(facetTableReads()).toBe(reads + 6);
    expect(feedResets(k.db)).toBe(resets);
  }, 120_000);
});

describe('the orders kept by the change feed', () => {
  let k: TestDb;
  beforeAll(async () => {
    k = await syntheticCatalog(600, { seed: 5 });
  }, 60_000);
  afterAll(() => k.close());

  it('stay sorted as reviews and edits move a few rows at a time, each order as a sort of the table anew', async () => {
    const rand = seededRandom(17);
    const table = await facetTable(k.db);
    for (const order of ORDERS) orderedRows(table, order);
    const exec = (sql: string) => k.db.$client.execute(sql);
    for (let turn = 0; turn < 40; turn++) {
      // Up to 12 rows a turn: a few are moved one by one, more merged in one pass.
      for (let n = 1 + Math.floor(rand() * 12); n > 0; n--) {
        const seq = 1 + Math.floor(rand() * 600);
        if (rand() < 0.8)
          await exec(
            `UPDATE contents SET rating = ${Math.floor(rand() * 50) / 10}, num_reviews = num_reviews + 1 WHERE seq = ${seq}`,
          );
        else await exec(`UPDATE contents SET created_at = created_at + ${Math.floor(rand() * 1e9)} WHERE seq = ${seq}`);
      }
      const kept = await facetTable(k.db);
      expect(kept).toBe(table);
      for (const order of ORDERS) {
        const anew = Int32Array.from({ length: kept.size }, (_, i) => i).sort((a, b) => COMPARE[order](kept, a, b));
        expect([...kept.orders[order]!], `turn ${turn}, ${order}`).toEqual([...anew]);
      }
    }
  });
});

describe('the counts kept per search', () => {
  // A catalog of its own: renames and merges elsewhere leave combinations no row holds, and a copy may then
  // make a new one (which rightly starts the counts over).
  let p: TestDb;
  beforeAll(async () => {
    p = await syntheticCatalog(800, { seed: 33 });
  }, 60_000);
  afterAll(() => p.close());

  it('keeps each search’s counts and patches them with the rows edited in place or added: equal to counts read afresh, with no row read again', async () => {
    const rand = seededRandom(7);
    const queries = Array.from({ length: 14 }, () => new URLSearchParams(randomQuery(rand)));
    queries.push(
      new URLSearchParams(''),
      new URLSearchParams('searchTerm=data&order=relevance'),
      new URLSearchParams('category=web-development&rating=4'),
    );
    // A search whose words' matches were read again is kept under a new key, its old one aging out (least
    // recently used): the 17 searches asked, with a new key per word search a round, fit in what a table keeps,
    // so none is pushed out and counted again. (With 33 searches, one was pushed out in some runs' last round.)
    const ROUNDS = 5;
    expect(queries.length + queries.filter((q) => q.has('searchTerm')).length * (ROUNDS - 1)).toBeLessThanOrEqual(
      KEPT_COUNTS,
    );
    for (const query of queries) await searchContents(p.db, parseSearchParams(query));
    const exec = (sql: string) => p.db.$client.execute(sql);
    const pick = `(SELECT seq FROM contents ORDER BY random() LIMIT 1)`;
    for (let round = 0; round < ROUNDS; round++) {
      // What a stream of reviews, edits and imports does: stars move, a cost or a certificate flips, on rows kept
      // in place; contents are added (copies of others, so no new tag combination).
      for (let n = 0; n < 12; n++) {
        const step = rand();
        if (step < 0.55)
          await exec(
            `UPDATE contents SET rating = abs(random() % 50) / 10.0, num_reviews = num_reviews + 1 WHERE seq = ${pick}`,
          );
        else if (step < 0.8)
          await exec(
            `UPDATE contents SET cost = CASE cost WHEN 'Free' THEN 'Paid' ELSE 'Free' END, has_cert = 1 - has_cert WHERE seq = ${pick}`,
          );
        else {
          const id = `kept-copy-${round}-${n}`;
          await p.db.$client.batch([
            {
              sql: `INSERT INTO contents(id, name, slug, url, url_key, cost, has_cert, description, category, tech_stack, type, tag_labels, tag_key, rating, num_reviews, created_at, updated_at)
                SELECT ?1, name || ' copy', slug || '-' || ?1, url, NULL, cost, has_cert, description, category, tech_stack, type, tag_labels, tag_key, rating, num_reviews, created_at + 1, updated_at
                FROM contents WHERE seq = ${pick}`,
              args: [id],
            },
            {
              sql: "INSERT INTO content_tags(content_id, kind, value, label) SELECT ?1, t.kind, t.value, t.label FROM content_tags t JOIN contents c ON c.id = t.content_id WHERE c.slug || '-' || ?1 = (SELECT slug FROM contents WHERE id = ?1)",
              args: [id],
            },
          ]);
        }
      }
      const fresh = await openDb({ url: p.url });
      try {
        for (const query of queries) {
          const params = parseSearchParams(query);
          const before = facetCountsAfresh();
          const kept = await searchContents(p.db, params);
          // Counted again only where the words' matches were read again (ranks under a filter a row left or entered).
          if (!params.searchTerm) expect(facetCountsAfresh(), `round ${round}: ${query}`).toBe(before);
          const anew = await searchContents(fresh, params);
          expect({ countContents: kept.countContents, facets: kept.facets }, `round ${round}: ${query}`).toEqual({
            countContents: anew.countContents,
            facets: anew.facets,
          });
        }
      } finally {
        fresh.$client.close();
      }
    }
  }, 60_000);
});

describe('facet counts over a large vocabulary (1,000 tags per kind)', () => {
  let big: TestDb;
  beforeAll(async () => {
    big = await syntheticCatalog(3000, { seed: 11, tagsPerKind: 1000 });
  }, 120_000);
  afterAll(() => big.close());

  /** The WHERE of a search's filters and words, leaving out one group's own filter. */
  async function whereOf(params: SearchParams, own?: Group): Promise<{ sql: string; args: Array<string | number> }> {
    const parts: Array<{ sql: string; args: Array<string | number> }> = [];
    for (const group of ['category', 'techStack', 'type', 'cost', 'hasCert', 'rating'] as const) {
      if (group !== own && params[group] !== 'all') parts.push(condition(group, String(params[group])));
    }
    // '+': the matches as a set to test each row against, not a list to look up per tag row.
    if (params.searchTerm) {
      const words = await among(big.db, params.searchTerm);
      parts.push({ sql: `+${words.sql}`, args: words.args });
    }
    return { sql: parts.map((p) => p.sql).join(' AND ') || '1', args: parts.flatMap((p) => p.args) };
  }

  /** Every option of a group counted in one grouped statement: option → count, options counted 0 left out. */
  async function recountGroup(params: SearchParams, group: Group): Promise<Map<string, number>> {
    const where = await whereOf(params, group);
    const counts = new Map<string, number>();
    const read = async (sql: string, args: Array<string | number>) => {
      for (const row of (await big.db.$client.execute({ sql, args })).rows)
        if (Number(row.n) > 0) counts.set(String(row.option), Number(row.n));
    };
    if (group === 'category' || group === 'techStack' || group === 'type') {
      await read(
        `SELECT t.value AS option, count(*) AS n FROM contents c JOIN content_tags t ON t.content_id = c.id AND t.kind = ? WHERE ${where.sql} GROUP BY t.value`,
        [group, ...where.args],
      );
    } else if (group === 'cost') {
      await read(
        `SELECT c.cost AS option, count(*) AS n FROM contents c WHERE ${where.sql} GROUP BY c.cost`,
        where.args,
      );
    } else if (group === 'hasCert') {
      await read(
        `SELECT CASE c.has_cert WHEN 1 THEN 'true' ELSE 'false' END AS option, count(*) AS n FROM contents c WHERE ${where.sql} GROUP BY c.has_cert`,
        where.args,
      );
    } else {
      for (const step of RATING_STEPS)
        await read(`SELECT '${step}' AS option, count(*) AS n FROM contents c WHERE ${where.sql} AND c.rating >= ?`, [
          ...where.args,
          step,
        ]);
    }
    return counts;
  }

  it('equal a plain SQL recount for 40 random filter combinations, every option of every group', async () => {
    const { rows } = await big.db.$client.execute(
      'SELECT kind, value, count(*) AS n FROM content_tags GROUP BY kind, value ORDER BY n DESC',
    );
    const used: Record<string, string[]> = { category: [], techStack: [], type: [] };
    for (const row of rows) used[String(row.kind)]!.push(String(row.value));
    for (const kind of ['category', 'techStack', 'type']) expect(used[kind]!.length, kind).toBeGreaterThan(500);
    const { rows: tagRows } = await big.db.$client.execute('SELECT kind, value FROM tags');
    const all: Record<string, string[]> = { category: [], techStack: [], type: [] };
    for (const row of tagRows) all[String(row.kind)]?.push(String(row.value));

    const rand = seededRandom(1234);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    for (let round = 0; round < 40; round++) {
      const query = new URLSearchParams();
      // A tag from the popular head, from anywhere in the long tail, or one no content carries.
      for (const kind of ['category', 'techStack', 'type'])
        if (rand() < 0.5) query.set(kind, rand() < 0.6 ? pick(used[kind]!.slice(0, 20)) : pick(all[kind]!));
      for (const group of ['cost', 'hasCert', 'rating'] as const)
        if (rand() < 0.3) query.set(group, pick(OPTIONS[group]));
      if (rand() < 0.5) query.set('searchTerm', pick(['python', 'data', 'web', 'security', 'course']));
      const params = parseSearchParams(query);
      const result = await searchContents(big.db, params);
      const where = await whereOf(params);
      const { rows: total } = await big.db.$client.execute({
        sql: `SELECT count(*) AS n FROM contents c WHERE ${where.sql}`,
        args: where.args,
      });
      expect(result.countContents, query.toString()).toBe(Number(total[0]!.n));
      for (const group of Object.keys(OPTIONS) as Group[]) {
        const counted = result.facets[group] as Record<string, number>;
        const recounted = await recountGroup(params, group);
        for (const option of new Set([...Object.keys(counted), ...recounted.keys()])) {
          expect(counted[option] ?? 0, `${query}: ${group}=${option}`).toBe(recounted.get(option) ?? 0);
        }
      }
    }
  }, 120_000);
});
