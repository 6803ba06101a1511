/** A learner's lists and progress as users send them (decision 033): liberal in what forms send, strict in what is stored. */
import { blankAsMissing, optionalFormBoolean } from '../../validation/form-values.ts';
import { multiLine, singleLine, z } from '../../validation/zod.ts';
import { PROGRESS_LABELS, PROGRESS_STATES, type ProgressStateName } from './progress-states.ts';
import type { ListSpec } from '../../validation/list-query.ts';
import { LIST_KINDS } from './list-kinds.ts';

export const LIST_NAME_MAX = 100;
export const LIST_DESCRIPTION_MAX = 1000;
export const LIST_NOTE_MAX = 500;
export const LIST_SECTION_MAX = 100;
/** How many lists a user may hold, and items a list. */
export const LISTS_PER_USER = 100;
export const ITEMS_PER_LIST = 500;

export { PROGRESS_LABELS, type ProgressStateName };

const listName = singleLine('Please give the list a name')
  .min(1, 'Please give the list a name')
  .max(LIST_NAME_MAX, `A list's name must be at most ${LIST_NAME_MAX} characters`);
const listDescription = z.preprocess(
  (value) => (value === null ? '' : value),
  multiLine('The description must be text').max(
    LIST_DESCRIPTION_MAX,
    `The description must be at most ${LIST_DESCRIPTION_MAX} characters`,
  ),
);
const note = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  multiLine('The note must be text').max(LIST_NOTE_MAX, `A note must be at most ${LIST_NOTE_MAX} characters`),
);
/** A list or a path; a form's value in any case and spacing. */
const listKind = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : (value ?? undefined)),
  z.enum(LIST_KINDS, { error: `kind must be one of ${LIST_KINDS.join(', ')}` }).optional(),
);
const contentId = singleLine('contentId is required').min(1, 'contentId is required').max(100, 'Content not found');

export const listInput = z.object({
  name: listName,
  description: listDescription.optional(),
  isPublic: optionalFormBoolean('isPublic must be true or false'),
  kind: listKind,
});
export type ListInput = z.infer<typeof listInput>;

/** A change of a list: any of its fields; empty optional ones are not given. */
export const listChangeInput = z.object({
  name: z.preprocess(blankAsMissing, listName.optional()),
  description: listDescription.optional(),
  isPublic: optionalFormBoolean('isPublic must be true or false'),
  kind: listKind,
});

export const LIST_UNPUBLISH_REASON_MAX = 500;

/** Why an admin unpublishes a list: its owner reads it, so it must be said. */
export const listUnpublishInput = z.object({
  reason: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    multiLine('The reason must be text')
      .min(1, 'Please say why: the owner of the list reads it')
      .max(LIST_UNPUBLISH_REASON_MAX, `The reason must be at most ${LIST_UNPUBLISH_REASON_MAX} characters`),
  ),
});

export const listItemInput = z.object({ contentId, note: note.optional() });
export const listNoteInput = z.object({ note });
/** A path's section heading before a step: one line; empty (or null) removes it. */
export const listSectionInput = z.object({
  section: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    singleLine('The section heading must be text').max(
      LIST_SECTION_MAX,
      `A section heading must be at most ${LIST_SECTION_MAX} characters`,
    ),
  ),
});

/** The list's contents in their new order: every one of its items, each once. */
export const listOrderInput = z.object({
  contentIds: z
    .array(contentId, { error: 'contentIds must be the list of its contents’ ids' })
    .max(ITEMS_PER_LIST, `A list holds at most ${ITEMS_PER_LIST} items`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each content may appear once'),
});

export const progressInput = z.object({
  state: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(PROGRESS_STATES, { error: `state must be one of ${PROGRESS_STATES.join(', ')}` }),
  ),
});

/** A learner's own lists (GET /api/lists; decision 033): at most 100, so one page unless asked. */
export const OWN_LISTS = {
  sorts: { created: 'desc', updated: 'desc', name: 'asc' },
  defaultSort: 'created',
  filters: { visibility: ['public', 'private'] },
  defaultPageSize: 100,
} as const satisfies ListSpec<string, string>;
