/**
 * A learner's progress marks in the browser (decision 033): setting one through the API, and the
 * `<select data-progress-select>` controls the server draws on shared pages (content page, cards), painted
 * from the session state and kept in step with it. Marking Learning or Done saves the content too, so the
 * saves store follows the answer.
 */
import { call, errorMessage } from '#site/lib/api.ts';
import { signInUrl } from '#site/lib/redirect.ts';
import { loadProgress, signedInUserId } from '#site/session/sync.ts';
import { type ProgressMarks, updateProgress, updateSaves, userProgress } from '#site/stores/session.ts';
import { flashToast, toast } from '#site/stores/toasts.ts';
import { PROGRESS_LABELS, type ProgressStateName } from '#db/shelf/validation/progress-states.ts';

export { PROGRESS_LABELS, type ProgressStateName };

/** Sets (or, with '', clears) the user's mark on a content; the stores follow. Throws the API's error. */
export async function setProgress(contentId: string, state: ProgressStateName | ''): Promise<void> {
  const params = { id: contentId };
  const answer = await (state ? call('markProgress', { params, body: { state } }) : call('clearProgress', { params }));
  updateProgress(answer);
  updateSaves(answer.saves);
}

/** "7 of 12 done" over these contents, with the marks as they are, its whole percentage and how many are under way. */
export function progressSummary(contentIds: readonly string[], marks: ProgressMarks | null) {
  const done = contentIds.filter((id) => marks?.[id] === 'done').length;
  const learning = contentIds.filter((id) => marks?.[id] === 'learning').length;
  const total = contentIds.length;
  const percent = total === 0 ? 0 : Math.floor((done / total) * 100);
  return { done, learning, total, percent, label: `${done} of ${total} done` };
}

/** The words of each mark, for the title of a path step's number (its colour is the step's own style). */
export const STEP_LOOK: Readonly<Record<ProgressStateName | 'none', { label: string }>> = {
  done: { label: PROGRESS_LABELS.done },
  learning: { label: PROGRESS_LABELS.learning },
  want: { label: PROGRESS_LABELS.want },
  none: { label: 'Not started' },
};

/**
 * Paints the owner's mark on each step of a path's shared page (only the owner's script calls it): the step's
 * one status stays its progress control; its number takes the mark's colour (site/content/PathStep.astro).
 */
export function paintStepMarks(root: ParentNode, marks: ProgressMarks | null): void {
  if (!marks) return;
  for (const step of root.querySelectorAll<HTMLElement>('[data-path-step]')) {
    const state = marks[step.dataset.contentId ?? ''] ?? 'none';
    step.dataset.stepState = state;
    const marker = step.querySelector<HTMLElement>('[data-step-marker]');
    if (marker) marker.title = STEP_LOOK[state].label;
  }
}

const SELECTOR = 'select[data-progress-select]';

function paint(marks: ProgressMarks | null): void {
  for (const select of document.querySelectorAll<HTMLSelectElement>(SELECTOR)) {
    select.value = marks?.[select.dataset.contentId ?? ''] ?? '';
    select.disabled = marks === null && Boolean(signedInUserId());
  }
}

/** Wires every progress control of the page, once: painted now, again on each change of the marks. */
export function wireProgressSelects(): void {
  paint(userProgress.get());
  userProgress.listen(paint);
  void loadProgress();
  document.addEventListener('change', (event) => {
    const select = (event.target as Element | null)?.closest<HTMLSelectElement>(SELECTOR);
    if (!select) return;
    if (!signedInUserId()) {
      flashToast('info', 'Please sign in first');
      location.assign(signInUrl(location.pathname + location.search));
      return;
    }
    const state = select.value as ProgressStateName | '';
    select.disabled = true;
    setProgress(select.dataset.contentId ?? '', state)
      .then(() => toast('success', state ? `Marked “${PROGRESS_LABELS[state]}”` : 'Progress cleared'))
      .catch((error: unknown) => {
        paint(userProgress.get());
        toast('error', errorMessage(error));
      })
      .finally(() => {
        select.disabled = false;
      });
  });
}
