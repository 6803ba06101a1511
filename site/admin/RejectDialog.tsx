/**
 * Asks why a submission is rejected before it is (decision 016): one reason of the fixed set and a note to the
 * submitter, both optional — "No reason given" and an empty note reject without them. The islands' one dialog
 * (../ui/Modal.tsx): Escape or Cancel leaves the submission as it was.
 */
import { useEffect, useState } from 'react';
import { REJECT_NOTE_MAX, REJECT_REASONS, type RejectionInput } from '#db/submissions/validation/rejection.ts';
import { BusyButton } from '../ui/fields.tsx';
import { Modal } from '../ui/Modal.tsx';

interface Props {
  /** The submission being rejected (or, `bulk`, the selection: its name says how many); open while set. */
  submission: { name: string; bulk?: boolean } | null;
  busy: boolean;
  onCancel: () => void;
  onReject: (rejection: RejectionInput) => void;
}

export function RejectDialog({ submission, busy, onCancel, onReject }: Props) {
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const open = submission !== null;

  // Each rejection starts blank.
  useEffect(() => {
    if (!open) return;
    setReason('');
    setNote('');
  }, [open]);

  return (
    <Modal open={open} busy={busy} onCancel={onCancel} labelledBy="reject-heading" describedBy="reject-detail">
      <form
        method="dialog"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onReject({
            ...(reason ? { reason: reason as RejectionInput['reason'] } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          });
        }}
      >
        <h2 id="reject-heading" className="text-lg font-bold break-words">
          {submission?.bulk ? `Reject ${submission.name}?` : `Reject “${submission?.name ?? ''}”?`}
        </h2>
        <p id="reject-detail" className="text-sm text-base-content/80">
          The submitter sees the reason and the note on their submissions page and in the mail about the decision.
        </p>
        <div className="fieldset">
          <label className="fieldset-legend text-sm" htmlFor="reject-reason">
            Reason
          </label>
          <select
            id="reject-reason"
            name="reason"
            className="select w-full"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          >
            <option value="">No reason given</option>
            {REJECT_REASONS.map((r) => (
              <option key={r.code} value={r.code}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="fieldset">
          <label className="fieldset-legend text-sm" htmlFor="reject-note">
            Note to the submitter (optional)
          </label>
          <textarea
            id="reject-note"
            name="note"
            rows={3}
            maxLength={REJECT_NOTE_MAX}
            className="textarea w-full"
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <button type="button" className="btn" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <BusyButton type="submit" className="btn btn-error" busy={busy}>
            {submission?.bulk ? `Reject ${submission.name}` : 'Reject submission'}
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}
