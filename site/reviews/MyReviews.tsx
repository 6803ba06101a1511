/**
 * My Reviews (docs/product.md#pages): the reviews the user wrote, each with its content (a link to its page), stars,
 * date and comment, and Edit (the content page's review form, in place) and Delete ("Delete your review?").
 * Rendered on the server from the database, a page at a time; the island changes the list as the user does.
 */
import { useEffect, useRef, useState } from 'react';
import type { MyReviewShape, ReviewResultShape } from '#db/reviews/contract.ts';
import { call, errorMessage } from '#site/lib/api.ts';
import { isoDay } from '#site/lib/text.ts';
import { toast } from '#site/stores/toasts.ts';
import { BusyButton, FormAlert } from '../ui/fields.tsx';
import { DELETE_REVIEW, ReviewForm } from './ReviewForm.tsx';
import { Stars } from '../ui/Stars.tsx';
import { useConfirm } from '../ui/ConfirmDialog.tsx';

interface MyReviewsProps {
  reviews: MyReviewShape[];
  /** The user's reviews on every page. */
  total: number;
  /** Where to go when this page's last review is deleted and others remain (the page before, or the first). */
  otherPage: string;
}

export default function MyReviews(props: MyReviewsProps) {
  const [reviews, setReviews] = useState(props.reviews);
  const [total, setTotal] = useState(props.total);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  // A deleted review's buttons go with it: the keyboard focus moves to the list's heading, not to nowhere.
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // The review whose form just closed (saved or cancelled): the focus returns to its content's link.
  const [closed, setClosed] = useState<string | null>(null);

  useEffect(() => {
    if (editing) form.current?.focus();
  }, [editing]);
  useEffect(() => {
    if (!closed) return;
    document.querySelector<HTMLElement>(`[data-my-review="${CSS.escape(closed)}"] a`)?.focus();
    setClosed(null);
  }, [closed]);

  function close(id: string) {
    setEditing(null);
    setClosed(id);
  }

  async function remove(review: MyReviewShape) {
    const asked = {
      question: DELETE_REVIEW,
      detail: 'Your stars and comment are removed from this content.',
      action: 'Delete',
      tone: 'danger',
    } as const;
    if (!(await confirm(asked))) return;
    setDeleting(review._id);
    setError(null);
    try {
      await call('deleteReview', { params: { id: review._id } });
      const left = reviews.filter((r) => r._id !== review._id);
      setReviews(left);
      setTotal(total - 1);
      toast('success', 'Review deleted successfully');
      if (left.length === 0 && total > 1) location.assign(props.otherPage);
      else heading.current?.focus();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setDeleting(null);
    }
  }

  function changed(result: ReviewResultShape) {
    setReviews((list) => list.map((r) => (r._id === result.review._id ? { ...r, ...result.review } : r)));
    close(result.review._id);
    toast('success', 'Review updated successfully');
  }

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="my-reviews-heading" ref={heading} tabIndex={-1} className="card-title text-2xl outline-none">
          Your Reviews
        </h1>
        {total > 0 && (
          <p className="text-sm text-base-content/80" data-my-reviews-total>
            {total} {total === 1 ? 'review' : 'reviews'}
          </p>
        )}
      </div>
      <FormAlert message={error} />
      {total === 0 ? (
        <p className="py-6 text-center text-lg" data-my-reviews-empty>
          You have not reviewed anything yet.{' '}
          <a href="/search" className="link link-primary font-semibold">
            Find something to review
          </a>
        </p>
      ) : (
        <ol className="divide-y divide-base-300" data-my-reviews-list>
          {reviews.map((review) => (
            <li key={review._id} className="flex flex-col gap-1 py-4" data-my-review={review._id}>
              <a
                href={`/content/${encodeURIComponent(review.content.slug)}`}
                className="link link-hover font-semibold break-words"
              >
                {review.content.name}
              </a>
              {editing === review._id ? (
                <ReviewForm
                  formRef={form}
                  heading={`Edit your review of ${review.content.name}`}
                  initial={review}
                  submitLabel="Save review"
                  send={(rating, comment) =>
                    call('changeReview', { params: { id: review._id }, body: { rating, comment } })
                  }
                  onSent={changed}
                  onCancel={() => close(review._id)}
                />
              ) : (
                <>
                  <div className="flex items-center gap-2 text-sm">
                    <Stars rating={review.rating} size="sm" />
                    <time dateTime={review.createdAt} className="text-base-content/80">
                      {isoDay(review.createdAt)}
                    </time>
                  </div>
                  <p className="whitespace-pre-line break-words">{review.comment}</p>
                  <div className="mt-2 flex gap-2">
                    <BusyButton
                      className="btn btn-sm"
                      busy={false}
                      disabled={deleting !== null}
                      onClick={() => setEditing(review._id)}
                    >
                      Edit<span className="sr-only"> your review of {review.content.name}</span>
                    </BusyButton>
                    <BusyButton
                      className="btn btn-sm btn-error btn-outline"
                      busy={deleting === review._id}
                      disabled={deleting !== null}
                      onClick={() => void remove(review)}
                    >
                      Delete<span className="sr-only"> your review of {review.content.name}</span>
                    </BusyButton>
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {confirmDialog}
    </>
  );
}
