/**
 * The audit log's actions, named once: db/operations/audit.ts writes entries with them, the audit list
 * (AUDIT_LIST below) filters by them, and the Audit log screen shows their labels.
 * Imports only the lists' convention's types (the islands use it too).
 */
import type { ListSpec } from './list-query.ts';

export const AUDIT_ACTIONS = {
  'user.create': 'User created',
  'user.update': 'User edited',
  'user.promote': 'Made an admin',
  'user.demote': 'Admin role removed',
  'user.reset-password': 'Password reset',
  'user.reset-2fa': 'Two-factor sign-in reset',
  'user.delete': 'User deleted',
  'content.create': 'Content created',
  'content.update': 'Content edited',
  'content.publish': 'Content published',
  'content.delete': 'Content deleted',
  'content.import': 'Catalog imported',
  'submission.approve': 'Submission approved',
  'submission.reject': 'Submission rejected',
  'submission.delete': 'Submission deleted',
  'review.update': 'Review edited',
  'review.delete': 'Review deleted',
  'review.reports-dismiss': 'Review reports dismissed',
  'tag.create': 'Tag added',
  'tag.rename': 'Tag renamed',
  'tag.merge': 'Tags merged',
  'tag.retire': 'Tag retired',
  'tag.restore': 'Tag restored',
  'list.unpublish': 'List unpublished',
  'list.unpublish-lift': 'List may be public again',
  'db.seed': 'Database seeded',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** The words shown for an action; an action no longer written (an old entry) shows as stored. */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;

export const AUDIT_LIST = {
  // The newest first; actions and admins from A.
  sorts: { at: 'desc', action: 'asc', admin: 'asc' },
  defaultSort: 'at',
  // `admin` is an actor as the log records it ('user:<id>', 'cli:<name>').
  filters: { action: AUDIT_ACTION_NAMES, admin: 'text' },
} as const satisfies ListSpec<string, string>;
