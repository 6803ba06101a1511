/** A learner's progress states and their words (decision 033). Imports nothing: the catalog pages' scripts use it. */
export const PROGRESS_LABELS = { want: 'Want to learn', learning: 'Learning', done: 'Done' } as const;
export type ProgressStateName = keyof typeof PROGRESS_LABELS;
