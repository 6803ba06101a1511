/**
 * The content page's rating line: stars, the average and the review count (a link to the reviews). Rendered
 * on the server for visitors (no JavaScript); hydrated for a signed-in user, whose posted review updates it.
 */
import { useStore } from '@nanostores/react';
import { plural } from '#db/validation/text.ts';
import { Stars } from '../ui/Stars.tsx';
import { reviewTotals, type ReviewTotals } from './totals.ts';

export default function RatingSummary(props: ReviewTotals) {
  const { rating, numReviews } = useStore(reviewTotals) ?? props;
  return (
    <p className="flex flex-wrap items-center gap-2" data-rating-summary>
      <Stars rating={rating} size="lg" />
      <span className="font-semibold" data-average>
        {numReviews > 0 ? rating.toFixed(1) : 'Not rated yet'}
      </span>
      <a
        href="#reviews"
        className="link text-base-content/80 touch:inline-flex touch:min-h-11 touch:items-center"
        data-review-count
      >
        ({plural(numReviews, 'review')})
      </a>
    </p>
  );
}
