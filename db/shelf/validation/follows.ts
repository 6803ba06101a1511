/** Following tags and the weekly digest as users send them (decision 036). */
import { formBoolean, optionalFormBoolean } from '../../validation/form-values.ts';
import { z } from '../../validation/zod.ts';

/** How many tags a user may follow: enough for every interest, few enough for a digest to mean something. */
export const FOLLOWS_PER_USER = 200;
/** A digest names at most this many contents, newest first. */
export const DIGEST_MAX_ITEMS = 20;

/** A follow, with the answer to the one question its first follow asks: a weekly digest by mail? */
export const followInput = z.object({ digest: optionalFormBoolean('digest must be true or false') });
export type FollowInput = z.infer<typeof followInput>;

export const digestInput = z.object({ weekly: formBoolean('weekly must be true or false') });
