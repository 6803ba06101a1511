/**
 * A content's reviews, newest first (docs/product.md §2): name, stars, date (the first 10 characters) and
 * comment, all as text. A signed-in user's own review, when given, heads the list (site/islands/reviews/Reviews.tsx).
 */
import type { ReactNode } from 'react';
import type { ApiReviewShape } from '#db/contract/shapes.ts';
import { isoDay } from '#site/lib/text.ts';
import { Stars } from './Stars.tsx';

/** A review as the API gives it (db/contract/shapes.ts, the one home of the API's shapes). */
export type Review = ApiReviewShape;

export function ReviewList({ reviews, own }: { reviews: readonly Review[]; own?: ReactNode }) {
  if (reviews.length === 0 && !own) {
    return (
      <p className="mt-3" data-no-reviews>
        There is no review
      </p>
    );
  }
  return (
    <ul className="mt-3 divide-y divide-base-300" data-reviews>
      {own}
      {reviews.map((review) => (
        <li key={review._id} className="flex flex-col gap-1 py-4" data-review>
          <ReviewBody review={review} />
        </li>
      ))}
    </ul>
  );
}

/** What a review says: who, how many stars, when, and the comment. */
export function ReviewBody({ review }: { review: Review }) {
  return (
    <>
      <p className="font-semibold">{review.name}</p>
      <div className="flex items-center gap-2 text-sm">
        <Stars rating={review.rating} size="sm" />
        <time dateTime={review.createdAt} className="text-base-content/80">
          {isoDay(review.createdAt)}
        </time>
      </div>
      <p className="whitespace-pre-line break-words">{review.comment}</p>
    </>
  );
}
