/** The admin's users table (GET /api/users/admin): its sorts and filters, by the admin lists' convention (decision 020). */
import type { ListSpec } from '../../validation/list-query.ts';
import { ROLES } from './users.ts';

export const USER_LIST = {
  sorts: { created: 'desc', name: 'asc', email: 'asc' },
  defaultSort: 'created',
  filters: { role: ROLES },
} as const satisfies ListSpec<string, string>;
