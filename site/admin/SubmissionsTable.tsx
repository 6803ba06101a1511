/**
 * docs/product.md#pages Admin submissions: the review queue with Approve, Reject and Edit per row; searched, filtered by
 * status (the decided ones too), sorted and paged by the server; rows ticked (or all matching the view)
 * approved, rejected or deleted at once, with what became of each (docs/product.md#pages).
 *
 * Deliberate deviation from docs/product.md#how-things-change: a failed approval does NOT delete the submission. The server approves
 * atomically (content created and submission deleted together, or nothing), so on failure the submission
 * stays in the queue with the error shown: losing a user's submission is worse than an extra click.
 */
import { useEffect, useState } from 'react';
import { ApiError, call } from '#site/lib/api.ts';
import type { SubmissionBulkResultShape, SubmissionListShape } from '#db/submissions/admin-contract.ts';
import { needsText } from '#db/submissions/validation/approval-needs.ts';
import type { SubmissionShape } from '#db/submissions/contract.ts';
import type { AnswerOf } from '#db/contract/operations.ts';
import { TAG_KINDS } from '#db/catalog/taxonomy.ts';
import { listQueryParams, type ListQuery } from '#db/validation/list-query.ts';
import { ADMIN_SECTION } from '#site/admin/admin-sections.ts';
import {
  AdminTable,
  Cell,
  editAddress,
  FilterSelect,
  labels,
  ListControls,
  ListStatus,
  pageAddress,
  Pager,
  RowActions,
  RowsShown,
  ShortDate,
  useAdminList,
  useListQuery,
  useRowAction,
  type RowAction,
  type RowActionSteps,
} from './list.tsx';
import { BusyButton } from '../ui/fields.tsx';
import type { Confirmation } from '../ui/ConfirmDialog.tsx';
import type { RejectionInput } from '#db/submissions/validation/rejection.ts';
import { RejectDialog } from './RejectDialog.tsx';
import { ProposalPill } from './ProposalPill.tsx';
import { DerivedNameBadge } from './DerivedNameBadge.tsx';
import { plural } from '#db/validation/text.ts';

/** The list's API and its convention (site/admin/admin-sections.ts). */
const LIST = ADMIN_SECTION.submissions.list;
const COLUMNS = [
  { label: 'No.' },
  { label: 'URL' },
  { label: 'NAME', sort: 'name' },
  { label: 'STATUS' },
  { label: 'CATEGORY' },
  { label: 'TECH' },
  { label: 'TYPE' },
  { label: 'COST' },
  { label: 'SUBMITTED', sort: 'created' },
  { label: 'ACTIONS' },
];
const STATUSES = [
  ['', 'Waiting for review'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
  ['all', 'All'],
] as const;
/**
 * A submission's state in the words of the Status filter above the table, never the stored value ("pending"):
 * Waiting (for review) is short enough for the column at a laptop's width.
 */
const STATUS_WORDS = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' } as const;
const DONE = { approve: 'approved', reject: 'rejected', delete: 'deleted' } as const;
const submissions = (n: number) => plural(n, 'submission');
/** Someone else already decided it: the list is reloaded to show the queue as it is now. */
const handledElsewhere = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Which submissions a bulk action is for: the rows ticked, or every one the view matches (resolved by the server). */
type Selection = { ids: Set<string>; allMatching: boolean };
const NOTHING: Selection = { ids: new Set(), allMatching: false };
type BulkAction = SubmissionBulkResultShape['action'];

/** An approval, asked first: a name nobody typed (made from the address) is asked about, once, in the confirmation itself. */
function approvalSteps(submission: SubmissionShape): RowActionSteps<AnswerOf<'approveSubmission'>> {
  const proposed = submission.proposedTags.length;
  const dropping = proposed
    ? ` The ${proposed === 1 ? 'tag' : `${proposed} tags`} it proposes will be dropped: use Edit to create or map ${proposed === 1 ? 'it' : 'them'}.`
    : '';
  const { _id, name, slug, url, image, category, techStack, type, cost, hasCert, description } = submission;
  let checkedName = name;
  const field = submission.nameDerived
    ? { label: 'Name', value: name, set: (value: string) => void (checkedName = value) }
    : undefined;
  const detail = submission.nameDerived
    ? `Its name was made from the address: nobody typed it. Check it; it is published as submitted otherwise.${dropping}`
    : `“${name}” is published as submitted.${dropping}`;
  return {
    confirm: {
      question: 'Approve this submission?',
      detail,
      action: 'Approve',
      tone: 'primary',
      ...(field ? { field } : {}),
    },
    request: () => {
      const renamed = checkedName.trim() !== '' && checkedName.trim() !== name;
      // A new name takes a slug made from it (the server's, when none is posted).
      const named = renamed ? { name: checkedName.trim(), slug: '' } : { name, slug };
      return call('approveSubmission', {
        params: { id: _id },
        body: { ...named, url, image, category, techStack, type, cost, hasCert, description },
      });
    },
    toast: 'Submission approve to the content list',
    reloadOnError: handledElsewhere,
  };
}

/** What a bulk action asks first (a rejection asks for its reason in its own dialog); `notes` count what is skipped and name what nobody typed. */
function bulkConfirmation(
  action: BulkAction,
  count: number,
  notes: { skipped: string; names: string },
): Confirmation | undefined {
  if (action === 'approve')
    return {
      question: `Approve ${submissions(count)}?`,
      detail: [
        notes.skipped,
        'The others are published as submitted. Tags they propose will be dropped: use Edit to create or map them.',
        notes.names,
      ]
        .filter(Boolean)
        .join(' '),
      action: 'Approve',
      tone: 'primary',
    };
  if (action === 'delete')
    return {
      question: `Delete ${submissions(count)} for good?`,
      detail: 'Their records are removed; their submitters are not told.',
      action: 'Delete',
      tone: 'danger',
    };
  return undefined;
}

/**
 * The chosen rows that an approval will skip, counted and named first with what each lacks (the server's
 * approvalNeeds); with every matching row chosen, those on other pages are judged alike when their turn comes.
 */
function notReadyNote(rows: readonly SubmissionShape[], selection: Selection, count: number): string {
  const lacking = rows.filter((s) => s.approvalNeeds.length > 0 && (selection.allMatching || selection.ids.has(s._id)));
  if (lacking.length === 0)
    return selection.allMatching
      ? 'Any that lacks a name, a category, a format or a description is skipped and stays waiting.'
      : '';
  const named = lacking.map((s) => `“${s.name}” ${needsText(s.approvalNeeds)}`).join('; ');
  const counted = selection.allMatching
    ? `${lacking.length} on this page ${lacking.length === 1 ? 'is' : 'are'} not ready (others may be too)`
    : `${lacking.length} of ${count} ${lacking.length === 1 ? 'is' : 'are'} not ready`;
  return `${counted} and will be skipped, staying in the queue: ${named}. Use Edit to add what ${lacking.length === 1 ? 'it lacks' : 'they lack'}.`;
}

/** The chosen rows on this page whose names nobody typed, named in the bulk confirmation so they are checked first. */
function derivedNamesNote(rows: readonly SubmissionShape[], selection: Selection): string {
  const derived = rows
    .filter((s) => s.nameDerived && (selection.allMatching || selection.ids.has(s._id)))
    .map((s) => `“${s.name}”`);
  if (derived.length === 0)
    return selection.allMatching ? ' Names made from an address (marked "from URL") are published as they are.' : '';
  return ` These names were made from their address, nobody typed them: ${derived.join(', ')}. Cancel and use Edit to change one.`;
}

/** The rows ticked on the page, or every one the view matches; a selection belongs to the view it was made in. */
function useSelection(view: string, loaded: SubmissionListShape | null) {
  const [selection, setSelection] = useState<Selection>(NOTHING);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the view changes, to clear the selection
  useEffect(() => setSelection(NOTHING), [view]);
  const pageIds = loaded?.submissions.map((s) => s._id) ?? [];
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const chosen = selection.allMatching ? (loaded?.total ?? 0) : selection.ids.size;

  function toggle(id: string) {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    setSelection({ ids, allMatching: false });
  }
  return { selection, setSelection, pageIds, wholePage, chosen, toggle };
}

/** A rejection's request, its toast, and the dialog closed whatever the answer. */
function rejectionSteps(submission: SubmissionShape, rejection: RejectionInput, done: () => void) {
  return {
    request: () => call('rejectSubmission', { params: { id: submission._id }, body: rejection }),
    toast: (reply: { message?: string } | undefined) => reply?.message || 'submission rejected successfully',
    onSettled: done,
    reloadOnError: handledElsewhere,
  };
}

/** What a bulk decision is about: the rows chosen, or every row the view matches (its filters, from page 1). */
function bulkTarget(query: ListQuery, selection: Selection) {
  const filter = Object.fromEntries(
    [...listQueryParams(LIST.spec, { ...query, page: 1 })].filter(([key]) => key !== 'pageSize'),
  );
  return selection.allMatching ? { filter } : { ids: [...selection.ids] };
}

interface BulkDecision {
  action: BulkAction;
  count: number;
  rejection: RejectionInput;
  query: ListQuery;
  selection: Selection;
  rows: SubmissionShape[];
}

/** A bulk decision's confirmation (naming the names made from addresses), its one request, and what follows. */
function bulkSteps(
  { action, count, rejection, query, selection, rows }: BulkDecision,
  then: {
    setBulkResult: (result: SubmissionBulkResultShape) => void;
    setSelection: (selection: Selection) => void;
    setRejecting: (rejecting: null) => void;
  },
) {
  return {
    confirm: bulkConfirmation(
      action,
      count,
      action === 'approve'
        ? { skipped: notReadyNote(rows, selection, count), names: derivedNamesNote(rows, selection).trim() }
        : { skipped: '', names: '' },
    ),
    request: () => call('decideSubmissions', { body: { action, ...bulkTarget(query, selection), ...rejection } }),
    onSuccess: (result: SubmissionBulkResultShape) => {
      then.setBulkResult(result);
      then.setSelection(NOTHING);
    },
    onSettled: () => then.setRejecting(null),
  };
}

const emptyText = (query: ListQuery) =>
  query.search || query.filters.status ? 'No submissions match this view' : 'No submissions waiting for review';

export default function SubmissionsTable({ initialSearch }: { initialSearch: string }) {
  const { query, change } = useListQuery(LIST.spec, initialSearch);
  const { state, reload, refreshing } = useAdminList(LIST.operation, LIST.spec, query);
  const { busy, run, isBusy, confirmDialog } = useRowAction(reload);
  /** The submission whose reason is being asked for, or the bulk selection's. */
  const [rejecting, setRejecting] = useState<{ name: string; bulk?: true; submission?: SubmissionShape } | null>(null);
  const [bulkResult, setBulkResult] = useState<SubmissionBulkResultShape | null>(null);
  const loaded = state.status === 'loaded' ? state.data : null;
  const { selection, setSelection, pageIds, wholePage, chosen, toggle } = useSelection(
    listQueryParams(LIST.spec, query).toString(),
    loaded,
  );

  const approve = (submission: SubmissionShape) =>
    run({ action: 'approving', id: submission._id }, approvalSteps(submission));

  const reject = (submission: SubmissionShape, rejection: RejectionInput) =>
    run(
      { action: 'rejecting', id: submission._id },
      rejectionSteps(submission, rejection, () => setRejecting(null)),
    );

  /** One request for the whole selection; the answer says what became of each row. */
  const runBulk = (action: BulkAction, count: number, rejection: RejectionInput = {}) => {
    const decision = { action, count, rejection, query, selection, rows: loaded?.submissions ?? [] };
    return run({ action: 'bulk' }, bulkSteps(decision, { setBulkResult, setSelection, setRejecting }));
  };

  return (
    <div className="flex flex-col gap-4">
      <ListControls query={query} change={change} searchLabel="Search submissions">
        <FilterSelect label="Status" name="status" query={query} change={change} options={STATUSES} />
      </ListControls>
      {bulkResult && <BulkReport result={bulkResult} onClose={() => setBulkResult(null)} />}
      {!loaded ? (
        <ListStatus state={state} onRetry={reload} noun="submissions" />
      ) : (
        <>
          <RowsShown data={loaded} />
          {chosen > 0 && (
            <BulkBar
              selection={selection}
              chosen={chosen}
              offerAll={!selection.allMatching && wholePage && loaded.total > pageIds.length}
              total={loaded.total}
              busy={busy !== null}
              approving={isBusy('bulk')}
              onSelectAll={() => setSelection({ ids: new Set(pageIds), allMatching: true })}
              onClear={() => setSelection(NOTHING)}
              onApprove={() => void runBulk('approve', chosen)}
              onReject={() => setRejecting({ name: submissions(chosen), bulk: true })}
              onDelete={() => void runBulk('delete', chosen)}
            />
          )}
          {loaded.submissions.length === 0 ? (
            <p className="alert">{emptyText(query)}</p>
          ) : (
            <AdminTable
              caption={`Submissions, page ${loaded.page} of ${loaded.pages}`}
              busy={refreshing || busy !== null}
              columns={COLUMNS}
              query={query}
              change={change}
              lead={
                <SelectPage
                  checked={wholePage}
                  onChange={() => setSelection(wholePage ? NOTHING : { ids: new Set(pageIds), allMatching: false })}
                />
              }
            >
              {loaded.submissions.map((submission, index) => (
                <SubmissionRow
                  key={submission._id}
                  submission={submission}
                  number={index + 1 + loaded.count}
                  selection={selection}
                  onToggle={() => toggle(submission._id)}
                  busy={busy !== null}
                  isBusy={isBusy}
                  onApprove={() => void approve(submission)}
                  onReject={() => setRejecting({ name: submission.name, submission })}
                  editHref={editAddress(`/admin/submission/${submission._id}`, LIST.spec, query)}
                />
              ))}
            </AdminTable>
          )}
          <Pager
            page={loaded.page}
            pages={loaded.pages}
            href={(page) => pageAddress(LIST.spec, query, page)}
            onPage={(page) => change({ page })}
          />
        </>
      )}
      <RejectDialog
        submission={rejecting}
        busy={busy?.action === 'rejecting' || busy?.action === 'bulk'}
        onCancel={() => setRejecting(null)}
        onReject={(rejection) => {
          if (rejecting?.bulk) void runBulk('reject', chosen, rejection);
          else if (rejecting?.submission) void reject(rejecting.submission, rejection);
        }}
      />
      {confirmDialog}
    </div>
  );
}

/** The table's lead header: ticks (or clears) every row on this page. */
function SelectPage({ checked, onChange }: { checked: boolean; onChange: () => void }) {
  return (
    <th scope="col" className="w-8">
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        aria-label="Select all on this page"
        checked={checked}
        onChange={onChange}
      />
    </th>
  );
}

interface BulkBarProps {
  selection: Selection;
  chosen: number;
  /** Offer to widen a whole page ticked to every submission the view matches. */
  offerAll: boolean;
  total: number;
  busy: boolean;
  approving: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onApprove: () => void;
  onReject: () => void;
  onDelete: () => void;
}

/** The selection's bar: how many are chosen, widening or clearing it, and the bulk actions. */
function BulkBar({
  selection,
  chosen,
  offerAll,
  total,
  busy,
  approving,
  onSelectAll,
  onClear,
  onApprove,
  onReject,
  onDelete,
}: BulkBarProps) {
  return (
    <section
      className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 p-3"
      aria-label="Selected submissions"
      data-bulk-bar
    >
      <span className="font-medium" data-selected-count>
        {selection.allMatching
          ? `All ${submissions(chosen)} matching are selected.`
          : `${submissions(chosen)} selected.`}
      </span>
      {offerAll && (
        <button type="button" className="btn btn-link btn-sm px-1" onClick={onSelectAll}>
          Select all {total} matching
        </button>
      )}
      <button type="button" className="btn btn-link btn-sm px-1" onClick={onClear}>
        Clear selection
      </button>
      <span className="grow" />
      <BusyButton className="btn btn-sm btn-success" busy={approving} disabled={busy} onClick={onApprove}>
        Approve selected
      </BusyButton>
      <button type="button" className="btn btn-sm btn-warning" disabled={busy} onClick={onReject}>
        Reject selected
      </button>
      <button type="button" className="btn btn-sm btn-error" disabled={busy} onClick={onDelete}>
        Delete selected
      </button>
    </section>
  );
}

interface SubmissionRowProps {
  submission: SubmissionShape;
  /** Its row number in the whole list. */
  number: number;
  selection: Selection;
  onToggle: () => void;
  /** Some row action is running. */
  busy: boolean;
  isBusy: (action: RowAction['action'], id?: RowAction['id']) => boolean;
  onApprove: () => void;
  onReject: () => void;
  editHref: string;
}

/** One submission: its fields, its proposed tags beside its own, and its actions (or who decided it, and when). */
function SubmissionRow({
  submission,
  number,
  selection,
  onToggle,
  busy,
  isBusy,
  onApprove,
  onReject,
  editHref,
}: SubmissionRowProps) {
  const pending = submission.status === 'pending';
  return (
    <tr data-submission={submission._id}>
      <Cell label="Select" phone="lead">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          aria-label={`Select ${submission.name}`}
          checked={selection.allMatching || selection.ids.has(submission._id)}
          disabled={selection.allMatching}
          onChange={onToggle}
        />
      </Cell>
      <Cell label="No." phone="hide">
        {number}
      </Cell>
      <Cell label="URL" className="min-w-40 max-w-72 [overflow-wrap:anywhere]">
        {/* A block, so that on a phone its box ends where its cell cuts it (site/styles/global.css). */}
        <a className="link link-primary block" href={submission.url} target="_blank" rel="noopener noreferrer">
          {submission.url}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Cell>
      <Cell label="NAME" phone="title" className="min-w-32">
        {submission.name}
        {submission.nameDerived && <DerivedNameBadge />}
        {submission.approvalNeeds.length > 0 && (
          <span className="block text-sm text-base-content/80" data-approval-needs>
            Not ready: {needsText(submission.approvalNeeds)}
          </span>
        )}
      </Cell>
      <Cell label="STATUS">
        <span
          className={`badge badge-sm whitespace-nowrap ${pending ? 'badge-info' : submission.status === 'approved' ? 'badge-success' : 'badge-ghost'}`}
        >
          {STATUS_WORDS[submission.status]}
        </span>
      </Cell>
      {TAG_KINDS.map((kind) => (
        <Cell key={kind} label={kind === 'techStack' ? 'TECH' : kind.toUpperCase()}>
          {labels(submission[kind])}
          {submission.proposedTags
            .filter((p) => p.kind === kind)
            .map((p) => (
              <span key={p.value} className="ml-1 inline-block">
                <ProposalPill proposal={p} status={submission.status} />
              </span>
            ))}
        </Cell>
      ))}
      <Cell label="COST">
        {submission.cost ?? (
          <span className="text-sm text-base-content/70">
            <span className="xl:hidden">cost </span>left blank
          </span>
        )}
      </Cell>
      <Cell label="SUBMITTED">
        <ShortDate iso={submission.createdAt} />
      </Cell>
      <Cell label="ACTIONS" actions>
        {pending ? (
          <RowActions name={submission.name}>
            {submission.approvalNeeds.length > 0 ? (
              // Not publishable as it stands: its edit screen, where what it needs is added, approves it.
              <a className="btn btn-sm btn-success" href={editHref} data-complete-to-approve>
                Complete to approve<span className="sr-only"> {submission.name}</span>
              </a>
            ) : (
              <BusyButton
                className="btn btn-sm btn-success"
                busy={isBusy('approving', submission._id)}
                disabled={busy}
                onClick={onApprove}
              >
                Approve<span className="sr-only"> {submission.name}</span>
              </BusyButton>
            )}
            {/* Quiet until pointed at, as Delete is: a queue of filled red buttons shouts on every row. */}
            <BusyButton
              className="btn btn-sm btn-outline btn-error"
              busy={isBusy('rejecting', submission._id)}
              disabled={busy}
              onClick={onReject}
            >
              Reject<span className="sr-only"> {submission.name}</span>
            </BusyButton>
            <a className="btn btn-sm" href={editHref}>
              Edit<span className="sr-only"> {submission.name}</span>
            </a>
          </RowActions>
        ) : (
          <span className="text-sm text-base-content/70">
            {submission.status} {submission.decidedAt ? `on ${submission.decidedAt.slice(0, 10)}` : ''}{' '}
            {submission.decidedBy ? `by ${submission.decidedBy}` : ''}
          </span>
        )}
      </Cell>
    </tr>
  );
}

/** What a bulk action did, row by row: which succeeded, which failed and why. */
function BulkReport({ result, onClose }: { result: SubmissionBulkResultShape; onClose: () => void }) {
  const done = result.results.filter((r) => r.outcome === DONE[result.action]);
  const failed = result.results.filter((r) => r.outcome !== DONE[result.action]);
  return (
    <section
      className={`alert ${failed.length ? 'alert-warning' : 'alert-success'} flex flex-col items-stretch`}
      role="status"
      aria-label="Bulk action result"
      data-bulk-result
    >
      <div className="flex items-center justify-between gap-2">
        <strong>
          {done.length} {DONE[result.action]}
          {failed.length ? `, ${failed.length} failed` : ''}
        </strong>
        <button type="button" className="btn btn-ghost btn-xs" onClick={onClose}>
          Dismiss
        </button>
      </div>
      <ul className="list-none text-sm">
        {result.results.map((row) => (
          <li key={row.id} data-outcome={row.outcome} className="[overflow-wrap:anywhere]">
            {row.outcome === DONE[result.action] ? '✓' : '✗'} {row.name ?? row.id}:{' '}
            {row.outcome === 'not-found' ? 'not found' : row.outcome}
            {row.reason ? ` (${row.reason})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
