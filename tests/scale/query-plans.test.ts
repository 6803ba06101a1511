/**
 * On a 100k-content catalog, every statement the catalog pages run uses an index or the full-text index
 * (EXPLAIN QUERY PLAN), and a page of results costs a fixed number of statements whatever its size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InStatement, ResultSet } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/client.ts';
import { migrateDb } from '../../db/migrate.ts';
import { generateSyntheticCatalog } from '../../db/maintenance/seed/synthetic.ts';
import {
  countAllContents,
  findUserReview,
  getContentBySlug,
  latestContents,
  listFilters,
  searchContents,
  sitemapEntries,
} from '../../db/catalog/catalog-reads.ts';
import { parseSearchParams } from '../../db/catalog/validation/search.ts';
import { listContentsForAdmin } from '../../db/reports/content-table.ts';
import { listUsers } from '../../db/accounts/user-admin.ts';
import { listSubmissions } from '../../db/submissions/submission-list.ts';
import { listTagsForAdmin } from '../../db/catalog/tags/tags.ts';
import { auditEntry } from '../../db/operations/audit.ts';
import { listAuditAdmins, listAuditForAdmin } from '../../db/reports/audit-table.ts';
import { needsAttention } from '../../db/reports/dashboard.ts';

const SIZE = 100_000;
const dir = mkdtempSync(join(tmpdir(), 'skillshelf-scale-'));
const statements: Array<{ sql: string; params: unknown[] }> = [];
let db: Db;
let explain: (statement: InStatement) => Promise<ResultSet>;

beforeAll(async () => {
  process.env.CATALOG_CACHE = 'off';
  db = await openDb({ url: `file:${join(dir, 'scale.db')}` });
  await migrateDb(db);
  await generateSyntheticCatalog(db, SIZE);
  // Every statement the driver runs is recorded: drizzle's, and those sent to the driver directly (the
  // catalog version, the facet table).
  const execute = db.$client.execute.bind(db.$client);
  explain = execute;
  db.$client.execute = ((statement: InStatement) => {
    statements.push(
      typeof statement === 'string'
        ? { sql: statement, params: [] }
        : { sql: statement.sql, params: (statement.args ?? []) as unknown[] },
    );
    return execute(statement);
  }) as typeof db.$client.execute;
  statements.length = 0;
}, 300_000);

afterAll(() => {
  db?.$client.close();
  rmSync(dir, { recursive: true, force: true });
  delete process.env.CATALOG_CACHE;
});

const SEARCHES = [
  '',
  'category=web-development',
  'searchTerm=python',
  'searchTerm=python&category=web-development',
  'category=web-development&techStack=javascript&cost=Free',
  'page=50',
  'order=topRated&rating=4',
  'order=oldest&type=podcasts&hasCert=true',
  'searchTerm=javscript',
  'searchTerm=neural networks&order=lowRated&page=3',
];

/** Runs what the catalog pages run and returns the statements it took. */
async function recorded(run: () => Promise<unknown>): Promise<Array<{ sql: string; params: unknown[] }>> {
  statements.length = 0;
  await run();
  return [...statements];
}

/** The word index's build: every content's text, a page at a time, once per process (db/catalog/search/text-index-held.ts). */
const isWordIndexBuild = (statement: { sql: string }) =>
  /^select "seq", "name", "tag_labels", "description" from "contents" where "contents"."seq" > \?/.test(statement.sql);

/** Plan lines that read a table row by row without an index. */
async function fullScans(statement: { sql: string; params: unknown[] }): Promise<string[]> {
  const plan = await explain({ sql: `EXPLAIN QUERY PLAN ${statement.sql}`, args: statement.params as never[] });
  return (
    plan.rows
      .map((r) => String(r.detail))
      .filter((detail) => /^SCAN /.test(detail))
      // Allowed: an index scan, the FTS index, a constant row, and the tags and their aliases (values renamed
      // or merged away), read whole (a row per tag, not per content) once per catalog version — here on every
      // search, since the test turns caches off; and the contents whose link is broken (a row per broken link),
      // read whole once per build of the word index.
      .filter(
        (detail) =>
          !/USING (COVERING )?INDEX|VIRTUAL TABLE|CONSTANT ROW|^SCAN f\b|^SCAN tags$|^SCAN tag_aliases$|^SCAN broken_links$/.test(
            detail,
          ),
      )
  );
}

describe(`query plans on ${SIZE.toLocaleString('en')} contents`, () => {
  it('every search statement uses an index or the full-text index', async () => {
    const problems: string[] = [];
    for (const query of SEARCHES) {
      for (const statement of await recorded(() => searchContents(db, parseSearchParams(new URLSearchParams(query))))) {
        for (const scan of await fullScans(statement))
          problems.push(`${query || '(no filter)'}: ${scan} in ${statement.sql.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('the filter lists, a content page, the feed and the sitemap use indexes too', async () => {
    const { contents } = await searchContents(db, parseSearchParams(new URLSearchParams('order=topRated')));
    const runs = [
      () => listFilters(db),
      () => getContentBySlug(db, contents[0]!.slug),
      () => findUserReview(db, contents[0]!._id, 'nobody'),
      () => latestContents(db, 50),
      () => sitemapEntries(db, 45_000, 45_000),
      () => countAllContents(db),
    ];
    const problems: string[] = [];
    for (const run of runs)
      for (const statement of await recorded(run))
        for (const scan of await fullScans(statement)) problems.push(`${scan} in ${statement.sql.slice(0, 120)}`);
    // A sitemap file lists every content: reading them in primary-key (rowid) order is the plan we want.
    const expected = [/^SCAN contents in select "slug", "updated_at" from "contents" order by "contents"."seq"/];
    expect(problems.filter((p) => !expected.some((plan) => plan.test(p)))).toEqual([]);
  });

  it('the facet table reads the catalog with its tag sets (a covering index) once, not once per search nor per change', async () => {
    // A reset in the change feed: every process starts over, and reads the table again.
    await db.$client.execute("INSERT INTO catalog_changes(kind) VALUES ('reset')");
    const reads = (statements: Array<{ sql: string }>) =>
      statements.filter((statement) => statement.sql.includes('json_group_array'));
    const first = await recorded(() =>
      searchContents(db, parseSearchParams(new URLSearchParams('category=data-science'))),
    );
    expect(reads(first)).toHaveLength(1);
    const second = await recorded(() =>
      searchContents(db, parseSearchParams(new URLSearchParams('category=web-development&cost=Free'))),
    );
    expect(reads(second)).toEqual([]);
    await db.$client.execute(
      'UPDATE contents SET rating = 4.5, num_reviews = num_reviews + 1 WHERE seq = (SELECT max(seq) FROM contents)',
    );
    const afterChange = await recorded(() =>
      searchContents(db, parseSearchParams(new URLSearchParams('category=web-development&order=topRated'))),
    );
    expect(reads(afterChange)).toEqual([]);
  });

  it('the word index reads every content’s text once, not once per search nor per review; an edit reads that content only', async () => {
    await db.$client.execute("INSERT INTO catalog_changes(kind) VALUES ('reset')");
    const first = await recorded(() => searchContents(db, parseSearchParams(new URLSearchParams('searchTerm=data'))));
    // Every content, a page of 2,000 at a time (and the empty page that ends it).
    expect(first.filter(isWordIndexBuild)).toHaveLength(Math.floor(SIZE / 2_000) + 1);
    const second = await recorded(() =>
      searchContents(db, parseSearchParams(new URLSearchParams('searchTerm=security&cost=Free'))),
    );
    expect(second.filter(isWordIndexBuild)).toEqual([]);
    await db.$client.execute(
      'UPDATE contents SET rating = 4.5, num_reviews = num_reviews + 1 WHERE seq = (SELECT max(seq) FROM contents)',
    );
    await db.$client.execute(
      "UPDATE contents SET name = name || ' renamed' WHERE seq = (SELECT min(seq) FROM contents)",
    );
    const afterChanges = await recorded(() =>
      searchContents(db, parseSearchParams(new URLSearchParams('searchTerm=renamed'))),
    );
    expect(afterChanges.filter(isWordIndexBuild)).toEqual([]);
    for (const statement of afterChanges) expect(await fullScans(statement), statement.sql).toEqual([]);
  });

  it('a page of results costs the same number of statements, whatever it holds (no N+1)', async () => {
    const statementsFor = async (q: string) =>
      (await recorded(() => searchContents(db, parseSearchParams(new URLSearchParams(q))))).length;
    for (const query of ['category=web-development', 'searchTerm=python&techStack=javascript&cost=Paid']) {
      const first = await searchContents(db, parseSearchParams(new URLSearchParams(query)));
      const last = await searchContents(db, parseSearchParams(new URLSearchParams(`${query}&page=${first.pages}`)));
      expect(first.contents).toHaveLength(12);
      expect(last.contents.length).toBeLessThanOrEqual(12);
      expect(await statementsFor(`${query}&page=${first.pages}`)).toBe(await statementsFor(query));
      // At most: the tag rows (cached per catalog version outside this test), the typo check, the catalog
      // version (for the facet table), the full-text matches with their rank, and the page's rows (the page
      // itself is picked in memory).
      expect(await statementsFor(query)).toBeLessThanOrEqual(5);
    }
  });

  it('the admin lists page, sort, search and filter through indexes (drafts, few, are read whole), and so does what needs attention', async () => {
    // Entries of every kind of target, so the audit list looks each kind up.
    const actor = { kind: 'cli', name: 'scale' } as const;
    const targets = [
      ['content.update', 'content', 'c-1'],
      ['submission.reject', 'submission', 's-1'],
      ['user.update', 'user', 'u-1'],
      ['review.delete', 'review', 'r-1'],
      ['tag.create', 'tag', 'category:web-development'],
      ['db.seed', 'database', 'synthetic'],
    ] as const;
    for (const [action, type, id] of targets) await auditEntry(db, actor, action, { type, id });
    const lists = [
      () => listContentsForAdmin(db, {}),
      () => listContentsForAdmin(db, { sort: 'name', order: 'desc', page: '400' }),
      () => listContentsForAdmin(db, { sort: 'cost', status: 'published' }),
      () => listContentsForAdmin(db, { search: 'python', sort: 'name' }),
      () => listContentsForAdmin(db, { category: 'web-development', pageSize: '100' }),
      () => listContentsForAdmin(db, { cost: 'Paid', link: 'broken' }),
      () => listUsers(db, { sort: 'name' }),
      () => listUsers(db, {}),
      () => listSubmissions(db, { status: 'all' }),
      () => listSubmissions(db, {}),
      () => listTagsForAdmin(db, { sort: 'used' }),
      () => listAuditForAdmin(db, {}),
      () => listAuditForAdmin(db, { sort: 'action', page: '3' }),
      () => listAuditForAdmin(db, { sort: 'admin', order: 'asc' }),
      () => listAuditForAdmin(db, { action: 'db.seed' }),
      () => listAuditForAdmin(db, { admin: 'cli:scale', sort: 'at', order: 'asc' }),
      () => listAuditAdmins(db),
      // The dashboard's lead: what waits.
      () => needsAttention(db),
    ];
    const problems: string[] = [];
    for (const run of lists) {
      for (const statement of await recorded(run)) {
        for (const scan of await fullScans(statement))
          if (!/^SCAN (content_drafts|json_each)\b/.test(scan))
            problems.push(`${scan} in ${statement.sql.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
