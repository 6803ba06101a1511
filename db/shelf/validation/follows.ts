/** Following tags and the weekly digest as users send them (decision 036). */
import { formBoolean, optionalFormBoolean } from '../../validation/form-values.ts';
import { z } from '../../validation/zod.ts';
import type { ListSpec } from '../../validation/list-query.ts';
import { TAG_KINDS } from '../../catalog/taxonomy.ts';

/** How many tags a user may follow: enough for every interest, few enough for a digest to mean something. */
export const FOLLOWS_PER_USER = 200;
/** A digest names at most this many contents, newest first. */
export const DIGEST_MAX_ITEMS = 20;

/** A follow, with the answer to the one question its first follow asks: a weekly digest by mail? */
export const followInput = z.object({ digest: optionalFormBoolean('digest must be true or false') });
export type FollowInput = z.infer<typeof followInput>;

export const digestInput = z.object({ weekly: formBoolean('weekly must be true or false') });

/** A learner's followed tags (GET /api/follows; decision 036): at most 200, so one page of 100 unless asked. */
export const OWN_FOLLOWS = {
  sorts: { followed: 'desc', name: 'asc', new: 'desc' },
  defaultSort: 'followed',
  filters: { kind: TAG_KINDS },
  defaultPageSize: 100,
} as const satisfies ListSpec<string, string>;
