/**
 * The admin's contents table (docs/product.md#pages Admin contents): drafts and published contents together,
 * each row with what the link checker and users found of its link. A read across the catalog and link health.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { paging } from '../paging.ts';
import { contentDrafts, contents, contentTags } from '../schema.ts';
import { containsPattern, parseListQuery, startsPattern, type ListQuery } from '../validation/list-query.ts';
import { CONTENT_LIST } from './validation/content-list.ts';
import { toApiContent, toApiDraft, type ContentStatus } from '../catalog/content-rows.ts';
import { ftsQuery, lastWordIsPrefix, searchWords } from '../catalog/search/fts.ts';
import type { Cost } from '../catalog/taxonomy.ts';
import { isLinkFilter, linkFilterCondition, linkHealthOf } from '../links/link-health.ts';
import type { ContentShape } from '../catalog/contract.ts';
import type { ContentListShape } from './contract.ts';

/**
 * What the admin's table shows of each side: published contents (searched with the catalog's full-text
 * index, filtered by tag through content_tags) and drafts (few: a plain read). Each answers the same
 * columns, so the two are one UNION ALL, sorted and paged in the database.
 */
function publishedMatching(db: Db, query: ListQuery<string, keyof typeof CONTENT_LIST.filters>): SQL | undefined {
  const { search, filters } = query;
  const words = searchWords(search);
  const fullText = words.length
    ? sql`${contents.seq} IN (SELECT rowid FROM contents_fts WHERE contents_fts MATCH ${ftsQuery(words, new Map(), lastWordIsPrefix(search))})`
    : undefined;
  return and(
    search ? or(fullText, eq(contents.id, search)) : undefined,
    filters.category
      ? inArray(
          contents.id,
          db
            .select({ id: contentTags.contentId })
            .from(contentTags)
            .where(and(eq(contentTags.kind, 'category'), eq(contentTags.value, filters.category))),
        )
      : undefined,
    filters.cost ? eq(contents.cost, filters.cost as Cost) : undefined,
    isLinkFilter(filters.link) ? linkFilterCondition(filters.link) : undefined,
  );
}

function draftsMatching(query: ListQuery<string, keyof typeof CONTENT_LIST.filters>): SQL | undefined {
  const { search, filters } = query;
  return and(
    search
      ? or(sql`${contentDrafts.name} LIKE ${containsPattern(search)} ESCAPE '\\'`, eq(contentDrafts.id, search))
      : undefined,
    filters.category
      ? sql`EXISTS (SELECT 1 FROM json_each(${contentDrafts.category}) WHERE json_extract(value, '$.value') = ${filters.category})`
      : undefined,
    filters.cost ? eq(contentDrafts.cost, filters.cost as Cost) : undefined,
  );
}

/** Whether the address chose a sort (a search otherwise ranks by match). */
const sortAsked = (params: URLSearchParams | Record<string, string | undefined>) =>
  Boolean(params instanceof URLSearchParams ? params.get('sort') : params.sort);

/** 0 for the name itself (any case), 1 for a name that starts with it, 2 for any other. */
const matchRank = (search: string) => {
  const text = search.trim().toLowerCase();
  return sql`CASE WHEN lower(name) = ${text} THEN 0 WHEN lower(name) LIKE ${startsPattern(text)} ESCAPE '\\' THEN 1 ELSE 2 END`;
};

const SORT_COLUMN = { created: sql`created_at`, name: sql`name COLLATE NOCASE`, cost: sql`cost` } as const;

/**
 * The admin's table: drafts and published contents together (newest first unless sorted otherwise), or one
 * status of them. `search` is the catalog's full-text search (and a content's id); `category`, `cost` and
 * `link` (broken, moved or reported: published contents only) filter. Each row carries its link's health.
 */
export async function listContentsForAdmin(
  db: Db,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<ContentListShape> {
  const query = parseListQuery(CONTENT_LIST, params);
  const { status, link } = query.filters;
  // A search not sorted otherwise lists the best match first: the name itself, then names starting with it.
  const ranked = Boolean(query.search) && !sortAsked(params);
  const rank = ranked ? matchRank(query.search) : sql`0`;
  const withPublished = status !== 'draft';
  const withDrafts = status !== 'published' && !link;
  const publishedWhere = publishedMatching(db, query);
  const draftsWhere = draftsMatching(query);
  const [published, drafts] = await Promise.all([
    withPublished ? db.$count(contents, publishedWhere) : 0,
    withDrafts ? db.$count(contentDrafts, draftsWhere) : 0,
  ]);
  const p = paging(query.page, published + drafts, query.pageSize);
  const sides = [
    ...(withPublished
      ? [
          db
            .select({
              id: contents.id,
              createdAt: contents.createdAt,
              name: contents.name,
              cost: contents.cost,
              status: sql<ContentStatus>`'published'`.as('status'),
              rank: sql<number>`${rank}`.as('rank'),
            })
            .from(contents)
            .where(publishedWhere),
        ]
      : []),
    ...(withDrafts
      ? [
          db
            .select({
              id: contentDrafts.id,
              createdAt: contentDrafts.createdAt,
              name: contentDrafts.name,
              cost: contentDrafts.cost,
              status: sql<ContentStatus>`'draft'`.as('status'),
              rank: sql<number>`${rank}`.as('rank'),
            })
            .from(contentDrafts)
            .where(draftsWhere),
        ]
      : []),
  ];
  const [first, second] = sides;
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  // Neither side: drafts asked for with a link filter (drafts have no checked link).
  const pageRows = first
    ? await (second ? first.unionAll(second) : first)
        .orderBy(
          ...(ranked ? [sql`rank`] : []),
          sql`${SORT_COLUMN[query.sort as keyof typeof SORT_COLUMN]} ${direction}`,
          sql`id ${direction}`,
        )
        .limit(query.pageSize)
        .offset(p.count)
    : [];
  const ids = (which: ContentStatus) => pageRows.filter((r) => r.status === which).map((r) => r.id);
  const [publishedRows, draftRows] = await Promise.all([
    ids('published').length
      ? db
          .select()
          .from(contents)
          .where(inArray(contents.id, ids('published')))
      : [],
    ids('draft').length
      ? db
          .select()
          .from(contentDrafts)
          .where(inArray(contentDrafts.id, ids('draft')))
      : [],
  ]);
  const byId = new Map<string, ContentShape>([
    ...publishedRows.map((r) => [r.id, toApiContent(r)] as const),
    ...draftRows.map((r) => [r.id, toApiDraft(r)] as const),
  ]);
  const health = await linkHealthOf(db, ids('published'));
  const rows = pageRows.map((r) => byId.get(r.id)).filter((c) => c !== undefined);
  return { ...p, pageSize: query.pageSize, contents: rows.map((c) => ({ ...c, link: health.get(c._id) ?? null })) };
}
