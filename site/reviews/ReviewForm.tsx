/**
 * The review form (docs/product.md#pages, #validation): five radio stars and the comment with its counter, to write a
 * review or change one (with Cancel). Checked in the browser as a courtesy; the server checks it again.
 * Used on the content page (./Reviews.tsx) and on My Reviews (site/reviews/MyReviews.tsx).
 */
import type { RefObject } from 'react';
import type { ReviewResultShape } from '#db/reviews/contract.ts';
import { FormAlert, SubmitButton, useHydrated } from '../ui/fields.tsx';
import { useForm, type Checked } from '../ui/use-form.ts';
import { COMMENT_TOO_LONG, CommentField, commentTooLong } from './CommentField.tsx';
import type { Review } from './ReviewList.tsx';
import { StarInput } from './StarInput.tsx';

export const MISSING_REVIEW = 'Please enter comment and rating';
export const DELETE_REVIEW = 'Delete your review?';

interface ReviewFormProps {
  heading: string;
  initial?: Review;
  submitLabel: string;
  send: (rating: number, comment: string) => Promise<ReviewResultShape>;
  onSent: (result: ReviewResultShape) => void;
  onCancel?: () => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

export function ReviewForm({ heading, initial, submitLabel, send, onSent, onCancel, formRef }: ReviewFormProps) {
  const form = useForm({ rating: initial?.rating ?? 0, comment: initial?.comment ?? '' }, { stays: true });
  const { onSubmit, onChange } = form.handlers(checkReview, async ({ rating, comment }) =>
    onSent(await send(rating, comment)),
  );
  const hydrated = useHydrated();
  const editing = Boolean(initial);
  const missing = form.errors.rating === MISSING_REVIEW;

  return (
    <form
      ref={formRef}
      tabIndex={-1}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className={`flex max-w-xl flex-col gap-3 outline-offset-4 ${editing ? 'mt-2' : 'mt-6 border-t border-base-300 pt-6'}`}
      aria-labelledby="review-form-heading"
    >
      <h3 id="review-form-heading" className={editing ? 'sr-only' : 'text-lg font-semibold'}>
        {heading}
      </h3>
      <fieldset disabled={!hydrated || form.sending} className="contents">
        <StarInput value={form.values.rating} onValue={form.set('rating')} />
        <CommentField
          value={form.values.comment}
          onValue={form.set('comment')}
          describedBy={missing ? 'review-missing' : undefined}
        />
      </fieldset>
      {missing && (
        <p id="review-missing" className="text-sm text-error" role="alert" data-review-missing>
          {MISSING_REVIEW}
        </p>
      )}
      <FormAlert message={form.alert ?? form.errors.comment ?? null} onRetry={form.alert ? form.retry : null} />
      <div className="flex gap-2">
        {/* Beside Cancel, the full-width button takes what Cancel leaves: the row never outgrows a phone. */}
        <div className="min-w-0 flex-1">
          <SubmitButton loading={form.sending}>{submitLabel}</SubmitButton>
        </div>
        {onCancel && (
          <button type="button" className="btn" disabled={form.sending} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** Courtesies before sending: the server refuses the same with the same words. */
function checkReview(review: {
  rating: number;
  comment: string;
}): Checked<{ rating: number; comment: string }, 'rating' | 'comment'> {
  if (review.rating < 1 || review.comment.trim() === '') return { errors: { rating: MISSING_REVIEW } };
  if (commentTooLong(review.comment)) return { errors: { comment: COMMENT_TOO_LONG } };
  return { data: review };
}
