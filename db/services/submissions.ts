/** Links users submit for the admins to review (SPEC §4 submission lifecycle). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { conflict } from '../errors.ts';
import { newId } from '../ids.ts';
import { contents, submissions, type Submission } from '../schema.ts';
import type { Tag } from '../taxonomy.ts';
import { cleanUrl, nameFromUrl, slugify, urlKey } from '../urls.ts';
import { submissionInput } from '../validation/engagement.ts';
import { parseInput } from '../validation/parse.ts';

/** A submission as SPEC §3 shows it. */
export interface ApiSubmission {
  _id: string;
  name: string;
  slug: string;
  url: string;
  image: string;
  category: Tag[];
  techStack: Tag[];
  type: Tag[];
  cost: string;
  hasCert: boolean;
  description: string;
  rating: number;
  createdAt: string;
}

export const toApiSubmission = (s: Submission): ApiSubmission => ({
  _id: s.id,
  name: s.name,
  slug: s.slug,
  url: s.url,
  image: s.image,
  category: s.category,
  techStack: s.techStack,
  type: s.type,
  cost: s.cost,
  hasCert: s.hasCert,
  description: s.description,
  rating: s.rating,
  createdAt: s.createdAt.toISOString(),
});

/** Why a URL cannot be submitted: it is already a content, or already waiting in the queue. */
async function duplicateMessage(db: Db, key: string): Promise<string> {
  const [content] = await db.select({ name: contents.name }).from(contents).where(eq(contents.urlKey, key));
  if (content) return `This resource is already listed as '${content.name}'`;
  const [pending] = await db.select({ name: submissions.name }).from(submissions).where(eq(submissions.urlKey, key));
  return `This resource was already submitted as '${pending?.name ?? 'another submission'}' and is waiting for review`;
}

/**
 * Queues a new link. The URL is normalised (tracking parameters and fragment dropped) and must not already
 * be a content or a pending submission: checked in the insert itself, so two users submitting the same
 * link at once get one submission and one 409.
 */
export async function createSubmission(db: Db, userId: string, input: unknown): Promise<ApiSubmission> {
  const data = parseInput(submissionInput, input);
  const url = cleanUrl(data.url);
  const key = urlKey(url);
  const name = data.name || nameFromUrl(url);
  const row = {
    id: newId(),
    userId,
    name,
    slug: slugify(name),
    url,
    urlKey: key,
    image: '',
    category: data.category,
    techStack: data.techStack,
    type: data.type,
    cost: data.cost,
    hasCert: data.hasCert,
    description: data.description,
  };
  const [created] = await db
    .insert(submissions)
    .select(
      db
        .select({
          id: sql`${row.id}`.as('id'),
          userId: sql`${row.userId}`.as('user_id'),
          name: sql`${row.name}`.as('name'),
          slug: sql`${row.slug}`.as('slug'),
          url: sql`${row.url}`.as('url'),
          urlKey: sql`${row.urlKey}`.as('url_key'),
          image: sql`${row.image}`.as('image'),
          category: sql`${JSON.stringify(row.category)}`.as('category'),
          techStack: sql`${JSON.stringify(row.techStack)}`.as('tech_stack'),
          type: sql`${JSON.stringify(row.type)}`.as('type'),
          cost: sql`${row.cost}`.as('cost'),
          hasCert: sql`${row.hasCert ? 1 : 0}`.as('has_cert'),
          description: sql`${row.description}`.as('description'),
          rating: sql`0`.as('rating'),
          createdAt: sql`${Date.now()}`.as('created_at'),
        })
        .from(sql`(SELECT 1)`)
        .where(sql`NOT EXISTS (SELECT 1 FROM ${contents} WHERE ${contents.urlKey} = ${key})`),
    )
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict(await duplicateMessage(db, key));
  return toApiSubmission(created);
}
