/** Deciding many submissions at once (the browser's bulk actions, the CLI's review), each on its own. */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { isAppError } from '../errors.ts';
import { submissions } from '../schema.ts';
import { rejectionInput } from './validation/rejection.ts';
import { submissionBulkInput } from './validation/submission-bulk.ts';
import { parseInput } from '../validation/parse.ts';
import { auditEntries, type Actor } from '../operations/audit.ts';
import type { ContentShape } from '../catalog/contract.ts';
import type { SettledProposal, SubmissionBulkResultShape } from './admin-contract.ts';
import { approveSubmission, rejectSubmission, REJECTED } from './submission-decisions.ts';
import { submissionIdsMatching } from './submission-list.ts';

/** What became of one submission in a bulk approval or rejection. */
export interface SubmissionOutcome {
  id: string;
  outcome: 'approved' | 'rejected' | 'deleted' | 'refused' | 'not-found';
  /** Why it was refused (a duplicate slug or website, an invalid field) or not found. */
  reason?: string;
  /** The content an approval created. */
  content?: ContentShape;
  /** What became of the tags the submitter proposed (an approval). */
  proposedTags?: SettledProposal[];
}

/**
 * Approves several submissions, each on its own with approveSubmission's rules (one transaction each), so
 * a refused or unknown id does not stop the others. A failure of the database itself does. `proposedTags`
 * gives each id's choices for its proposed tags (as an approval posts them).
 */
export async function approveSubmissions(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  proposedTags: (id: string) => unknown = () => undefined,
): Promise<SubmissionOutcome[]> {
  const outcomes: SubmissionOutcome[] = [];
  for (const id of ids) {
    try {
      const approval = await approveSubmission(db, actor, id, { proposedTags: proposedTags(id) });
      outcomes.push({ id, outcome: 'approved', ...approval });
    } catch (error) {
      outcomes.push(failedOutcome(id, error));
    }
    // A local database answers without yielding: 500 approvals in a row held the event loop for half a second.
    await yieldToRequests();
  }
  return outcomes;
}

/** Rejects several submissions, each on its own (see approveSubmissions), all for the same reason. */
export async function rejectSubmissions(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  rejection: unknown = {},
): Promise<SubmissionOutcome[]> {
  // A reason that is not one of ours is refused before any submission is touched.
  const valid = parseInput(rejectionInput, rejection);
  const outcomes: SubmissionOutcome[] = [];
  for (const id of ids) {
    try {
      const result = await rejectSubmission(db, actor, id, valid);
      outcomes.push(
        result.message === REJECTED ? { id, outcome: 'rejected' } : { id, outcome: 'refused', reason: result.message },
      );
    } catch (error) {
      outcomes.push(failedOutcome(id, error));
    }
    await yieldToRequests();
  }
  return outcomes;
}

/**
 * Deletes submissions for good, whatever became of them (spam, test entries): the submitter is not told, and
 * a content an approval made stays. One batch, each deletion audited; an id that does not exist is reported.
 */
export async function deleteSubmissions(db: Db, actor: Actor, ids: readonly string[]): Promise<SubmissionOutcome[]> {
  const found = ids.length
    ? await db
        .select({ id: submissions.id, name: submissions.name, url: submissions.url, status: submissions.status })
        .from(submissions)
        .where(inArray(submissions.id, [...ids]))
    : [];
  if (found.length) {
    await db.batch([
      db.delete(submissions).where(
        inArray(
          submissions.id,
          found.map((f) => f.id),
        ),
      ),
      auditEntries(
        db,
        actor,
        'submission.delete',
        found.map((f) => ({
          target: { type: 'submission', id: f.id },
          details: { name: f.name, url: f.url, status: f.status },
        })),
      ),
    ]);
  }
  const deleted = new Set(found.map((f) => f.id));
  return ids.map((id) =>
    deleted.has(id) ? { id, outcome: 'deleted' } : { id, outcome: 'not-found', reason: 'Submission not found' },
  );
}

/**
 * A bulk action from the admin's table (POST /api/submissions/bulk): the ids chosen or all that the list's
 * filter matches, each decided on its own with the single action's rules (approveSubmissions,
 * rejectSubmissions, deleteSubmissions), so one refusal does not stop the others. Approval drops proposed
 * tags, as the table's Approve does.
 */
export async function runSubmissionBulk(db: Db, actor: Actor, input: unknown): Promise<SubmissionBulkResultShape> {
  const { action, ids: chosen, filter, reason, note } = parseInput(submissionBulkInput, input);
  const ids = [...new Set(chosen ?? (await submissionIdsMatching(db, filter ?? {})))];
  const names = new Map(
    (ids.length
      ? await db
          .select({ id: submissions.id, name: submissions.name })
          .from(submissions)
          .where(inArray(submissions.id, ids))
      : []
    ).map((r) => [r.id, r.name]),
  );
  const outcomes =
    action === 'approve'
      ? await approveSubmissions(db, actor, ids, () => 'drop')
      : action === 'reject'
        ? await rejectSubmissions(db, actor, ids, { reason, note })
        : await deleteSubmissions(db, actor, ids);
  return {
    action,
    results: outcomes.map(({ content, proposedTags, ...outcome }) => ({
      ...outcome,
      ...(names.has(outcome.id) ? { name: names.get(outcome.id) } : {}),
      ...(content ? { contentId: content._id } : {}),
    })),
  };
}

function failedOutcome(id: string, error: unknown): SubmissionOutcome {
  if (!isAppError(error)) throw error;
  return { id, outcome: error.code === 'NOT_FOUND' ? 'not-found' : 'refused', reason: error.message };
}
