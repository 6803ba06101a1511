/**
 * The admin's reviews table (docs/product.md#pages Admin reviews): every review with its content and the reports waiting on it, found by
 * words in the comment, the reviewer's name or the content's name, filtered by content, stars or reports waiting, sorted by
 * any column, paged. Deleting goes through reviews.ts (deleteReview), which audits an admin's deletion.
 */
import { and, asc, count, desc, eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { paging } from '../paging.ts';
import { contents, reviews } from '../schema.ts';
import { containsPattern, parseListQuery } from '../validation/list-query.ts';
import { REVIEW_LIST } from './validation/review-list.ts';
import { toApiReview } from '../catalog/catalog-reads.ts';
import type { AdminReviewListShape } from './contract.ts';
import { isReported, reportCount, reportSummaries } from './review-reports.ts';

const SORT_COLUMNS = {
  createdAt: reviews.createdAt,
  rating: reviews.rating,
  name: sql`${reviews.name} COLLATE NOCASE`,
  content: sql`${contents.name} COLLATE NOCASE`,
  reports: reportCount,
} as const;

/** Contains the text, its own %, _ and \\ matched literally. */
const contains = (column: SQLWrapper, pattern: string) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;

/** Accepts anything (parseListQuery): what it cannot apply is the default. */
export async function listReviewsForAdmin(
  db: Db,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<AdminReviewListShape> {
  const query = parseListQuery(REVIEW_LIST, params);
  const { content, rating, reported } = query.filters;
  const pattern = containsPattern(query.search);
  const where = and(
    content ? eq(reviews.contentId, content) : undefined,
    rating ? eq(reviews.rating, Number(rating)) : undefined,
    reported ? isReported : undefined,
    query.search
      ? or(contains(reviews.comment, pattern), contains(reviews.name, pattern), contains(contents.name, pattern))
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(reviews)
    .innerJoin(contents, eq(contents.id, reviews.contentId))
    .where(where);
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
  const reports = await reportSummaries(
    db,
    rows.map((row) => row.review.id),
  );
  const filtered = content
    ? await db.select({ _id: contents.id, name: contents.name }).from(contents).where(eq(contents.id, content))
    : undefined;
  return {
    ...page,
    pageSize: query.pageSize,
    ...(filtered ? { content: filtered[0] ?? null } : {}),
    reviews: rows.map(({ review, content }) => ({
      ...toApiReview(review),
      userId: review.userId,
      content,
      reports: reports.get(review.id) ?? { count: 0, reasons: [] },
    })),
  };
}
