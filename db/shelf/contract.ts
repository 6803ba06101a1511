/**
 * The shelf's part of the REST contract, saves and follows: a learner's saves, the tags they follow with
 * what is new in each, and their weekly digest setting; and the operations that answer them. (Lists and
 * progress: db/shelf/lists-contract.ts.)
 */
import { z } from '../validation/zod.ts';
import { adminPaging, id, isoDate, message, tagKind } from '../contract/shapes.ts';
import { OWN_FOLLOWS } from './validation/follows.ts';
import { LIST, listFilter, PAGE, type Operation } from '../contract/operation.ts';
import { content } from '../catalog/contract.ts';
import { prose } from '../contract/prose.ts';
import { saveInput, saveRestoreInput } from './validation/saves.ts';
import { digestInput, followInput } from './validation/follows.ts';

export const savedItem = z
  .object({
    _id: id,
    contentName: z.string(),
    contentSlug: z.string(),
    contentUrl: z.string(),
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    savedAt: isoDate.meta({ description: 'When it was saved: the list is newest first' }),
  })
  .meta({ id: 'SavedItem', description: 'A saved content; `name`, `slug` and `url` repeat the content* fields' });
export const userSaves = z
  .object({ numSaves: z.int(), saves: z.array(savedItem).meta({ description: 'Newest first' }) })
  .meta({ id: 'UserSaves' });

/** A followed tag (decision 036), with what is new in it since its follower last opened their Following page. */
export const followedTag = z
  .object({
    kind: tagKind,
    value: z.string(),
    label: z.string(),
    followedAt: isoDate,
    newCount: z.int().meta({ description: 'Contents added since you last opened your Following page' }),
  })
  .meta({ id: 'FollowedTag' });
export const digestSetting = z
  .object({
    weekly: z.boolean().meta({ description: 'A weekly mail of what is new in the tags you follow' }),
    asked: z.boolean().meta({ description: 'Whether you were asked yet (at your first follow)' }),
  })
  .meta({ id: 'DigestSetting' });
export const follows = z
  .object({
    ...adminPaging,
    follows: z.array(followedTag).meta({ description: 'Most recently followed first unless sorted otherwise' }),
    digest: digestSetting,
  })
  .meta({ id: 'Follows' });

/** One content added to a tag the learner follows, on their Following page's feed. */
export const followedAddition = z
  .object({
    content,
    addedAt: isoDate.meta({ description: 'When it was listed: the feed is newest first' }),
    tags: z
      .array(z.object({ kind: tagKind, value: z.string(), label: z.string() }))
      .meta({ description: 'Which of your followed tags it carries' }),
    isNew: z.boolean().meta({ description: 'Added since you last opened your Following page' }),
  })
  .meta({ id: 'FollowedAddition' });
export const followsFeed = z
  .object({
    ...adminPaging,
    additions: z.array(followedAddition).meta({ description: 'Newest first' }),
  })
  .meta({ id: 'FollowsFeed' });

export type UserSavesShape = z.infer<typeof userSaves>;
export type FollowsFeedShape = z.infer<typeof followsFeed>;
export type FollowsShape = z.infer<typeof follows>;
export type FollowedTagShape = z.infer<typeof followedTag>;
export type DigestSettingShape = z.infer<typeof digestSetting>;

export const SHELF_OPERATIONS = {
  toggleSave: {
    method: 'POST',
    route: '/api/users/save',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Save a content, or unsave it if saved (a toggle)',
    description: 'Prefer PUT / DELETE /api/users/saves/{id}, which say the state wanted and are safe to retry.',
    body: { schema: saveInput, name: 'SaveInput', example: { contentId: 'k3x9q2mzv8d1' } },
    ok: { status: 200, schema: userSaves, description: 'Your saves after the change' },
    errors: [404],
  },
  userSaves: {
    method: 'GET',
    route: '/api/users/saves/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'The saves of the user {id} (yourself, or any user for an admin)',
    ok: { status: 200, schema: userSaves, description: 'Their saves, newest first' },
    errors: [403, 404],
  },
  save: {
    method: 'PUT',
    route: '/api/users/saves/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Save the content {id}',
    description: prose`
      No body saves it now. \`savedAt\` (the date a removed save had, as the list answered it) restores it in its
      place in the list, as Undo does; a date in the future counts as now. Saving what is saved already changes
      nothing.`,
    body: {
      schema: saveRestoreInput,
      name: 'SaveRestore',
      example: { savedAt: '2026-11-23T10:15:00.000Z' },
      optional: true,
    },
    ok: { status: 200, schema: userSaves, description: 'Your saves (saving twice is the same as once)' },
    errors: [404],
  },
  unsave: {
    method: 'DELETE',
    route: '/api/users/saves/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Unsave the content {id}',
    ok: { status: 200, schema: userSaves, description: 'Your saves' },
  },
  myFollows: {
    method: 'GET',
    route: '/api/follows',
    group: 'Following',
    access: 'user',
    summary: 'The tags you follow, with what is new in each',
    description:
      'The admin lists’ convention: sort by `followed`, `name` or `new`; `search` in the labels; `kind` filters; all on one page unless `pageSize` says fewer. `newCount` counts the contents added since you last opened your Following page (POST /api/follows/seen).',
    query: [...LIST, listFilter('kind', 'Only tags of this kind', OWN_FOLLOWS.filters.kind)],
    ok: { status: 200, schema: follows, description: 'Your follows and your digest setting' },
  },
  follow: {
    method: 'PUT',
    route: '/api/follows/[kind]/[value]',
    group: 'Following',
    access: 'user',
    summary: 'Follow the tag {value} of the kind {kind} (category, techStack or type)',
    description:
      'Following a tag you follow changes nothing. `digest` (optional) answers the question asked at your first follow: a weekly mail of what is new. At most 200 tags (409 past it).',
    body: { schema: followInput, name: 'FollowInput', example: { digest: true }, optional: true },
    ok: { status: 200, schema: follows, description: 'Your follows' },
    errors: [404, 409],
  },
  unfollow: {
    method: 'DELETE',
    route: '/api/follows/[kind]/[value]',
    group: 'Following',
    access: 'user',
    summary: 'Unfollow the tag',
    ok: { status: 200, schema: follows, description: 'Your follows' },
    errors: [404],
  },
  setDigest: {
    method: 'PUT',
    route: '/api/follows/digest',
    group: 'Following',
    access: 'user',
    summary: 'Turn the weekly digest of your follows on or off',
    description:
      'Each digest mail also carries a one-click unsubscribe link (RFC 8058) that works without signing in: /unsubscribe?token=….',
    body: { schema: digestInput, name: 'DigestInput', example: { weekly: true } },
    ok: { status: 200, schema: digestSetting, description: 'Your digest setting' },
  },
  followsFeed: {
    method: 'GET',
    route: '/api/follows/feed',
    group: 'Following',
    access: 'user',
    summary: 'What was added to the tags you follow, newest first',
    description:
      'Every content that carries at least one tag you follow, newest first, 12 a page, each with the followed tags it carries and whether it was added since you last opened your Following page (POST /api/follows/seen). No follows: an empty page.',
    query: [PAGE],
    ok: { status: 200, schema: followsFeed, description: 'A page of the additions' },
  },
  markFollowsSeen: {
    method: 'POST',
    route: '/api/follows/seen',
    group: 'Following',
    access: 'user',
    summary: 'Mark what is new in your follows as seen (your Following page does it when it opens)',
    ok: { status: 200, schema: message, description: 'Seen' },
  },
} as const satisfies Record<string, Operation>;
