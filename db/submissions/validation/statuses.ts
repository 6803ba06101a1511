/** Where a submitted link stands: waiting for an admin, approved into the catalog, or rejected. Imports nothing. */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
