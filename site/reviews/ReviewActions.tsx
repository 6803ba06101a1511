/**
 * What a signed-in user may do with someone else's review (docs/product.md#how-things-change): vote it helpful or take the
 * vote back (a toggle, its count beside it), and report it with a reason. The votes they gave come from the
 * server (the page is the same for everyone); each answer brings the review's exact count. The server refuses
 * a vote or report on one's own review; the island never offers one.
 */
import { useMemo, useState } from 'react';
import { ApiError, call, errorMessage } from '#site/lib/api.ts';
import type { ReviewReportReason } from '#db/reviews/validation/review-reports.ts';
import { toast } from '#site/stores/toasts.ts';
import { HelpfulCount, type Review } from './ReviewList.tsx';
import { ReportReviewDialog } from './ReportReviewDialog.tsx';

export interface ReviewVotes {
  /** The review's count with this user's votes since the page came. */
  countOf: (review: Review) => number;
  voted: (review: Review) => boolean;
  reported: (review: Review) => boolean;
  busy: (review: Review) => boolean;
  toggle: (review: Review) => Promise<void>;
  askReport: (review: Review) => void;
  /** The one report dialog, to render once beside the list. */
  reportDialog: React.ReactNode;
}

export function useReviewVotes(votedIds: readonly string[]): ReviewVotes {
  const [voted, setVoted] = useState(() => new Set(votedIds));
  const [counts, setCounts] = useState(() => new Map<string, number>());
  const [reported, setReported] = useState(() => new Set<string>());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [reporting, setReporting] = useState<Review | null>(null);

  async function toggle(review: Review) {
    const params = { id: review._id };
    setBusyId(review._id);
    try {
      const answer = voted.has(review._id)
        ? await call('retractHelpfulVote', { params })
        : await call('voteHelpful', { params });
      setCounts((now) => new Map(now).set(review._id, answer.helpful));
      setVoted((now) => {
        const next = new Set(now);
        if (answer.voted) next.add(review._id);
        else next.delete(review._id);
        return next;
      });
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setBusyId(null);
    }
  }

  async function report(reason: ReviewReportReason) {
    const review = reporting;
    if (!review) return;
    setBusyId(review._id);
    try {
      const answer = await call('reportReview', { params: { id: review._id }, body: { reason } });
      toast('success', answer.message);
      setReported((now) => new Set(now).add(review._id));
    } catch (error) {
      // Reported before (on another device): the same as done.
      if (error instanceof ApiError && error.status === 409) setReported((now) => new Set(now).add(review._id));
      toast('error', errorMessage(error));
    } finally {
      setBusyId(null);
      setReporting(null);
    }
  }

  const reportDialog = (
    <ReportReviewDialog
      author={reporting?.name ?? null}
      busy={reporting !== null && busyId === reporting._id}
      onCancel={() => setReporting(null)}
      onReport={(reason) => void report(reason)}
    />
  );

  // A new object whenever something changed, so the list sorted by it follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers read the state they close over
  return useMemo(
    () => ({
      countOf: (review) => counts.get(review._id) ?? review.helpful,
      voted: (review) => voted.has(review._id),
      reported: (review) => reported.has(review._id),
      busy: (review) => busyId === review._id,
      toggle,
      askReport: setReporting,
      reportDialog,
    }),
    [voted, counts, reported, busyId, reporting],
  );
}

export function ReviewActions({ review, votes }: { review: Review; votes: ReviewVotes }) {
  const voted = votes.voted(review);
  const busy = votes.busy(review);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1" data-review-actions>
      <button
        type="button"
        className={`btn btn-sm touch:min-h-11 ${voted ? 'btn-primary' : 'btn-outline'}`}
        aria-pressed={voted}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => void votes.toggle(review)}
        data-helpful-button
      >
        Helpful<span className="sr-only"> review by {review.name}</span>
      </button>
      <HelpfulCount count={review.helpful} />
      {votes.reported(review) ? (
        <span className="text-sm text-base-content/80" data-review-reported>
          Reported
        </span>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-sm touch:min-h-11"
          disabled={busy}
          onClick={() => votes.askReport(review)}
          data-report-review
        >
          Report<span className="sr-only"> review by {review.name}</span>
        </button>
      )}
    </div>
  );
}
