/** The admin's content management (docs/product.md#pages Edit content); the admin's table is db/reports/content-table.ts. */
import { count, desc, eq, or, sql } from 'drizzle-orm';
import { guard, isGuardFailure, uniqueViolation } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { contentDrafts, contents } from '../schema.ts';
import { adminContentInput, type ContentInput } from './validation/contents.ts';
import { parseInput } from '../validation/parse.ts';
import { refusePrivateWebsite } from '../outbound/public-addresses.ts';
import { parseSearchParams, PAGE_SIZE } from './validation/search.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import { searchContents } from './catalog-reads.ts';
import { addTagStatements, settleAdminTags } from './tags/tags.ts';
import { insertContentStatements, toApiContent, toApiDraft, updateContentStatements } from './content-rows.ts';
import type { ContentShape } from './contract.ts';

/** A content or a draft, by id: what the admin's edit screen and GET /api/contents/{id} show. */
export async function getContent(db: Db, id: string): Promise<ContentShape> {
  const [row] = await db.select().from(contents).where(eq(contents.id, id));
  if (row) return toApiContent(row);
  const [draft] = await db.select().from(contentDrafts).where(eq(contentDrafts.id, id));
  if (!draft) throw notFound('Content not found');
  return toApiDraft(draft);
}

/** A content or a draft by its id or its slug (the CLI takes either). */
export async function findContent(db: Db, idOrSlug: string): Promise<ContentShape> {
  const [row] = await db
    .select()
    .from(contents)
    .where(or(eq(contents.id, idOrSlug), eq(contents.slug, idOrSlug)))
    .limit(1);
  if (row) return toApiContent(row);
  const [draft] = await db
    .select()
    .from(contentDrafts)
    .where(or(eq(contentDrafts.id, idOrSlug), eq(contentDrafts.slug, idOrSlug)))
    .limit(1);
  if (!draft) throw notFound(`No content with the id or slug '${idOrSlug}'`);
  return toApiDraft(draft);
}

export interface ContentListing {
  contents: ContentShape[];
  /** How many match in all (the listing shows at most `limit`). */
  total: number;
  /** The words searched instead when the term as typed matched nothing (the catalog's typo fallback). */
  correctedTerm?: string;
}

/** Newest first, or the catalog's search (relevance order, typo fallback) when a term is given. */
export async function listContents(db: Db, options: { search?: string; limit: number }): Promise<ContentListing> {
  if (!options.search?.trim()) {
    const [total] = await db.select({ n: count() }).from(contents);
    const rows = await db
      .select()
      .from(contents)
      .orderBy(desc(contents.createdAt), desc(contents.seq))
      .limit(options.limit);
    return { contents: rows.map(toApiContent), total: total?.n ?? 0 };
  }
  const found: ContentShape[] = [];
  for (let page = 1; found.length < options.limit; page++) {
    const result = await searchContents(db, parseSearchParams({ searchTerm: options.search, page: String(page) }));
    found.push(...result.contents);
    if (page >= result.pages || result.contents.length < PAGE_SIZE || found.length >= options.limit) {
      return {
        contents: found.slice(0, options.limit),
        total: result.countContents,
        ...(result.correctedTerm ? { correctedTerm: result.correctedTerm } : {}),
      };
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
 * docs/product.md#how-things-change: Create Content "makes a draft and opens it". It starts as a draft with sample values,
 * seen only in the admin screens; saving it with every required field publishes it.
 */
export async function createEmptyContent(db: Db, actor: Actor): Promise<ContentShape> {
  const id = newId();
  await db.batch([
    db
      .insert(contentDrafts)
      .values({ id, name: 'Sample name', slug: `sample-name-${id.slice(-8)}`, description: 'Sample description' }),
    auditEntry(db, actor, 'content.create', { type: 'content', id }),
  ]);
  return getContent(db, id);
}

/**
 * Saves the admin's edit of a content. A draft saved with every required field is published: it moves
 * into the catalog in one batch (with its id), or stays a draft when the batch is refused (a taken slug
 * or website is a 409).
 */
export async function updateContent(db: Db, actor: Actor, id: string, input: unknown): Promise<ContentShape> {
  const parsed = parseInput(adminContentInput, input);
  refusePrivateWebsite(parsed.url);
  const [draft] = await db.select({ id: contentDrafts.id }).from(contentDrafts).where(eq(contentDrafts.id, id));
  for (let attempt = 1; ; attempt++) {
    // Tags the edit names that are new are created in its batch (audited as tag.create).
    const { data, created } = await settleAdminTags(db, parsed);
    const newTags = created.flatMap(({ kind, tag }) => addTagStatements(db, actor, kind, tag, { content: id }));
    try {
      if (draft) {
        await db.batch([
          guard(db, draftExists(id)),
          ...newTags,
          ...insertContentStatements(db, id, data),
          db.delete(contentDrafts).where(eq(contentDrafts.id, id)),
          auditEntry(db, actor, 'content.publish', { type: 'content', id }, { name: data.name, slug: data.slug }),
        ]);
      } else {
        await db.batch([
          guard(db, contentExists(id)),
          ...newTags,
          ...updateContentStatements(db, id, data),
          auditEntry(db, actor, 'content.update', { type: 'content', id }, { name: data.name, slug: data.slug }),
        ]);
      }
      return getContent(db, id);
    } catch (error) {
      if (isGuardFailure(error)) throw notFound('Content not found');
      // A tag this edit creates was added meanwhile (another edit, the tag screens): settle again, attaching it.
      if (attempt < 3 && uniqueViolation(error) === 'tags.kind') continue;
      throw contentConflict(error, data);
    }
  }
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
