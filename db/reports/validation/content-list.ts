/** The admin's contents table (GET /api/contents/admin): its sorts and filters (decision 020). */
import type { ListSpec } from '../../validation/list-query.ts';
import { COSTS } from '../../catalog/taxonomy.ts';
import { CONTENT_STATUSES } from '../../catalog/validation/contents.ts';

export const CONTENT_LIST = {
  sorts: { created: 'desc', name: 'asc', cost: 'asc' },
  defaultSort: 'created',
  // A link filter shows published contents only (drafts have no checked link).
  filters: { status: CONTENT_STATUSES, category: 'text', cost: COSTS, link: ['broken', 'moved', 'reported'] },
} as const satisfies ListSpec<string, string>;
