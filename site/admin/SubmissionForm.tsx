/**
 * docs/product.md#pages Edit submission: the content fields plus the hidden rating, the choices for the tags the submitter
 * proposed (if any); Reject and Approve.
 * Approve posts the edited data; the server creates the content and records the submission as approved in one
 * transaction, so a refusal (e.g. 409, the slug is taken) leaves the submission where it was and the
 * admin stays here to fix it.
 */
import { useState } from 'react';
import type { ReviewedProposal } from '#db/submissions/admin-contract.ts';
import { adminContentInput, type AdminContentInput } from '#db/catalog/validation/contents.ts';
import type { RejectionInput } from '#db/submissions/validation/rejection.ts';
import { call } from '#site/lib/api.ts';
import { flashToast } from '#site/stores/toasts.ts';
import { BusyButton, FormAlert, useHydrated } from '../ui/fields.tsx';
import { checked, useFocusFirstInvalid, useForm } from '../ui/use-form.ts';
import { approvalNeeds, type ApprovalNeed } from '#db/submissions/validation/approval-needs.ts';
import {
  ContentFields,
  contentValues,
  type ContentKey,
  type ContentValues,
  type ContentSource,
  type TagOptions,
} from './ContentFields.tsx';
import { ProposedTagChoices, defaultChoices, postedChoices, type ProposalChoice } from './ProposedTagChoices.tsx';
import { RejectDialog } from './RejectDialog.tsx';

/**
 * What an approval refuses, said beside the field that lacks it before the round trip, in the words of the
 * server's reason ("needs a category and a format": the Categories and Format of the material fields).
 * The server asks the same rule (it counts the tags a proposal creates or maps to, as this does).
 */
const NEED_ERRORS: Record<ApprovalNeed, [ContentKey, string]> = {
  'a name': ['name', 'Give it its real name, not its address'],
  'a category': ['category', 'Choose at least one category to publish it'],
  'a format': ['type', 'Choose at least one format to publish it'],
  'a description': ['description', 'Write a description that says what it offers'],
};

function unready(values: ContentValues, choices: readonly ProposalChoice[]): Partial<Record<ContentKey, string>> {
  const kept = (kind: ProposalChoice['kind']) =>
    choices.filter((c) => c.kind === kind && c.action !== 'drop').map((c) => ({ label: c.value, value: c.value }));
  const needs = approvalNeeds({
    name: values.name,
    url: values.url,
    category: [...values.category, ...kept('category')],
    type: [...values.type, ...kept('type')],
    description: values.description,
  });
  return Object.fromEntries(needs.map((need) => NEED_ERRORS[need]));
}

interface Props {
  submission: ContentSource & { rating: number; nameDerived: boolean };
  tags: TagOptions;
  proposals?: ReviewedProposal[];
  /** The page's own title, fetched when it was submitted: offered as the name. */
  pageTitle?: string | null;
  /** The queue's address in the view the screen was opened from: where a rejection returns. */
  returnTo?: string;
}

export default function SubmissionForm({
  submission,
  tags,
  proposals = [],
  pageTitle = null,
  returnTo = '/admin/submissions',
}: Props) {
  const form = useForm<ContentValues, ContentKey, 'reject'>(() => contentValues(submission));
  const { values, setValues } = form;
  const [choices, setChoices] = useState<ProposalChoice[]>(() => defaultChoices(proposals, tags));
  const [asking, setAsking] = useState(false);
  // A name guessed from the URL is asked about once: the first Approve with it unchanged points at it.
  const [nameAsked, setNameAsked] = useState(false);
  const nameUnchecked = (name: string) => submission.nameDerived && !nameAsked && name === submission.name;
  const hydrated = useHydrated();
  useFocusFirstInvalid(form.errors);

  async function approve(input: AdminContentInput) {
    await call('approveSubmission', {
      params: { id: submission._id },
      body: { ...input, proposedTags: postedChoices(choices) },
    });
    flashToast('success', 'Submission is approved');
    location.assign('/admin/contents');
  }

  const reject = (rejection: RejectionInput) =>
    form.run(
      'reject',
      async () => {
        await call('rejectSubmission', { params: { id: submission._id }, body: rejection });
        flashToast('success', 'submission deleted successfully');
        location.assign(returnTo);
      },
      () => setAsking(false),
    );

  return (
    <>
      <form
        method="post"
        noValidate
        {...form.handlers((v) => {
          const result = checked(adminContentInput.safeParse(v));
          if ('errors' in result) return result;
          const lacking = unready(v, choices);
          if (Object.keys(lacking).length > 0) return { errors: lacking };
          if (!nameUnchecked(v.name)) return result;
          setNameAsked(true);
          return { errors: { name: 'This name was made from the address: check it, then approve again.' } };
        }, approve)}
        className="flex flex-col gap-2"
        aria-label="Edit submission"
      >
        {pageTitle && pageTitle !== values.name && (
          <div role="note" className="alert alert-info text-sm" data-page-title>
            <span>
              The page calls itself <strong>“{pageTitle}”</strong>.
            </span>
            <button
              type="button"
              className="btn btn-sm"
              disabled={!hydrated}
              onClick={() => setValues((current) => ({ ...current, name: pageTitle }))}
            >
              Use it as the name
            </button>
          </div>
        )}
        {submission.nameDerived && values.name === submission.name && (
          <div role="note" className="alert alert-warning text-sm" data-name-derived>
            <span>
              The name <strong>“{submission.name}”</strong> was made from the address: nobody typed it. Check it before
              approving.
            </span>
          </div>
        )}
        <fieldset disabled={!hydrated} className="contents">
          <ContentFields values={values} onChange={setValues} errors={form.errors} tags={tags} />
          {proposals.length > 0 && (
            <ProposedTagChoices proposals={proposals} tags={tags} choices={choices} onChange={setChoices} />
          )}
        </fieldset>
        <input type="hidden" name="rating" value={submission.rating} />
        <div className="mt-4 flex flex-col gap-4">
          <FormAlert message={form.alert} />
          <div className="grid grid-cols-2 gap-3">
            <BusyButton
              className="btn btn-error btn-outline"
              busy={form.action === 'reject'}
              disabled={form.sending}
              onClick={() => setAsking(true)}
            >
              Reject
            </BusyButton>
            <BusyButton
              type="submit"
              className="btn btn-primary"
              busy={form.action === 'submit'}
              disabled={form.sending}
            >
              Approve
            </BusyButton>
          </div>
        </div>
      </form>
      {/* Outside the edit form: a form may not hold another. */}
      <RejectDialog
        submission={asking ? { name: values.name || submission.name } : null}
        busy={form.action === 'reject'}
        onCancel={() => setAsking(false)}
        onReject={(rejection) => void reject(rejection)}
      />
    </>
  );
}
