/**
 * The admin's reviews table (docs/product.md §2 Admin reviews): every review with its content, found by
 * words in the comment, the reviewer's name or the content's name, filtered by content or stars, sorted by
 * any column, paged. Deleting goes through reviews.ts (deleteReview), which audits an admin's deletion.
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { paging, type Paging } from '../paging.ts';
import { contents, reviews } from '../schema.ts';
import { parseInput } from '../validation/parse.ts';
import { reviewListQuery, type ReviewListQuery } from '../validation/review-list.ts';
import { toApiReview, type ApiReview } from './catalog.ts';

export interface AdminReviewRow extends ApiReview {
  userId: string;
  content: { _id: string; name: string; slug: string };
}

export interface AdminReviewList extends Paging {
  pageSize: number;
  sort: ReviewListQuery['sort'];
  order: ReviewListQuery['order'];
  search?: string;
  rating?: number;
  /** The content filtered on, with its name for the filter's chip; null when it no longer exists. */
  content?: { _id: string; name: string } | null;
  reviews: AdminReviewRow[];
}

const SORT_COLUMNS = {
  createdAt: reviews.createdAt,
  rating: reviews.rating,
  name: sql`${reviews.name} COLLATE NOCASE`,
  content: sql`${contents.name} COLLATE NOCASE`,
} as const;

/** Case-insensitive containment (instr, not LIKE: the admin's % and _ are plain characters). */
const contains = (column: SQL | typeof reviews.comment, words: string) => sql`instr(lower(${column}), lower(${words})) > 0`;

export async function listReviewsForAdmin(db: Db, input: unknown): Promise<AdminReviewList> {
  const query = parseInput(reviewListQuery, input);
  const where = and(
    query.content ? eq(reviews.contentId, query.content) : undefined,
    query.rating ? eq(reviews.rating, query.rating) : undefined,
    query.search ? or(contains(reviews.comment, query.search), contains(sql`${reviews.name}`, query.search), contains(sql`${contents.name}`, query.search)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(reviews).innerJoin(contents, eq(contents.id, reviews.contentId)).where(where);
  const page = paging(query.page, total?.n ?? 0, query.pageSize);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ review: reviews, content: { _id: contents.id, name: contents.name, slug: contents.slug } })
    .from(reviews)
    .innerJoin(contents, eq(contents.id, reviews.contentId))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(reviews.createdAt), direction(reviews.id))
    .limit(query.pageSize)
    .offset(page.count);
  const filtered = query.content ? await db.select({ _id: contents.id, name: contents.name }).from(contents).where(eq(contents.id, query.content)) : undefined;
  return {
    ...page,
    pageSize: query.pageSize,
    sort: query.sort,
    order: query.order,
    ...(query.search ? { search: query.search } : {}),
    ...(query.rating ? { rating: query.rating } : {}),
    ...(filtered ? { content: filtered[0] ?? null } : {}),
    reviews: rows.map(({ review, content }) => ({ ...toApiReview(review), userId: review.userId, content })),
  };
}
