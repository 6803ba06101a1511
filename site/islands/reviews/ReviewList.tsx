/** A content's reviews, newest first (SPEC §2): name, stars, date (the first 10 characters) and comment, all as text. */
import type { ApiReviewShape } from '#db/contract/shapes.ts';
import { isoDay } from '#site/lib/text.ts';
import { Stars } from './Stars.tsx';

/** A review as the API gives it (db/contract/shapes.ts, the one home of the API's shapes). */
export type Review = ApiReviewShape;

export function ReviewList({ reviews }: { reviews: readonly Review[] }) {
  if (reviews.length === 0) {
    return (
      <p className="mt-3" data-no-reviews>
        There is no review
      </p>
    );
  }
  return (
    <ul className="mt-3 divide-y divide-base-300" data-reviews>
      {reviews.map((review) => (
        <li key={review._id} className="flex flex-col gap-1 py-4" data-review>
          <p className="font-semibold">{review.name}</p>
          <div className="flex items-center gap-2 text-sm">
            <Stars rating={review.rating} size="sm" />
            <time dateTime={review.createdAt} className="text-base-content/80">
              {isoDay(review.createdAt)}
            </time>
          </div>
          <p className="whitespace-pre-line">{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}

/** The signed-in user's own review, shown instead of the form. */
export function OwnReview({ review }: { review: Review }) {
  return (
    <div className="mt-6 border-t border-base-300 pt-6" data-own-review>
      <h3 className="text-lg font-semibold">Your review</h3>
      <div className="mt-2 flex items-center gap-2 text-sm">
        <Stars rating={review.rating} size="sm" />
        <time dateTime={review.createdAt} className="text-base-content/80">
          {isoDay(review.createdAt)}
        </time>
      </div>
      <p className="mt-1 whitespace-pre-line">{review.comment}</p>
    </div>
  );
}
