/**
 * A bulk action over submissions (POST /api/submissions/bulk): approve, reject (with the reason and note of
 * a single rejection) or delete either the `ids` chosen, or every submission the list's `filter` matches —
 * the same parameters as GET /api/submissions/admin, resolved by the server.
 */
import { rejectionInput } from './rejection.ts';
import { z } from '../../validation/zod.ts';

export const BULK_ACTIONS = ['approve', 'reject', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const submissionBulkInput = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: `Action must be one of ${BULK_ACTIONS.join(', ')}` }),
    ids: z
      .array(z.string({ error: 'ids must be submission ids' }).max(64, 'ids must be submission ids'), {
        error: 'ids must be a list of submission ids',
      })
      .min(1, 'Choose at least one submission')
      .max(500, 'At most 500 submissions at once')
      .optional(),
    filter: z
      .record(
        z.string(),
        z.string({ error: 'A filter value must be text' }).max(300, 'A filter value must be at most 300 characters'),
        {
          error: 'filter must be the list’s parameters',
        },
      )
      .optional(),
  })
  .extend(rejectionInput.shape)
  .refine((input) => (input.ids === undefined) !== (input.filter === undefined), 'Send either ids or filter, not both');
export type SubmissionBulkInput = z.infer<typeof submissionBulkInput>;
