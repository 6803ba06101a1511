/** The admin's content management (SPEC §2 Admin contents, Edit content). */
import { count, desc, eq, or, sql } from 'drizzle-orm';
import { guard, isGuardFailure, uniqueViolation } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { ADMIN_PAGE_SIZE, paging, type Paging } from '../paging.ts';
import { contents } from '../schema.ts';
import { adminContentInput } from '../validation/admin.ts';
import type { ContentInput } from '../validation/contents.ts';
import { parseInput } from '../validation/parse.ts';
import { parseSearchParams, PAGE_SIZE } from '../validation/search.ts';
import { auditEntry, type Actor } from './audit.ts';
import { searchContents } from './catalog.ts';
import { insertContentStatements, toApiContent, updateContentStatements, type ApiContent } from './content-rows.ts';

export interface ContentList extends Paging {
  contents: ApiContent[];
}

export async function listContentsForAdmin(db: Db, page: unknown): Promise<ContentList> {
  const [total] = await db.select({ n: count() }).from(contents);
  const p = paging(page, total?.n ?? 0);
  const rows = await db.select().from(contents).orderBy(desc(contents.createdAt), desc(contents.seq)).limit(ADMIN_PAGE_SIZE).offset(p.count);
  return { ...p, contents: rows.map(toApiContent) };
}

export async function getContent(db: Db, id: string): Promise<ApiContent> {
  const [row] = await db.select().from(contents).where(eq(contents.id, id));
  if (!row) throw notFound('Content not found');
  return toApiContent(row);
}

/** A content by its id or its slug (the CLI takes either). */
export async function findContent(db: Db, idOrSlug: string): Promise<ApiContent> {
  const [row] = await db.select().from(contents).where(or(eq(contents.id, idOrSlug), eq(contents.slug, idOrSlug))).limit(1);
  if (!row) throw notFound(`No content with the id or slug '${idOrSlug}'`);
  return toApiContent(row);
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

/** A unique-constraint failure on a content, said in words. */
export function contentConflict(error: unknown, input: Pick<ContentInput, 'slug' | 'url'>): Error {
  const column = uniqueViolation(error);
  if (column === 'contents.slug') return conflict(`The slug '${input.slug}' is already used by another content`);
  if (column === 'contents.url_key') return conflict(`The website ${input.url} is already listed as another content`);
  return error as Error;
}

/** SPEC §4: "creates an empty content and navigates to its edit screen" — a draft with sample values. */
export async function createEmptyContent(db: Db, actor: Actor): Promise<ApiContent> {
  const id = newId();
  const draft: ContentInput = {
    name: 'Sample name',
    slug: `sample-name-${id.slice(-8)}`,
    url: '',
    image: '',
    description: 'Sample description',
    cost: 'Free',
    hasCert: false,
    category: [],
    techStack: [],
    type: [],
  };
  await db.batch([...insertContentStatements(db, id, draft), auditEntry(db, actor, 'content.create', { type: 'content', id })]);
  return getContent(db, id);
}

export async function updateContent(db: Db, actor: Actor, id: string, input: unknown): Promise<ApiContent> {
  const data = parseInput(adminContentInput, input);
  try {
    await db.batch([guard(db, contentExists(id)), ...updateContentStatements(db, id, data), auditEntry(db, actor, 'content.update', { type: 'content', id }, { name: data.name, slug: data.slug })]);
  } catch (error) {
    if (isGuardFailure(error)) throw notFound('Content not found');
    throw contentConflict(error, data);
  }
  return getContent(db, id);
}

/** Deletes a content with its tags, reviews and saves (cascade). */
export async function deleteContent(db: Db, actor: Actor, id: string): Promise<{ message: string }> {
  try {
    await db.batch([guard(db, contentExists(id)), db.delete(contents).where(eq(contents.id, id)), auditEntry(db, actor, 'content.delete', { type: 'content', id })]);
  } catch (error) {
    if (isGuardFailure(error)) throw notFound('Content not found');
    throw error;
  }
  return { message: 'content deleted successfully' };
}
