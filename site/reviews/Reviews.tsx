/**
 * The reviews of a content for a signed-in user (docs/product.md#pages, #how-things-change, #validation): the user's own review heads
 * the list, once, with Edit and Delete; without one, "Write a Review" follows the list. The page's rating
 * line follows every change, and the keyboard focus goes where the change shows: the form when editing
 * starts or after a deletion, the review once posted, saved or the edit cancelled. The server checks everything again (the author or an admin, one review per
 * user, limits).
 */
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { call, errorMessage } from '#site/lib/api.ts';
import type { ReviewResultShape } from '#db/reviews/contract.ts';
import { DEFAULT_REVIEW_ORDER, sortReviews, type ReviewOrder } from '#site/reviews/review-order.ts';
import { toast } from '#site/stores/toasts.ts';
import { BusyButton } from '../ui/fields.tsx';
import { DELETE_REVIEW, ReviewForm } from './ReviewForm.tsx';
import { HelpfulCount, ReviewBody, ReviewList, type Review } from './ReviewList.tsx';
import { ReviewActions, type ReviewVotes, useReviewVotes } from './ReviewActions.tsx';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { reviewTotals } from './totals.ts';

interface ReviewsProps {
  contentId: string;
  reviews: Review[];
  ownReview: Review | null;
  /** The reviews the user voted helpful (the page is the same for everyone: asked for). */
  votedIds: readonly string[];
  /** The order the page was showing when this took over. */
  order?: ReviewOrder;
}

type Focus = 'own' | 'form' | null;

/**
 * The others' reviews, in the order chosen, each with its helpful count as voted now. The order is taken when
 * it is chosen: a vote updates its count in place, and does not move the review from under the pointer or the keyboard.
 */
function useOrderedReviews(props: ReviewsProps, votes: ReviewVotes) {
  const [order, setOrder] = useState<ReviewOrder>(props.order ?? DEFAULT_REVIEW_ORDER);
  // The list without the user's own review, which heads it on its own.
  const others = useMemo(
    () => props.reviews.filter((review) => review._id !== props.ownReview?._id),
    [props.reviews, props.ownReview],
  );
  const counted = (review: Review) => ({ ...review, helpful: votes.countOf(review) });
  const [sequence, setSequence] = useState(() => sortReviews(others, order).map((review) => review._id));
  const reviews = useMemo(() => {
    const byId = new Map(others.map((review) => [review._id, review]));
    return sequence.flatMap((id) => {
      const review = byId.get(id);
      return review ? [{ ...review, helpful: votes.countOf(review) }] : [];
    });
  }, [others, sequence, votes]);
  const chooseOrder = (next: ReviewOrder) => {
    setOrder(next);
    setSequence(sortReviews(others.map(counted), next).map((review) => review._id));
  };
  return { reviews, order, chooseOrder };
}

export default function Reviews(props: ReviewsProps) {
  const [ownReview, setOwnReview] = useState(props.ownReview);
  const votes = useReviewVotes(props.votedIds);
  const { reviews, order, chooseOrder } = useOrderedReviews(props, votes);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const ownRef = useRef<HTMLLIElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { confirm, confirmDialog } = useConfirm();

  useEffect(() => {
    if (focus === 'own') ownRef.current?.focus();
    if (focus === 'form') formRef.current?.focus();
    if (focus) setFocus(null);
  }, [focus]);

  function shown(result: ReviewResultShape, message: string) {
    reviewTotals.set({ rating: result.rating, numReviews: result.numReviews });
    toast('success', message);
    setOwnReview(result.review);
    setEditing(false);
    setFocus('own');
  }

  async function remove(review: Review) {
    const asked = {
      question: DELETE_REVIEW,
      detail: 'Your stars and comment are removed from this content.',
      action: 'Delete',
      tone: 'danger',
    } as const;
    if (!(await confirm(asked))) return;
    setDeleting(true);
    try {
      const totals = await call('deleteReview', { params: { id: review._id } });
      reviewTotals.set({ rating: totals.rating, numReviews: totals.numReviews });
      toast('success', 'Review deleted successfully');
      setOwnReview(null);
      setFocus('form');
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setDeleting(false);
    }
  }

  // Whether its author finished the content is the page's word on the review (the list's), kept across edits.
  const finished = props.reviews.some((review) => review._id === ownReview?._id && review.finished);
  const own = ownReview && (
    <OwnReview
      review={{ ...ownReview, finished }}
      editing={editing}
      deleting={deleting}
      ownRef={ownRef}
      formRef={formRef}
      onEdit={(on) => {
        setEditing(on);
        setFocus(on ? 'form' : 'own');
      }}
      onSent={(result) => shown(result, 'Review updated successfully')}
      onDelete={() => void remove(ownReview)}
    />
  );

  return (
    <>
      <ReviewList
        reviews={reviews}
        order={order}
        onOrder={chooseOrder}
        own={own || undefined}
        actions={(review) => <ReviewActions review={review} votes={votes} />}
      />
      {!ownReview && (
        <ReviewForm
          formRef={formRef}
          heading="Write a Review"
          submitLabel="Post review"
          send={(rating, comment) =>
            call('createReview', { params: { id: props.contentId }, body: { rating, comment } })
          }
          onSent={(result) => shown(result, 'Review submitted successfully')}
        />
      )}
      {confirmDialog}
      {votes.reportDialog}
    </>
  );
}

interface OwnReviewProps {
  review: Review;
  editing: boolean;
  deleting: boolean;
  ownRef: RefObject<HTMLLIElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  /** Editing starts (true) or is cancelled (false). */
  onEdit: (editing: boolean) => void;
  onSent: (result: ReviewResultShape) => void;
  onDelete: () => void;
}

/** The user's own review, heading the list: shown with Edit and Delete, or its form while edited. */
function OwnReview({ review, editing, deleting, ownRef, formRef, onEdit, onSent, onDelete }: OwnReviewProps) {
  return (
    <li
      ref={ownRef}
      tabIndex={-1}
      className="-mx-3 flex flex-col gap-1 rounded-box bg-base-200 px-3 py-4 outline-offset-2"
      aria-labelledby="own-review-heading"
      data-review
      data-own-review
    >
      <h3 id="own-review-heading" className="text-sm font-semibold uppercase tracking-wide text-base-content/80">
        Your review
      </h3>
      {editing ? (
        <ReviewForm
          formRef={formRef}
          heading="Edit your review"
          initial={review}
          submitLabel="Save review"
          send={(rating, comment) => call('changeReview', { params: { id: review._id }, body: { rating, comment } })}
          onSent={onSent}
          onCancel={() => onEdit(false)}
        />
      ) : (
        <>
          <ReviewBody review={review} />
          <HelpfulCount count={review.helpful} />
          <div className="mt-2 flex gap-2">
            <button type="button" className="btn btn-sm" disabled={deleting} onClick={() => onEdit(true)}>
              Edit<span className="sr-only"> your review</span>
            </button>
            <BusyButton
              className="btn btn-sm btn-error btn-outline"
              busy={deleting}
              disabled={deleting}
              onClick={onDelete}
            >
              Delete<span className="sr-only"> your review</span>
            </BusyButton>
          </div>
        </>
      )}
    </li>
  );
}
