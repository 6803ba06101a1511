/** The admin's content management (docs/product.md §2 Admin contents, Edit content). */
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { guard, isGuardFailure, uniqueViolation } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { ftsQuery, lastWordIsPrefix, searchWords } from '../fts.ts';
import { paging, type Paging } from '../paging.ts';
import { contentDrafts, contents, contentTags } from '../schema.ts';
import type { Cost } from '../taxonomy.ts';
import { CONTENT_LIST, containsPattern, parseListQuery, type ListQuery } from '../validation/list-query.ts';
import { adminContentInput } from '../validation/admin.ts';
import type { ContentInput } from '../validation/contents.ts';
import { parseInput } from '../validation/parse.ts';
import { parseSearchParams, PAGE_SIZE } from '../validation/search.ts';
import { auditEntry, type Actor } from './audit.ts';
import { searchContents } from './catalog.ts';
import { resolveTags } from './tags.ts';
import { insertContentStatements, toApiContent, toApiDraft, updateContentStatements, type ApiContent, type ContentStatus } from './content-rows.ts';
import { isLinkFilter, linkFilterCondition, linkHealthOf, type LinkHealth } from './link-health.ts';

/** A row of the admin's table: the content, and what the link checker and users found of its link. */
export type AdminContentRow = ApiContent & { link: LinkHealth | null };

export interface ContentList extends Paging {
  pageSize: number;
  contents: AdminContentRow[];
}

/**
 * What the admin's table shows of each side: published contents (searched with the catalog's full-text
 * index, filtered by tag through content_tags) and drafts (few: a plain read). Each answers the same
 * columns, so the two are one UNION ALL, sorted and paged in the database.
 */
function publishedMatching(db: Db, query: ListQuery<string, keyof typeof CONTENT_LIST.filters>): SQL | undefined {
  const { search, filters } = query;
  const words = searchWords(search);
  const fullText = words.length ? sql`${contents.seq} IN (SELECT rowid FROM contents_fts WHERE contents_fts MATCH ${ftsQuery(words, new Map(), lastWordIsPrefix(search))})` : undefined;
  return and(
    search ? or(fullText, eq(contents.id, search)) : undefined,
    filters.category ? inArray(contents.id, db.select({ id: contentTags.contentId }).from(contentTags).where(and(eq(contentTags.kind, 'category'), eq(contentTags.value, filters.category)))) : undefined,
    filters.cost ? eq(contents.cost, filters.cost as Cost) : undefined,
    isLinkFilter(filters.link) ? linkFilterCondition(filters.link) : undefined,
  );
}

function draftsMatching(query: ListQuery<string, keyof typeof CONTENT_LIST.filters>): SQL | undefined {
  const { search, filters } = query;
  return and(
    search ? or(sql`${contentDrafts.name} LIKE ${containsPattern(search)} ESCAPE '\\'`, eq(contentDrafts.id, search)) : undefined,
    filters.category ? sql`EXISTS (SELECT 1 FROM json_each(${contentDrafts.category}) WHERE json_extract(value, '$.value') = ${filters.category})` : undefined,
    filters.cost ? eq(contentDrafts.cost, filters.cost as Cost) : undefined,
  );
}

const SORT_COLUMN = { created: sql`created_at`, name: sql`name COLLATE NOCASE`, cost: sql`cost` } as const;

/**
 * The admin's table: drafts and published contents together (newest first unless sorted otherwise), or one
 * status of them. `search` is the catalog's full-text search (and a content's id); `category`, `cost` and
 * `link` (broken, moved or reported: published contents only) filter. Each row carries its link's health.
 */
export async function listContentsForAdmin(db: Db, params: URLSearchParams | Record<string, string | undefined> = {}): Promise<ContentList> {
  const query = parseListQuery(CONTENT_LIST, params);
  const { status, link } = query.filters;
  const withPublished = status !== 'draft';
  const withDrafts = status !== 'published' && !link;
  const publishedWhere = publishedMatching(db, query);
  const draftsWhere = draftsMatching(query);
  const [published, drafts] = await Promise.all([withPublished ? db.$count(contents, publishedWhere) : 0, withDrafts ? db.$count(contentDrafts, draftsWhere) : 0]);
  const p = paging(query.page, published + drafts, query.pageSize);
  const sides = [
    ...(withPublished ? [db.select({ id: contents.id, createdAt: contents.createdAt, name: contents.name, cost: contents.cost, status: sql<ContentStatus>`'published'`.as('status') }).from(contents).where(publishedWhere)] : []),
    ...(withDrafts ? [db.select({ id: contentDrafts.id, createdAt: contentDrafts.createdAt, name: contentDrafts.name, cost: contentDrafts.cost, status: sql<ContentStatus>`'draft'`.as('status') }).from(contentDrafts).where(draftsWhere)] : []),
  ];
  const [first, second] = sides;
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  // Neither side: drafts asked for with a link filter (drafts have no checked link).
  const pageRows = first
    ? await (second ? first.unionAll(second) : first)
        .orderBy(sql`${SORT_COLUMN[query.sort as keyof typeof SORT_COLUMN]} ${direction}`, sql`id ${direction}`)
        .limit(query.pageSize)
        .offset(p.count)
    : [];
  const ids = (which: ContentStatus) => pageRows.filter((r) => r.status === which).map((r) => r.id);
  const [publishedRows, draftRows] = await Promise.all([
    ids('published').length ? db.select().from(contents).where(inArray(contents.id, ids('published'))) : [],
    ids('draft').length ? db.select().from(contentDrafts).where(inArray(contentDrafts.id, ids('draft'))) : [],
  ]);
  const byId = new Map<string, ApiContent>([...publishedRows.map((r) => [r.id, toApiContent(r)] as const), ...draftRows.map((r) => [r.id, toApiDraft(r)] as const)]);
  const health = await linkHealthOf(db, ids('published'));
  const rows = pageRows.map((r) => byId.get(r.id)).filter((c) => c !== undefined);
  return { ...p, pageSize: query.pageSize, contents: rows.map((c) => ({ ...c, link: health.get(c._id) ?? null })) };
}

/** A content or a draft, by id: what the admin's edit screen and GET /api/contents/{id} show. */
export async function getContent(db: Db, id: string): Promise<ApiContent> {
  const [row] = await db.select().from(contents).where(eq(contents.id, id));
  if (row) return toApiContent(row);
  const [draft] = await db.select().from(contentDrafts).where(eq(contentDrafts.id, id));
  if (!draft) throw notFound('Content not found');
  return toApiDraft(draft);
}

/** A content or a draft by its id or its slug (the CLI takes either). */
export async function findContent(db: Db, idOrSlug: string): Promise<ApiContent> {
  const [row] = await db.select().from(contents).where(or(eq(contents.id, idOrSlug), eq(contents.slug, idOrSlug))).limit(1);
  if (row) return toApiContent(row);
  const [draft] = await db.select().from(contentDrafts).where(or(eq(contentDrafts.id, idOrSlug), eq(contentDrafts.slug, idOrSlug))).limit(1);
  if (!draft) throw notFound(`No content with the id or slug '${idOrSlug}'`);
  return toApiDraft(draft);
}

export interface ContentListing {
  contents: ApiContent[];
  /** How many match in all (the listing shows at most `limit`). */
  total: number;
  /** The words searched instead when the term as typed matched nothing (the catalog's typo fallback). */
  correctedTerm?: string;
}

/** Newest first, or the catalog's search (relevance order, typo fallback) when a term is given. */
export async function listContents(db: Db, options: { search?: string; limit: number }): Promise<ContentListing> {
  if (!options.search?.trim()) {
    const [total] = await db.select({ n: count() }).from(contents);
    const rows = await db.select().from(contents).orderBy(desc(contents.createdAt), desc(contents.seq)).limit(options.limit);
    return { contents: rows.map(toApiContent), total: total?.n ?? 0 };
  }
  const found: ApiContent[] = [];
  for (let page = 1; found.length < options.limit; page++) {
    const result = await searchContents(db, parseSearchParams({ searchTerm: options.search, page: String(page) }));
    found.push(...result.contents);
    if (page >= result.pages || result.contents.length < PAGE_SIZE || found.length >= options.limit) {
      return { contents: found.slice(0, options.limit), total: result.countContents, ...(result.correctedTerm ? { correctedTerm: result.correctedTerm } : {}) };
    }
  }
  return { contents: found, total: found.length };
}

const contentExists = (id: string) => sql`EXISTS (SELECT 1 FROM ${contents} WHERE ${contents.id} = ${id})`;
const draftExists = (id: string) => sql`EXISTS (SELECT 1 FROM ${contentDrafts} WHERE ${contentDrafts.id} = ${id})`;

/** A unique-constraint failure on a content, said in words. */
export function contentConflict(error: unknown, input: Pick<ContentInput, 'slug' | 'url'>): Error {
  const column = uniqueViolation(error);
  if (column === 'contents.slug') return conflict(`The slug '${input.slug}' is already used by another content`);
  if (column === 'contents.url_key') return conflict(`The website ${input.url} is already listed as another content`);
  return error as Error;
}

/**
 * docs/product.md §4: "creates an empty content and navigates to its edit screen". It starts as a draft with sample
 * values, seen only in the admin screens; saving it with every required field publishes it.
 */
export async function createEmptyContent(db: Db, actor: Actor): Promise<ApiContent> {
  const id = newId();
  await db.batch([
    db.insert(contentDrafts).values({ id, name: 'Sample name', slug: `sample-name-${id.slice(-8)}`, description: 'Sample description' }),
    auditEntry(db, actor, 'content.create', { type: 'content', id }),
  ]);
  return getContent(db, id);
}

/**
 * Saves the admin's edit of a content. A draft saved with every required field is published: it moves
 * into the catalog in one batch (with its id), or stays a draft when the batch is refused (a taken slug
 * or website is a 409).
 */
export async function updateContent(db: Db, actor: Actor, id: string, input: unknown): Promise<ApiContent> {
  const data = await resolveTags(db, parseInput(adminContentInput, input));
  const [draft] = await db.select({ id: contentDrafts.id }).from(contentDrafts).where(eq(contentDrafts.id, id));
  try {
    if (draft) {
      await db.batch([
        guard(db, draftExists(id)),
        ...insertContentStatements(db, id, data),
        db.delete(contentDrafts).where(eq(contentDrafts.id, id)),
        auditEntry(db, actor, 'content.publish', { type: 'content', id }, { name: data.name, slug: data.slug }),
      ]);
    } else {
      await db.batch([guard(db, contentExists(id)), ...updateContentStatements(db, id, data), auditEntry(db, actor, 'content.update', { type: 'content', id }, { name: data.name, slug: data.slug })]);
    }
  } catch (error) {
    if (isGuardFailure(error)) throw notFound('Content not found');
    throw contentConflict(error, data);
  }
  return getContent(db, id);
}

/** Deletes a content with its tags, reviews and saves (cascade), or a draft. */
export async function deleteContent(db: Db, actor: Actor, id: string): Promise<{ message: string }> {
  try {
    await db.batch([
      guard(db, sql`${contentExists(id)} OR ${draftExists(id)}`),
      db.delete(contents).where(eq(contents.id, id)),
      db.delete(contentDrafts).where(eq(contentDrafts.id, id)),
      auditEntry(db, actor, 'content.delete', { type: 'content', id }),
    ]);
  } catch (error) {
    if (isGuardFailure(error)) throw notFound('Content not found');
    throw error;
  }
  return { message: 'content deleted successfully' };
}
