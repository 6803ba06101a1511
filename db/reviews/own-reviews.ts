/** What a reviewer sees of the reviews they wrote (docs/product.md#pages My Reviews): each with its content, newest first. */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ADMIN_PAGE_SIZE, paging } from '../paging.ts';
import { contents, reviews } from '../schema.ts';
import { toApiReview } from '../catalog/catalog-reads.ts';
import type { MyReviewListShape, MyReviewShape } from './contract.ts';

/** The user's reviews, newest first (a review goes with its content, so each has one). */
const ownReviews = (db: Db, userId: string) =>
  db
    .select({ review: reviews, content: { _id: contents.id, name: contents.name, slug: contents.slug } })
    .from(reviews)
    .innerJoin(contents, eq(contents.id, reviews.contentId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));

const toMyReview = ({
  review,
  content,
}: {
  review: typeof reviews.$inferSelect;
  content: MyReviewShape['content'];
}): MyReviewShape => ({
  ...toApiReview(review),
  content,
});

/** A page of the user's reviews, ten a page; `page` is any input (a bad one is page 1, past the end the last). */
export async function listOwnReviews(db: Db, userId: string, page: unknown): Promise<MyReviewListShape> {
  const [total] = await db.select({ n: count() }).from(reviews).where(eq(reviews.userId, userId));
  const p = paging(page, total?.n ?? 0);
  const rows = await ownReviews(db, userId).limit(ADMIN_PAGE_SIZE).offset(p.count);
  return { ...p, reviews: rows.map(toMyReview) };
}

/** Every review of the user (their data export). */
export async function allOwnReviews(db: Db, userId: string): Promise<MyReviewShape[]> {
  return (await ownReviews(db, userId)).map(toMyReview);
}
