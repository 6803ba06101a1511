/**
 * Asks why a review is reported (docs/product.md#how-things-change): one reason of the fixed set, required. The islands' one
 * dialog (../ui/Modal.tsx): Escape or Cancel reports nothing.
 */
import { useEffect, useState } from 'react';
import { REVIEW_REPORT_REASONS, type ReviewReportReason } from '#db/reviews/validation/review-reports.ts';
import { BusyButton } from '../ui/fields.tsx';
import { Modal } from '../ui/Modal.tsx';

interface Props {
  /** The reviewer's name of the review being reported; open while set. */
  author: string | null;
  busy: boolean;
  onCancel: () => void;
  onReport: (reason: ReviewReportReason) => void;
}

export function ReportReviewDialog({ author, busy, onCancel, onReport }: Props) {
  const [reason, setReason] = useState<ReviewReportReason | ''>('');
  const [missing, setMissing] = useState(false);
  const open = author !== null;

  // Each report starts blank.
  useEffect(() => {
    if (!open) return;
    setReason('');
    setMissing(false);
  }, [open]);

  return (
    <Modal
      open={open}
      busy={busy}
      onCancel={onCancel}
      labelledBy="report-review-heading"
      describedBy="report-review-detail"
    >
      <form
        method="dialog"
        className="flex flex-col gap-3"
        data-report-review-dialog
        onSubmit={(event) => {
          event.preventDefault();
          if (reason) onReport(reason);
          else setMissing(true);
        }}
      >
        <h2 id="report-review-heading" className="text-lg font-bold break-words">
          Report the review by {author ?? ''}?
        </h2>
        <p id="report-review-detail" className="text-sm text-base-content/80">
          An admin reads what you report and removes the review if it breaks the rules. The reviewer is not told who
          reported it.
        </p>
        <fieldset className="fieldset" aria-describedby={missing ? 'report-review-missing' : undefined}>
          <legend className="fieldset-legend text-sm">Why?</legend>
          {REVIEW_REPORT_REASONS.map((r) => (
            <label key={r.code} className="flex min-h-8 items-center gap-2 text-sm">
              <input
                type="radio"
                name="reason"
                className="radio radio-sm"
                value={r.code}
                checked={reason === r.code}
                onChange={() => {
                  setReason(r.code);
                  setMissing(false);
                }}
              />
              {r.label}
            </label>
          ))}
          {missing && (
            <p id="report-review-missing" role="alert" className="text-sm text-error">
              Choose a reason
            </p>
          )}
        </fieldset>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <button type="button" className="btn" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <BusyButton type="submit" className="btn btn-primary" busy={busy} disabled={busy}>
            Report review
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}
