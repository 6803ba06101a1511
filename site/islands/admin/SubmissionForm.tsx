/**
 * SPEC §2 Edit submission: the content fields plus the hidden rating, the choices for the tags the submitter
 * proposed (if any); Reject and Approve.
 * Approve posts the edited data; the server creates the content and records the submission as approved in one
 * transaction, so a refusal (e.g. 409, the slug is taken) leaves the submission where it was and the
 * admin stays here to fix it.
 */
import { useState, type SubmitEvent } from 'react';
import { adminContentInput } from '#db/validation/admin.ts';
import { apiDelete, apiPost, errorMessage } from '#site/lib/api.ts';
import { flashToast } from '#site/stores/toasts.ts';
import { FormAlert, fieldErrors, type FieldErrors } from '../forms/ui.tsx';
import { ContentFields, contentValues, type ContentKey, type ContentSource, type ContentValues, type TagOptions } from './ContentFields.tsx';
import { BusyButton, useFocusFirstInvalid, useHydrated } from '../forms/fields.tsx';
import type { ReviewedProposal } from '#db/contract/shapes.ts';
import { ProposedTagChoices, defaultChoices, postedChoices, type ProposalChoice } from './ProposedTagChoices.tsx';
import type { RejectionInput } from '#db/validation/rejection.ts';
import { RejectDialog } from './RejectDialog.tsx';

interface Props {
  submission: ContentSource & { rating: number };
  tags: TagOptions;
  proposals?: ReviewedProposal[];
  /** The page's own title, fetched when it was submitted: offered as the name. */
  pageTitle?: string | null;
}

export default function SubmissionForm({ submission, tags, proposals = [], pageTitle = null }: Props) {
  const [values, setValues] = useState<ContentValues>(() => contentValues(submission));
  const [choices, setChoices] = useState<ProposalChoice[]>(() => defaultChoices(proposals, tags));
  const [errors, setErrors] = useState<FieldErrors<ContentKey>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approving' | 'rejecting' | null>(null);
  const [asking, setAsking] = useState(false);
  const hydrated = useHydrated();
  useFocusFirstInvalid(errors);

  async function approve(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = adminContentInput.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors<ContentKey>(parsed.error.issues));
    setErrors({});
    setBusy('approving');
    try {
      await apiPost(`/api/submissions/${submission._id}`, { _id: submission._id, ...parsed.data, rating: submission.rating, proposedTags: postedChoices(choices) });
      flashToast('success', 'Submission is approved');
      location.assign('/admin/contents');
    } catch (error) {
      setServerError(errorMessage(error));
      setBusy(null);
    }
  }

  async function reject(rejection: RejectionInput) {
    setServerError(null);
    setBusy('rejecting');
    try {
      await apiDelete(`/api/submissions/${submission._id}`, rejection);
      flashToast('success', 'submission deleted successfully');
      location.assign('/admin/submissions');
    } catch (error) {
      setServerError(errorMessage(error));
      setAsking(false);
      setBusy(null);
    }
  }

  return (
    <>
      <form method="post" noValidate onSubmit={approve} onChange={() => setServerError(null)} className="flex flex-col gap-2" aria-label="Edit submission">
        {pageTitle && pageTitle !== values.name && (
          <div role="note" className="alert alert-info text-sm" data-page-title>
            <span>
              The page calls itself <strong>“{pageTitle}”</strong>.
            </span>
            <button type="button" className="btn btn-sm" disabled={!hydrated} onClick={() => setValues((current) => ({ ...current, name: pageTitle }))}>
              Use it as the name
            </button>
          </div>
        )}
        <fieldset disabled={!hydrated} className="contents">
          <ContentFields values={values} onChange={setValues} errors={errors} tags={tags} />
          {proposals.length > 0 && <ProposedTagChoices proposals={proposals} tags={tags} choices={choices} onChange={setChoices} />}
        </fieldset>
        <input type="hidden" name="rating" value={submission.rating} />
        <div className="mt-4 flex flex-col gap-4">
          <FormAlert message={serverError} />
          <div className="grid grid-cols-2 gap-3">
            <BusyButton className="btn btn-error btn-outline" busy={busy === 'rejecting'} disabled={busy !== null} onClick={() => setAsking(true)}>
              Reject
            </BusyButton>
            <BusyButton type="submit" className="btn btn-primary" busy={busy === 'approving'} disabled={busy !== null}>
              Approve
            </BusyButton>
          </div>
        </div>
      </form>
      {/* Outside the edit form: a form may not hold another. */}
      <RejectDialog submission={asking ? { name: values.name || submission.name } : null} busy={busy === 'rejecting'} onCancel={() => setAsking(false)} onReject={(rejection) => void reject(rejection)} />
    </>
  );
}
