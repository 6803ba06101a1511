/** The admin's submissions table (GET /api/submissions/admin): its sorts and filters (decision 020). */
import type { ListSpec } from '../../validation/list-query.ts';
import { SUBMISSION_STATUSES } from './statuses.ts';

export const SUBMISSION_LIST = {
  sorts: { created: 'asc', name: 'asc', decided: 'desc' },
  defaultSort: 'created',
  filters: { status: [...SUBMISSION_STATUSES, 'all'] },
} as const satisfies ListSpec<string, string>;
