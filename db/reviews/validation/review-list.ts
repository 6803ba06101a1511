/** The admin's reviews table (GET /api/reviews/admin): its sorts and filters (decision 020). */
import type { ListSpec } from '../../validation/list-query.ts';

export const REVIEW_LIST = {
  // The newest, the best rated and the most reported first, names from A.
  sorts: { createdAt: 'desc', rating: 'desc', name: 'asc', content: 'asc', reports: 'desc' },
  defaultSort: 'createdAt',
  // `content` is a content's id: one that does not exist lists nothing. `reported=yes`: reports wait on it.
  filters: { content: 'text', rating: ['1', '2', '3', '4', '5'], reported: ['yes'] },
} as const satisfies ListSpec<string, string>;
