/**
 * Why a submission is rejected: one of a fixed set of reasons (its code is what the API, the CLI and the
 * database hold; the label is what people read) and an optional note. Either may be left out. Shared with
 * the browser forms (imports only zod and pure modules).
 */
import { blankAsMissing } from '../../validation/form-values.ts';
import { multiLine, z } from '../../validation/zod.ts';

export const REJECT_REASONS = [
  { code: 'already-listed', label: 'Already listed' },
  { code: 'duplicate', label: 'Duplicate of a pending submission' },
  { code: 'off-topic', label: 'Off-topic' },
  { code: 'link-broken', label: 'Link broken' },
  { code: 'low-quality', label: 'Low quality' },
  { code: 'spam', label: 'Spam' },
] as const;

export type RejectReason = (typeof REJECT_REASONS)[number]['code'];
export const REJECT_REASON_CODES = REJECT_REASONS.map((r) => r.code) as [RejectReason, ...RejectReason[]];
export const REJECT_NOTE_MAX = 500;

/** The words shown for a reason ('Off-topic'); undefined for none. */
export const reasonLabel = (code: string | null | undefined): string | undefined =>
  REJECT_REASONS.find((r) => r.code === code)?.label;

/** A code, or its label in any case ('Off-topic', 'off topic'): what a form or a person sends. */
const byKey = new Map<string, RejectReason>(
  REJECT_REASONS.flatMap((r) => [
    [r.code, r.code],
    [toKey(r.label), r.code],
  ]),
);
function toKey(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

export const rejectReason = z.preprocess(
  (v) => (typeof v === 'string' ? (byKey.get(toKey(v)) ?? v) : v),
  z.enum(REJECT_REASON_CODES, { error: `Reason must be one of ${REJECT_REASON_CODES.join(', ')}` }),
);

/** A rejection's body: both fields optional (blank or null is none). */
export const rejectionInput = z.object({
  reason: z.preprocess(blankAsMissing, rejectReason.optional()),
  note: z.preprocess(
    blankAsMissing,
    multiLine('Note must be text')
      .max(REJECT_NOTE_MAX, `Note must be at most ${REJECT_NOTE_MAX} characters`)
      .optional(),
  ),
});
export type RejectionInput = z.infer<typeof rejectionInput>;
