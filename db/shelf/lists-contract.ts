/**
 * The shelf's part of the REST contract, lists and progress (decision 033): a learner's lists with their
 * items, and where they stand with each content; and the operations that answer them.
 */
import { z } from '../validation/zod.ts';
import { PROGRESS_STATES } from './validation/progress-states.ts';
import { LIST_KINDS } from './validation/list-kinds.ts';
import { adminPaging, id, isoDate, message } from '../contract/shapes.ts';
import { ITEMS_PER_LIST, OWN_LISTS } from './validation/lists.ts';
import { LIST, listFilter, type Operation } from '../contract/operation.ts';
import { content } from '../catalog/contract.ts';
import {
  listChangeInput,
  listInput,
  listItemInput,
  listNoteInput,
  listOrderInput,
  listSectionInput,
  listUnpublishInput,
  progressInput,
} from './validation/lists.ts';
import { userSaves } from './contract.ts';
import { BULK_SAVES_MAX, bulkSavesInput, SAVED_PROGRESS_FILTERS } from './validation/saves.ts';

/** A learner's progress with a content (decision 033). */
export const progressState = z
  .enum(PROGRESS_STATES)
  .meta({ id: 'ProgressState', description: 'Want to learn, Learning or Done' });
export const progressEntry = z
  .object({ contentId: id, state: progressState, updatedAt: isoDate })
  .meta({ id: 'ProgressEntry' });
export const userProgress = z
  .object({ progress: z.array(progressEntry).meta({ description: 'Most recently changed first' }) })
  .meta({ id: 'UserProgress', description: 'Where you stand with each content you marked' });
export const progressChange = userProgress
  .extend({ saves: userSaves.meta({ description: 'Your saves: marking Learning or Done saves the content' }) })
  .meta({ id: 'ProgressChange' });

export const listKind = z.enum(LIST_KINDS).meta({
  id: 'ListKind',
  description: 'A plain list, or a learning path: steps in order, in sections, with your progress over them',
});

/** One save as the Saved page shows it: the content with its picture and rating, and the learner's mark. */
export const savedEntry = z
  .object({
    _id: id,
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    image: z.string().meta({ description: "A path on this site: the content's picture, or its generated tile" }),
    rating: z.number(),
    numReviews: z.int(),
    savedAt: isoDate,
    progress: progressState.nullable().meta({ description: 'Your mark, null when not started' }),
  })
  .meta({ id: 'SavedEntry' });
export const savedPage = z
  .object({
    ...adminPaging,
    numSaves: z.int().meta({ description: 'All your saves, whatever the filters' }),
    saves: z.array(savedEntry).meta({ description: 'This page of the saves that match, in the order asked' }),
    lists: z
      .array(z.object({ _id: id, name: z.string(), count: z.int() }))
      .meta({ description: 'Your lists, newest first, each with how many of your saves it holds' }),
    progressCounts: z
      .object({ want: z.int(), learning: z.int(), done: z.int(), none: z.int() })
      .meta({ description: 'Your saves by progress (none: not started)' }),
  })
  .meta({ id: 'SavedPage' });
export const bulkSavesAnswer = progressChange
  .extend({
    message: z.string().meta({ description: 'What was done, in words: "3 removed from saved"' }),
    changed: z.int().meta({ description: 'Saves the change applied to' }),
    unchanged: z.int().meta({ description: 'Those it left as they were (already so, or not saved)' }),
  })
  .meta({ id: 'BulkSavesAnswer' });

const listFields = {
  _id: id,
  slug: z.string().meta({ description: 'Its public page is /lists/{slug}' }),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  kind: listKind,
  owner: z.object({ _id: id, name: z.string() }),
  numItems: z.int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  unpublished: z
    .object({ reason: z.string().meta({ description: 'What the admin said, for its owner' }), at: isoDate })
    .nullable()
    .meta({ description: 'Set while an admin keeps the list off the site: it stays private until an admin lifts it' }),
};
/** A learner's list without its items (their lists' page). */
export const listSummary = z
  .object({
    ...listFields,
    contentIds: z.array(id).meta({ description: 'Its contents in order (for the progress bar and "Add to list…")' }),
    cover: z
      .array(z.object({ name: z.string(), image: z.string().meta({ description: 'As a content’s `image`' }) }))
      .max(4)
      .meta({ description: 'Its first contents (up to 4), whose pictures make its cover' }),
    removedCount: z
      .int()
      .meta({ description: 'Contents deleted from the catalog since its owner last looked (0 for others)' }),
  })
  .meta({ id: 'LearnerListSummary' });
export const listItem = z
  .object({
    content,
    position: z.int().meta({ description: 'From 0' }),
    note: z.string(),
    section: z.string().meta({ description: 'A path’s section heading shown before this item ("" for none)' }),
    addedAt: isoDate,
  })
  .meta({ id: 'LearnerListItem' });
export const learnerList = z
  .object({
    ...listFields,
    removedCount: listSummary.shape.removedCount,
    items: z.array(listItem).meta({ description: 'In the list’s order' }),
  })
  .meta({ id: 'LearnerList', description: 'A learner’s list with its items' });
export const ownLists = z
  .object({ ...adminPaging, lists: z.array(listSummary).meta({ description: 'Newest first unless sorted otherwise' }) })
  .meta({ id: 'OwnLists' });

export const LIST_OPERATIONS = {
  myLists: {
    method: 'GET',
    route: '/api/lists',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Your lists, newest first',
    description:
      'The admin lists’ convention: sort by `created`, `updated` or `name`; `search` in the names; all on one page unless `pageSize` says fewer (at most 100 lists a user).',
    query: [...LIST, listFilter('visibility', 'Only public or only private lists', OWN_LISTS.filters.visibility)],
    ok: { status: 200, schema: ownLists, description: 'Your lists, each with its contents’ ids in order' },
  },
  createList: {
    method: 'POST',
    route: '/api/lists',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Make a list',
    description:
      'Private unless `isPublic`; its public page is /lists/{slug}. A plain list unless `kind` is `path` (a learning path). At most 100 lists a user (409 past it).',
    body: {
      schema: listInput,
      name: 'ListInput',
      example: { name: 'Rust in 30 days', description: 'One chapter a day', kind: 'path' },
    },
    ok: { status: 201, schema: learnerList, description: 'The new list' },
    errors: [409],
  },
  getList: {
    method: 'GET',
    route: '/api/lists/[id]',
    group: 'Lists and progress',
    access: 'public',
    summary: 'A list with its items in order',
    description:
      'Anyone may read a public list; a private one only its owner (a 404 to anyone else), and the admins one an admin unpublished (`unpublished` says why).',
    ok: { status: 200, schema: learnerList, description: 'The list' },
    errors: [404],
  },
  changeList: {
    method: 'PUT',
    route: '/api/lists/[id]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Change your list: its name, description, whether it is public, or whether it is a path',
    description:
      'A list an admin unpublished (its `unpublished` is set) stays private until an admin lifts it: `isPublic: true` is then a 409 whose message gives the admin’s reason, and nothing is changed.',
    body: { schema: listChangeInput, name: 'ListChange', example: { isPublic: true } },
    ok: { status: 200, schema: learnerList, description: 'The list as changed' },
    errors: [404, 409],
  },
  deleteList: {
    method: 'DELETE',
    route: '/api/lists/[id]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Delete your list',
    ok: { status: 200, schema: message, description: 'Deleted' },
    errors: [404],
  },
  copyList: {
    method: 'POST',
    route: '/api/lists/[id]/copy',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Copy a list you may read into a new private list of yours',
    description: 'The copy of your list that an admin unpublished is unpublished alike, with the same reason.',
    ok: { status: 201, schema: learnerList, description: 'Your copy, with the same items and notes' },
    errors: [404, 409],
  },
  addListItem: {
    method: 'POST',
    route: '/api/lists/[id]/items',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Add a content at the end of your list',
    description: 'Adding a content the list holds changes nothing. At most 500 items a list (409 past it).',
    body: {
      schema: listItemInput,
      name: 'ListItemInput',
      example: { contentId: 'k3x9q2mzv8d1', note: 'Chapters 1–3' },
    },
    ok: { status: 200, schema: learnerList, description: 'The list' },
    errors: [404, 409],
  },
  changeListItemNote: {
    method: 'PUT',
    route: '/api/lists/[id]/items/[contentId]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Change the note of an item of your list (up to 500 characters; empty removes it)',
    body: { schema: listNoteInput, name: 'ListNote', example: { note: 'Skip the first video' } },
    ok: { status: 200, schema: learnerList, description: 'The list' },
    errors: [404],
  },
  changeListItemSection: {
    method: 'PUT',
    route: '/api/lists/[id]/items/[contentId]/section',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Start a section of your path before this item, with its heading (up to 100 characters; empty removes it)',
    description:
      'The heading belongs to the item: it moves with it when the list is reordered, and goes when the item is removed. Any list may hold headings; a path shows them.',
    body: { schema: listSectionInput, name: 'ListSection', example: { section: 'Week 1: the basics' } },
    ok: { status: 200, schema: learnerList, description: 'The list' },
    errors: [404],
  },
  removeListItem: {
    method: 'DELETE',
    route: '/api/lists/[id]/items/[contentId]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Take a content out of your list',
    ok: { status: 200, schema: learnerList, description: 'The list' },
    errors: [404],
  },
  reorderList: {
    method: 'PUT',
    route: '/api/lists/[id]/order',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Put your list in a new order',
    description:
      'Every content of the list, each once, in the order wanted; anything else is a 400 and changes nothing.',
    body: { schema: listOrderInput, name: 'ListOrder', example: { contentIds: ['k3x9q2mzv8d1', 'a1b2c3d4e5f6'] } },
    ok: { status: 200, schema: learnerList, description: 'The list in its new order' },
    errors: [404],
  },
  unpublishList: {
    method: 'POST',
    route: '/api/lists/[id]/unpublish',
    group: 'Lists and progress',
    access: 'admin',
    summary: 'Take a list off the site, saying why (audited)',
    description:
      'The list stays its owner’s, private, and its owner reads the reason (`unpublished`); neither they nor a copy of it may be made public until an admin lifts it (DELETE). A private list is held the same way.',
    body: {
      schema: listUnpublishInput,
      name: 'ListUnpublish',
      example: { reason: 'Links to pirated copies of paid courses' },
    },
    ok: { status: 200, schema: learnerList, description: 'The list, private and unpublished' },
    errors: [400, 404],
  },
  liftListUnpublishing: {
    method: 'DELETE',
    route: '/api/lists/[id]/unpublish',
    group: 'Lists and progress',
    access: 'admin',
    summary: 'Lift an admin’s unpublishing of a list (audited)',
    description: 'The list stays private; its owner may make it public again. A list that is not unpublished is a 404.',
    ok: { status: 200, schema: learnerList, description: 'The list, private, no longer unpublished' },
    errors: [404],
  },
  mySaved: {
    method: 'GET',
    route: '/api/users/saved',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Your saves a page at a time: search, sort and filters, with counts by list and by progress',
    description:
      'The admin lists’ convention: sort by `saved` (newest first), `name`, `rating` or `progress` (Done first); `search` in the names and addresses; `progress` filters by a mark (`none`: not started); `list` by one of your lists (a list not yours is a 404); 50 a page unless `pageSize` says otherwise.',
    query: [
      ...LIST,
      listFilter('list', 'Only the saves in this list of yours (its id)'),
      listFilter('progress', 'Only the saves with this progress', SAVED_PROGRESS_FILTERS),
    ],
    ok: { status: 200, schema: savedPage, description: 'A page of your saves' },
    errors: [404],
  },
  bulkSaves: {
    method: 'POST',
    route: '/api/users/saved/bulk',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Change several of your saves at once: remove them, add them to a list, or set their progress',
    description: `One transaction: all of it happens or none. \`action\` is \`remove\`, \`addToList\` (with \`listId\`, added at its end in the order given; 409 when the list would pass ${ITEMS_PER_LIST} items) or \`setProgress\` (with \`state\`: want, learning, done, or none to clear). At most ${BULK_SAVES_MAX} \`contentIds\`; those you have not saved are left as they are.`,
    body: {
      schema: bulkSavesInput,
      name: 'BulkSavesInput',
      example: { action: 'setProgress', contentIds: ['k3x9q2mzv8d1'], state: 'done' },
    },
    ok: { status: 200, schema: bulkSavesAnswer, description: 'What was done, your progress and your saves' },
    errors: [404, 409],
  },
  myProgress: {
    method: 'GET',
    route: '/api/users/progress',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Where you stand with each content you marked',
    ok: { status: 200, schema: userProgress, description: 'Your progress' },
  },
  markProgress: {
    method: 'PUT',
    route: '/api/users/progress/[id]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Mark the content {id}: Want to learn, Learning or Done',
    description: 'Learning or Done saves the content too, if it was not saved.',
    body: { schema: progressInput, name: 'ProgressInput', example: { state: 'learning' } },
    ok: { status: 200, schema: progressChange, description: 'Your progress and saves' },
    errors: [404],
  },
  clearProgress: {
    method: 'DELETE',
    route: '/api/users/progress/[id]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Clear your mark on the content {id}',
    ok: { status: 200, schema: progressChange, description: 'Your progress and saves' },
  },
} as const satisfies Record<string, Operation>;
