/** Saves as users send them. */
import { singleLine, z } from '../../validation/zod.ts';
import { asList, blankOr, formChoice } from '../../validation/form-values.ts';
import type { ListSpec } from '../../validation/list-query.ts';
import { PROGRESS_STATES } from './progress-states.ts';

/** The saves one account may hold: a lifetime of learning, well past what a page of them shows. */
export const SAVES_MAX = 5000;
export const SAVES_FULL = `You hold ${SAVES_MAX.toLocaleString('en')} saved resources, the most an account may: remove some to save more`;

export const saveInput = z.object({
  contentId: singleLine('contentId is required').min(1, 'contentId is required').max(100, 'Content not found'),
});

/** PUT /api/users/saves/{id}'s optional body: the date of a save being restored (Undo), to keep its place. */
export const saveRestoreInput = z.object({
  savedAt: z.iso
    .datetime({ offset: true, error: 'savedAt must be a date and time (ISO 8601, e.g. 2026-11-23T10:15:00.000Z)' })
    .transform((value) => new Date(value))
    .optional(),
});

/** What the Saved page filters by progress: a state, or `none` for the saves not marked. */
export const SAVED_PROGRESS_FILTERS = [...PROGRESS_STATES, 'none'] as const;

/**
 * The Saved page's query (GET /api/users/saved), by the admin lists' convention (decision 020): sorted by the
 * save's date, the name, the rating or the progress; filtered by a list of the learner's and by progress.
 */
export const OWN_SAVES = {
  sorts: { saved: 'desc', name: 'asc', rating: 'desc', progress: 'desc' },
  defaultSort: 'saved',
  filters: { list: 'text', progress: SAVED_PROGRESS_FILTERS },
  defaultPageSize: 50,
} as const satisfies ListSpec<string, string>;

/** The most saves one bulk change takes: more than a page of the Saved page shows. */
export const BULK_SAVES_MAX = 500;
export const BULK_SAVE_ACTIONS = ['remove', 'addToList', 'setProgress'] as const;

/**
 * A change to several saves at once: remove them, add them to a list (`listId`), or set their progress
 * (`state`; blank or `none` clears it). `contentIds` may be one value, as a single form field sends it.
 */
export const bulkSavesInput = z
  .object({
    action: formChoice(BULK_SAVE_ACTIONS, `action must be one of ${BULK_SAVE_ACTIONS.join(', ')}`),
    contentIds: z.preprocess(
      asList,
      z
        .array(
          singleLine('Each content id must be text').min(1, 'A content id is empty').max(100, 'Content not found'),
          {
            error: 'contentIds must be a list of content ids',
          },
        )
        .min(1, 'Choose at least one saved resource')
        .max(BULK_SAVES_MAX, `At most ${BULK_SAVES_MAX} resources at once`),
    ),
    listId: blankOr(singleLine('listId must be text').max(100, 'List not found')),
    state: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value === null ? '' : value),
      z
        .enum([...PROGRESS_STATES, 'none', ''], {
          error: `state must be one of ${PROGRESS_STATES.join(', ')}, or none to clear it`,
        })
        .optional(),
    ),
  })
  .superRefine((input, context) => {
    if (input.action === 'addToList' && !input.listId)
      context.addIssue({ code: 'custom', path: ['listId'], message: 'Choose a list' });
    if (input.action === 'setProgress' && input.state === undefined)
      context.addIssue({ code: 'custom', path: ['state'], message: 'Choose a progress' });
  });
export type BulkSavesInput = z.infer<typeof bulkSavesInput>;
