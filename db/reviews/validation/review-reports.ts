/**
 * Why a user reports a review: one of a fixed set (the code is what the API and the database hold, the label
 * what people read). Shared with the browser's report dialog (imports only zod).
 */
import { z } from '../../validation/zod.ts';

export const REVIEW_REPORT_REASONS = [
  { code: 'spam', label: 'Spam or advertising' },
  { code: 'abusive', label: 'Abusive or hateful' },
  { code: 'off-topic', label: 'Not about this resource' },
  { code: 'personal-data', label: 'Shares personal information' },
  { code: 'other', label: 'Something else' },
] as const;

export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number]['code'];
export const REVIEW_REPORT_REASON_CODES = REVIEW_REPORT_REASONS.map((r) => r.code) as [
  ReviewReportReason,
  ...ReviewReportReason[],
];

/** The words shown for a reason; the code itself for one no longer offered. */
export const reviewReportReasonLabel = (code: string): string =>
  REVIEW_REPORT_REASONS.find((r) => r.code === code)?.label ?? code;

export const reviewReportInput = z.object({
  reason: z.enum(REVIEW_REPORT_REASON_CODES, {
    error: `Choose why you report it: ${REVIEW_REPORT_REASON_CODES.join(', ')}`,
  }),
});
export type ReviewReportInput = z.infer<typeof reviewReportInput>;
