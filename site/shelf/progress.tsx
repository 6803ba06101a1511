/**
 * The learner's progress in the islands (decision 033): the marks from the session state (loaded once per
 * page), a bar ("7 of 12 done"), a filter by state, and a control to mark one content.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '#site/lib/api.ts';
import { PROGRESS_LABELS, type ProgressStateName, progressSummary, setProgress } from '#site/shelf/progress-marks.ts';
import { loadProgress } from '#site/session/sync.ts';
import { type ProgressMarks, userProgress } from '#site/stores/session.ts';
import { toast } from '#site/stores/toasts.ts';
import { useHydrated } from '../ui/fields.tsx';

/**
 * The marks, loaded from the server once per page; null until then, and during the server's render and
 * hydration (the server has no session state: the first render must match its HTML).
 */
export function useProgressMarks(): ProgressMarks | null {
  const marks = useStore(userProgress);
  const hydrated = useHydrated();
  useEffect(() => void loadProgress(), []);
  return hydrated ? marks : null;
}

/** "N of M done" over the contents; with `percent` (a path), its percentage and how many are in progress too. */
export function ProgressBar({
  contentIds,
  marks,
  percent = false,
}: {
  contentIds: readonly string[];
  marks: ProgressMarks | null;
  percent?: boolean;
}) {
  const id = useId();
  if (contentIds.length === 0) return null;
  const summary = progressSummary(contentIds, marks);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-progress-bar>
      <progress className="meter w-40" max={summary.total} value={summary.done} aria-labelledby={id} />
      <span id={id} className="text-sm font-semibold">
        {marks ? summary.label : 'Loading your progress…'}
      </span>
      {percent && marks && (
        <span className="text-sm text-base-content/80" data-progress-percent>
          {summary.percent}%{summary.learning > 0 ? ` · ${summary.learning} in progress` : ''}
        </span>
      )}
    </div>
  );
}

/** '' is every item; 'none' those not marked. */
export type ProgressFilter = '' | ProgressStateName | 'none';

export const matchesFilter = (filter: ProgressFilter, marks: ProgressMarks | null, contentId: string) =>
  filter === '' || (filter === 'none' ? !marks?.[contentId] : marks?.[contentId] === filter);

export function ProgressFilterSelect({
  value,
  onValue,
}: {
  value: ProgressFilter;
  onValue: (value: ProgressFilter) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Show
      </label>
      <select
        id={id}
        className="select select-sm w-auto touch:select-md"
        value={value}
        onChange={(event) => onValue(event.target.value as ProgressFilter)}
        data-progress-filter
      >
        <option value="">All</option>
        {Object.entries(PROGRESS_LABELS).map(([state, label]) => (
          <option key={state} value={state}>
            {label}
          </option>
        ))}
        <option value="none">Not started</option>
      </select>
    </div>
  );
}

/** The mark of one content, changed at once (Learning and Done save it too). */
export function ProgressControl({
  contentId,
  name,
  marks,
}: {
  contentId: string;
  name: string;
  marks: ProgressMarks | null;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <select
      className="select select-xs w-auto touch:select-md"
      aria-label={`Progress with ${name}`}
      value={marks?.[contentId] ?? ''}
      disabled={busy || marks === null}
      onChange={(event) => {
        const state = event.target.value as ProgressStateName | '';
        setBusy(true);
        setProgress(contentId, state)
          .then(() => toast('success', state ? `Marked “${PROGRESS_LABELS[state]}”` : 'Progress cleared'))
          .catch((error: unknown) => toast('error', errorMessage(error)))
          .finally(() => setBusy(false));
      }}
      data-progress-control
    >
      <option value="">Not started</option>
      {Object.entries(PROGRESS_LABELS).map(([state, label]) => (
        <option key={state} value={state}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** "Add to list…" in an island: the same menu button the server draws (site/shelf/add-to-list.ts opens it). */
export function AddToListButton({ contentId, name }: { contentId: string; name: string }) {
  useEffect(() => {
    void import('#site/shelf/add-to-list.ts').then((module) => module.wireAddToList());
  }, []);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs touch:btn-md"
      aria-haspopup="menu"
      aria-expanded="false"
      id={`add-to-list-${contentId}`}
      data-add-to-list
      data-content-id={contentId}
      data-content-name={name}
    >
      Add to list…
    </button>
  );
}
