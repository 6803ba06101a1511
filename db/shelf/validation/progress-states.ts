/** A learner's progress states and their words (decision 033). Imports nothing: the catalog pages' scripts use it. */
export const PROGRESS_STATES = ['want', 'learning', 'done'] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];
export type ProgressStateName = ProgressState;
export const PROGRESS_LABELS: Readonly<Record<ProgressState, string>> = {
  want: 'Want to learn',
  learning: 'Learning',
  done: 'Done',
};
