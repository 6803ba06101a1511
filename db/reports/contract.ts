/**
 * The reports' part of the REST contract, the admin's reads across rooms: the dashboard's counts, the
 * contents table with each link's health, and the audit log; and the operations that answer them.
 */
import { z } from '../validation/zod.ts';
import { adminPaging, isoDate } from '../contract/shapes.ts';
import { LIST, listFilter, type Operation } from '../contract/operation.ts';
import { prose } from '../contract/prose.ts';
import { AUDIT_ACTION_NAMES } from '../validation/audit-actions.ts';
import { AUDIT_LIST } from '../validation/audit-actions.ts';
import { CONTENT_LIST } from './validation/content-list.ts';
import { content } from '../catalog/contract.ts';
import { linkHealth } from '../links/contract.ts';

const tagCount = z.object({ _id: z.string().meta({ description: 'The tag’s label' }), count: z.int() });
export const dashboardSummary = z
  .object({
    // One-element arrays (docs/product.md#the-rest-api): said with min and max, which every tool reads (a one-element tuple is not).
    contents: z.array(z.object({ numContents: z.int() })).length(1),
    users: z
      .array(z.object({ numUsers: z.int().meta({ description: 'Accounts that are not admins (isAdmin false)' }) }))
      .length(1),
    admins: z.array(z.object({ numAdmins: z.int() })).length(1),
    numCategory: z.int(),
    numTechStack: z.int(),
    numType: z.int(),
    contentCategories: z.array(tagCount),
    contentTechStacks: z.array(tagCount),
    contentTypes: z.array(tagCount),
    brokenLinks: z
      .int()
      .meta({ description: 'Published contents whose link is broken (failing 3 times over 48 hours)' }),
  })
  .meta({ id: 'DashboardSummary' });

export const adminContentRow = content
  .extend({ link: linkHealth.nullable().meta({ description: 'Null for drafts and links never checked nor reported' }) })
  .meta({ id: 'AdminContentRow' });

export const contentList = z
  .object({
    ...adminPaging,
    contents: z.array(adminContentRow),
  })
  .meta({ id: 'ContentList' });

/** An entry of the audit log as the Audit log screen lists it. */
export const auditEntry = z
  .object({
    id: z.int(),
    at: isoDate,
    admin: z
      .object({
        id: z.string().meta({
          description:
            "Who acted, as the log records it: 'user:{id}' for an admin in the browser, 'cli:{name}' at the terminal",
        }),
        label: z.string().meta({
          description:
            'Who that was, readable: the admin’s name while their account exists, else as the log recorded them (an email, “Deleted account”, a terminal user’s name)',
        }),
        email: z.string().optional().meta({ description: 'The admin’s email address, while their account exists' }),
      })
      .meta({ description: 'The `admin` filter takes its id' }),
    action: z.string().meta({
      description: `What was done: ${AUDIT_ACTION_NAMES.map((action) => `\`${action}\``).join(', ')}`,
      example: 'submission.reject',
    }),
    target: z.object({
      type: z.string().meta({
        description: 'content, submission, user, review, tag (its id `kind:value`), list, import, database',
        example: 'submission',
      }),
      id: z.string(),
      exists: z.boolean().meta({
        description: 'Whether it still exists (contents, submissions, users, reviews and tags; false for the others)',
      }),
    }),
    details: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: 'What the change was, as recorded (its fields depend on the action)' }),
  })
  .meta({ id: 'AuditEntry' });
export const auditList = z.object({ ...adminPaging, entries: z.array(auditEntry) }).meta({ id: 'AuditList' });

export type DashboardSummaryShape = z.infer<typeof dashboardSummary>;
export type ContentListShape = z.infer<typeof contentList>;
export type AuditEntryShape = z.infer<typeof auditEntry>;
export type AuditListShape = z.infer<typeof auditList>;

export const REPORT_OPERATIONS = {
  dashboardSummary: {
    method: 'GET',
    route: '/api/dashboard/summary',
    group: 'Admin: dashboard',
    access: 'admin',
    summary: 'Counts for the dashboard',
    ok: { status: 200, schema: dashboardSummary, description: 'Totals and contents per tag' },
  },
  adminContents: {
    method: 'GET',
    route: '/api/contents/admin',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Contents and drafts: searched, filtered, sorted and paged',
    description: prose`
      \`search\` is the catalog’s full-text search (or a content id); sort by \`created\` (default, newest
      first), \`name\` or \`cost\`.`,
    query: [
      ...LIST,
      listFilter('status', 'Only drafts or only published contents', CONTENT_LIST.filters.status),
      listFilter('category', 'Only contents of this category value'),
      listFilter('cost', 'Only contents of this cost', CONTENT_LIST.filters.cost),
      listFilter(
        'link',
        'Only published contents whose link is broken, permanently moved, or reported by users',
        CONTENT_LIST.filters.link,
      ),
    ],
    ok: { status: 200, schema: contentList, description: 'A page of contents, each with its link’s health' },
  },
  auditLog: {
    method: 'GET',
    route: '/api/audit/admin',
    group: 'Admin: audit',
    access: 'admin',
    summary: 'The audit log: every admin change, searched, filtered, sorted and paged',
    description: prose`
      \`search\` finds the text in the target (\`type:id\`) or the details; sort by \`at\` (default, newest
      first), \`action\` or \`admin\` (their label).`,
    query: [
      ...LIST,
      listFilter('action', 'Only the entries of this action', AUDIT_LIST.filters.action),
      listFilter('admin', "Only the entries of this admin (an entry's `admin.id`)"),
    ],
    ok: {
      status: 200,
      schema: auditList,
      description: 'A page of audit entries, newest first unless sorted otherwise',
    },
  },
} as const satisfies Record<string, Operation>;
