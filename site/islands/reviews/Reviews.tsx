/**
 * The reviews of a content for a signed-in user (SPEC §2, §4, §5): the list, and either the user's own
 * review or "Write a Review". A posted review is prepended to the list, the page's rating line follows it
 * and the form gives way to the review. The server checks everything again (one review per user, limits).
 */
import { useState, type SubmitEvent } from 'react';
import { apiPost, errorMessage } from '#site/lib/api.ts';
import { toast } from '#site/stores/toasts.ts';
import { FormAlert, SubmitButton } from '../forms/ui.tsx';
import { useHydrated } from '../forms/fields.tsx';
import { OwnReview, ReviewList, type Review } from './ReviewList.tsx';
import { StarInput } from './StarInput.tsx';
import { reviewTotals } from './totals.ts';

export const MISSING_REVIEW = 'Please enter comment and rating';

interface ReviewResult {
  review: Review;
  numReviews: number;
  rating: number;
}

interface ReviewsProps {
  contentId: string;
  reviews: Review[];
  ownReview: Review | null;
}

export default function Reviews(props: ReviewsProps) {
  const [reviews, setReviews] = useState(props.reviews);
  const [ownReview, setOwnReview] = useState(props.ownReview);
  return (
    <>
      <ReviewList reviews={reviews} />
      {ownReview ? (
        <OwnReview review={ownReview} />
      ) : (
        <ReviewForm
          contentId={props.contentId}
          onPosted={(review) => {
            setReviews((current) => [review, ...current.filter((r) => r._id !== review._id)]);
            setOwnReview(review);
          }}
        />
      )}
    </>
  );
}

function ReviewForm({ contentId, onPosted }: { contentId: string; onPosted: (review: Review) => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    // A courtesy: the server refuses the same with the same words.
    if (rating < 1 || comment.trim() === '') return setMissing(true);
    setMissing(false);
    setPosting(true);
    try {
      const result = await apiPost<ReviewResult>(`/api/contents/${encodeURIComponent(contentId)}/reviews`, { rating, comment });
      reviewTotals.set({ rating: result.rating, numReviews: result.numReviews });
      toast('success', 'Review submitted successfully');
      onPosted(result.review);
    } catch (error) {
      setServerError(errorMessage(error));
      setPosting(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="mt-6 flex max-w-xl flex-col gap-3 border-t border-base-300 pt-6" aria-labelledby="write-review">
      <h3 id="write-review" className="text-lg font-semibold">
        Write a Review
      </h3>
      <fieldset disabled={!hydrated || posting} className="contents">
        <StarInput value={rating} onValue={setRating} />
        <div className="fieldset">
          <label className="fieldset-legend text-sm" htmlFor="review-comment">
            Comment
          </label>
          <textarea
            id="review-comment"
            name="comment"
            rows={5}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            className="textarea w-full"
            aria-describedby={missing ? 'review-missing' : undefined}
          />
        </div>
      </fieldset>
      {missing && (
        <p id="review-missing" className="text-sm text-red-700" role="alert" data-review-missing>
          {MISSING_REVIEW}
        </p>
      )}
      <FormAlert message={serverError} />
      <div>
        <SubmitButton loading={posting}>Post review</SubmitButton>
      </div>
    </form>
  );
}
