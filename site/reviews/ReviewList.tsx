/**
 * A content's reviews (docs/product.md#pages): name, stars, date (the first 10 characters), comment and how many
 * found it helpful, all as text, in one of the orders of site/reviews/review-order.ts with a control to change it.
 * The server renders it for everyone (the control is then shown and worked by the page's own small script);
 * for a signed-in user the reviews island renders it again with their review heading it and each review's
 * Helpful and Report buttons (`actions`).
 */
import type { ReactNode } from 'react';
import type { ApiReviewShape } from '#db/reviews/contract.ts';
import { REVIEW_ORDERS, type ReviewOrder } from '#site/reviews/review-order.ts';
import { isoDay } from '#site/lib/text.ts';
import { plural } from '#db/validation/text.ts';
import { Stars } from '../ui/Stars.tsx';

/** A review as the API gives it (db/reviews/contract.ts); a content page's say whether its author finished it. */
export type Review = ApiReviewShape & { finished?: boolean };

interface Props {
  /** Already in `order`. */
  reviews: readonly Review[];
  order: ReviewOrder;
  /** Given: the control changes the order (the island); absent: the page's script does (invisible until it runs). */
  onOrder?: (order: ReviewOrder) => void;
  own?: ReactNode;
  /** A signed-in user's buttons under each review; without them, the helpful count as text. */
  actions?: (review: Review) => ReactNode;
}

export function ReviewList({ reviews, order, onOrder, own, actions }: Props) {
  if (reviews.length === 0 && !own) {
    return (
      <p className="mt-3" data-no-reviews>
        There is no review
      </p>
    );
  }
  return (
    <>
      {reviews.length > 1 && (
        // Without the island its place is kept, invisible, until the page's script makes it work: nothing moves.
        <label
          className={`mt-3 flex items-center gap-2 text-sm ${onOrder ? '' : 'invisible'}`}
          data-review-order-control
        >
          <span className="font-semibold">Sort reviews</span>
          <select
            className="select select-sm w-auto"
            value={order}
            onChange={onOrder && ((event) => onOrder(event.currentTarget.value as ReviewOrder))}
            data-review-order
          >
            {Object.entries(REVIEW_ORDERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      )}
      <ul className="mt-3 divide-y divide-base-300" data-reviews>
        {own}
        {reviews.map((review) => (
          <li
            key={review._id}
            className="flex flex-col gap-1 py-4"
            data-review={review._id}
            data-helpful={review.helpful}
            data-rating={review.rating}
            data-created={review.createdAt}
          >
            <ReviewBody review={review} />
            {actions ? actions(review) : <HelpfulCount count={review.helpful} />}
          </li>
        ))}
      </ul>
    </>
  );
}

/** "3 people found this helpful"; nothing before the first vote. */
export function HelpfulCount({ count }: { count: number }) {
  return count > 0 ? (
    <p className="text-sm text-base-content/80" data-helpful-count>
      {`${plural(count, 'person', 'people')} found this helpful`}
    </p>
  ) : null;
}

/** What a review says: who, how many stars, when, and the comment. */
export function ReviewBody({ review }: { review: Review }) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{review.name}</span>
        {review.finished && (
          <span className="badge badge-sm gap-1 border-success/50 bg-success/10 text-base-content" data-finished>
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="size-3 text-base-content"
            >
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
            </svg>
            Finished it
          </span>
        )}
      </p>
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
