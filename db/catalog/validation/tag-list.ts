/** The admin's tags table (GET /api/tags/admin): its sorts and filters (decision 020). */
import type { ListSpec } from '../../validation/list-query.ts';
import { TAG_STATUSES } from './tags.ts';

export const TAG_LIST = {
  sorts: { added: 'asc', label: 'asc', used: 'desc' },
  defaultSort: 'added',
  // `kind` is checked by the tag service: a kind it does not know is a 400.
  filters: { kind: 'text', status: TAG_STATUSES },
  // A few hundred tags at most in the usual catalog: a long page rather than many short ones.
  defaultPageSize: 100,
} as const satisfies ListSpec<string, string>;
