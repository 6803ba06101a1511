/**
 * SPEC §2 Admin submissions: the review queue with Approve, Reject and Edit per row.
 *
 * Deliberate deviation from SPEC §4: a failed approval does NOT delete the submission. The server approves
 * atomically (content created and submission deleted together, or nothing), so on failure the submission
 * stays in the queue with the error shown: losing a user's submission is worse than an extra click.
 */
import { useState } from 'react';
import { ApiError, apiDelete, apiPost, errorMessage } from '#site/lib/api.ts';
import { toast } from '#site/stores/toasts.ts';
import { AdminTable, ListStatus, Pager, labels, useAdminList, type PagedList, type RowAction } from './list.tsx';
import { BusyButton } from '../forms/fields.tsx';
import type { RejectionInput } from '#db/validation/rejection.ts';
import { RejectDialog } from './RejectDialog.tsx';

interface SubmissionRow {
  _id: string;
  name: string;
  slug: string;
  url: string;
  image: string;
  category: Array<{ label: string; value: string }>;
  techStack: Array<{ label: string; value: string }>;
  type: Array<{ label: string; value: string }>;
  /** Tags the submitter proposed: only the edit screen creates or maps them; approving here drops them. */
  proposedTags: Array<{ kind: 'category' | 'techStack' | 'type'; label: string; value: string }>;
  cost: string;
  hasCert: boolean;
  description: string;
  rating: number;
}

interface SubmissionList extends PagedList {
  submissions: SubmissionRow[];
}

const HEAD = ['No.', 'URL', 'NAME', 'CATEGORY', 'TECH', 'TYPE', 'COST', 'ACTIONS'] as const;

export default function SubmissionsTable({ page }: { page: number }) {
  const { state, reload, refreshing } = useAdminList<SubmissionList>('/api/submissions/admin', page);
  const [busy, setBusy] = useState<RowAction | null>(null);
  /** The submission whose reason is being asked for. */
  const [rejecting, setRejecting] = useState<SubmissionRow | null>(null);

  async function approve(submission: SubmissionRow) {
    const proposed = submission.proposedTags.length;
    const dropping = proposed ? ` The ${proposed === 1 ? 'tag' : `${proposed} tags`} it proposes will be dropped: use Edit to create or map ${proposed === 1 ? 'it' : 'them'}.` : '';
    if (!window.confirm(`Approve this submission?${dropping}`)) return;
    setBusy({ action: 'approving', id: submission._id });
    try {
      const { _id, name, slug, url, image, category, techStack, type, cost, hasCert, description, rating } = submission;
      await apiPost(`/api/submissions/${_id}`, { _id, name, slug, url, image, category, techStack, type, cost, hasCert, description, rating });
      toast('success', 'Submission approve to the content list');
      await reload();
    } catch (error) {
      toast('error', errorMessage(error));
      // Someone else already handled it: show the queue as it is now.
      if (error instanceof ApiError && error.status === 404) await reload();
    } finally {
      setBusy(null);
    }
  }

  async function reject(submission: SubmissionRow, rejection: RejectionInput) {
    setBusy({ action: 'rejecting', id: submission._id });
    try {
      const reply = await apiDelete<{ message?: string }>(`/api/submissions/${submission._id}`, rejection);
      toast('success', reply?.message || 'submission rejected successfully');
      setRejecting(null);
      await reload();
    } catch (error) {
      toast('error', errorMessage(error));
      setRejecting(null);
      if (error instanceof ApiError && error.status === 404) await reload();
    } finally {
      setBusy(null);
    }
  }

  if (state.status !== 'loaded') return <ListStatus state={state} onRetry={reload} noun="submissions" />;
  const { submissions, count, pages } = state.data;

  return (
    <div className="flex flex-col gap-4">
      {submissions.length === 0 ? (
        <p className="alert">No submissions waiting for review</p>
      ) : (
        <AdminTable caption={`Submissions waiting for review, page ${state.data.page} of ${pages}`} busy={refreshing || busy !== null} head={HEAD}>
          {submissions.map((submission, index) => {
            const mine = (action: RowAction['action']) => busy?.action === action && busy.id === submission._id;
            return (
              <tr key={submission._id}>
                <td>{index + 1 + count}</td>
                <td className="max-w-56 break-all">
                  <a className="link link-primary" href={submission.url} target="_blank" rel="noopener noreferrer">
                    {submission.url}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </td>
                <td>{submission.name}</td>
                {(['category', 'techStack', 'type'] as const).map((kind) => (
                  <td key={kind}>
                    {labels(submission[kind])}
                    {submission.proposedTags
                      .filter((p) => p.kind === kind)
                      .map((p) => (
                        <span key={p.value} className="badge badge-outline badge-sm ml-1">
                          {p.label} (proposed)
                        </span>
                      ))}
                  </td>
                ))}
                <td>{submission.cost}</td>
                <td>
                  <div className="flex flex-wrap gap-2">
                    <BusyButton className="btn btn-sm btn-success" busy={mine('approving')} disabled={busy !== null} onClick={() => void approve(submission)}>
                      Approve<span className="sr-only"> {submission.name}</span>
                    </BusyButton>
                    <BusyButton className="btn btn-sm btn-error" busy={mine('rejecting')} disabled={busy !== null} onClick={() => setRejecting(submission)}>
                      Reject<span className="sr-only"> {submission.name}</span>
                    </BusyButton>
                    <a className="btn btn-sm" href={`/admin/submission/${submission._id}`}>
                      Edit<span className="sr-only"> {submission.name}</span>
                    </a>
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <Pager page={state.data.page} pages={pages} path="/admin/submissions" />
      <RejectDialog submission={rejecting} busy={busy?.action === 'rejecting'} onCancel={() => setRejecting(null)} onReject={(rejection) => rejecting && void reject(rejecting, rejection)} />
    </div>
  );
}
