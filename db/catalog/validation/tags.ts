/** What admins send to add, rename, retire, restore and merge tags (db/catalog/tags/tag-changes.ts). */
import { TAG_KINDS } from '../taxonomy.ts';
import { blankAsMissing } from '../../validation/form-values.ts';
import { singleLine, z } from '../../validation/zod.ts';

/** A tag in use, or retired (kept for the contents that had it, offered to nobody). */
export const TAG_STATUSES = ['active', 'retired'] as const;
export type TagStatus = (typeof TAG_STATUSES)[number];

export const tagKind = z.enum(TAG_KINDS, { error: `The kind of a tag is one of ${TAG_KINDS.join(', ')}` });

const NEEDS_LETTER = 'A tag needs a label with a letter or a digit';
/** A label as stored: clean single-line text, cut at 100 characters, with a letter or a digit. */
export const tagLabel = singleLine(NEEDS_LETTER)
  .overwrite((label) => label.slice(0, 100).trim())
  .refine((label) => /[\p{L}\p{N}]/u.test(label), NEEDS_LETTER);

export const tagInput = z.object({ kind: tagKind, label: tagLabel });

export const tagChangeInput = z
  .object({
    label: z.preprocess(blankAsMissing, tagLabel.optional()),
    status: z.preprocess(
      blankAsMissing,
      z.enum(TAG_STATUSES, { error: `A tag’s status is ${TAG_STATUSES.join(' or ')}` }).optional(),
    ),
  })
  .refine(
    (change) => change.label !== undefined || change.status !== undefined,
    'Send a new label, or a status (active or retired)',
  );

/** The tag to merge into: its value, or its id (a number, or digits no value of the kind has). */
export const tagMergeInput = z.object({
  into: z.preprocess(
    blankAsMissing,
    z.union([z.int().positive(), singleLine('Choose the tag to merge into').min(1).max(100)], {
      error: 'Choose the tag to merge into',
    }),
  ),
});
