/**
 * The admin sections, once: the top bar's Admin menu and the admin screens' tabs (site/layouts/TopBar.astro,
 * site/layouts/AdminLayout.astro) are drawn from this list, in its order, and each table island takes
 * its list's API operation and convention from its section (docs/decisions/020). Imports only the lists'
 * convention, each room's list spec (and the operations' names, as types), so both the server's components and
 * the islands may import it.
 */
import type { AnswerOf, OperationId, ParamsOf } from '#db/contract/operations.ts';
import type { AdminPagingShape } from '#db/contract/shapes.ts';
import { listQueryParams, parseListQuery, type ListQuery, type ListSpec } from '#db/validation/list-query.ts';
import { AUDIT_LIST } from '#db/validation/audit-actions.ts';
import { USER_LIST } from '#db/accounts/validation/user-list.ts';
import { TAG_LIST } from '#db/catalog/validation/tag-list.ts';
import { CONTENT_LIST } from '#db/reports/validation/content-list.ts';
import { REVIEW_LIST } from '#db/reviews/validation/review-list.ts';
import { SUBMISSION_LIST } from '#db/submissions/validation/submission-list.ts';

/** An operation that answers a page of a list (the paging fields beside its rows) and names no route parameter. */
export type AdminListOperation = {
  [Id in OperationId]: AnswerOf<Id> extends AdminPagingShape ? (keyof ParamsOf<Id> extends never ? Id : never) : never;
}[OperationId];

export interface AdminSection {
  /** The words in both menus. */
  label: string;
  /** The section's screen. */
  href: string;
  /** The paths that belong to the section (its list and its edit screens): its tab is the active one there. */
  prefixes: readonly string[];
  /** The list the section's table shows: its API operation and its ListSpec (db/validation/list-query.ts). */
  list?: { operation: AdminListOperation; spec: ListSpec<string, string> };
}

export const ADMIN_SECTION = {
  dashboard: { label: 'Dashboard', href: '/admin/dashboard', prefixes: ['/admin/dashboard'] },
  contents: {
    label: 'Contents',
    href: '/admin/contents',
    prefixes: ['/admin/contents', '/admin/content/'],
    list: { operation: 'adminContents', spec: CONTENT_LIST },
  },
  submissions: {
    label: 'Submissions',
    href: '/admin/submissions',
    prefixes: ['/admin/submissions', '/admin/submission/'],
    list: { operation: 'adminSubmissions', spec: SUBMISSION_LIST },
  },
  users: {
    label: 'Users',
    href: '/admin/users',
    prefixes: ['/admin/users', '/admin/user/'],
    list: { operation: 'adminUsers', spec: USER_LIST },
  },
  tags: {
    label: 'Tags',
    href: '/admin/tags',
    prefixes: ['/admin/tags'],
    list: { operation: 'adminTags', spec: TAG_LIST },
  },
  reviews: {
    label: 'Reviews',
    href: '/admin/reviews',
    prefixes: ['/admin/reviews'],
    list: { operation: 'adminReviews', spec: REVIEW_LIST },
  },
  audit: {
    label: 'Audit log',
    href: '/admin/audit',
    prefixes: ['/admin/audit'],
    list: { operation: 'auditLog', spec: AUDIT_LIST },
  },
} as const satisfies Record<string, AdminSection>;

/** The sections in the menus' order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = Object.values(ADMIN_SECTION);

/** The parameter of an edit screen's address that carries the view of the list it was opened from. */
const FROM_LIST = 'list';

/** An edit screen's address that remembers the list's view (search, filters, sort, page) it is opened from. */
export function editAddress(path: string, spec: ListSpec<string, string>, query: ListQuery): string {
  const view = listQueryParams(spec, query);
  return view.size ? `${path}?${new URLSearchParams({ [FROM_LIST]: view.toString() })}` : path;
}

/**
 * Where an edit screen goes back to (its Back link, and after saving): the section's list in the view it was
 * opened from, read again through the list's convention, so only the list's own parameters pass.
 */
export function listReturn(section: AdminSection, opened: URL): string {
  const view = opened.searchParams.get(FROM_LIST);
  if (!section.list || !view) return section.href;
  const params = listQueryParams(section.list.spec, parseListQuery(section.list.spec, new URLSearchParams(view)));
  return params.size ? `${section.href}?${params}` : section.href;
}

/** The section a path belongs to (its tab is shown active), if any. */
export const adminSectionOf = (path: string): AdminSection | undefined =>
  ADMIN_SECTIONS.find((section) => section.prefixes.some((prefix) => path.startsWith(prefix)));

/** One thing that may wait for an admin: its words for one and for many, and the filtered table that lists it. */
export interface WaitingItem {
  one: string;
  many: string;
  href: string;
}

/**
 * What may wait for an admin, in the order the dashboard's "Needs attention" leads with it
 * (site/admin/NeedsAttention.astro); the counts are db/reports/dashboard.ts needsAttention's.
 */
export const WAITING = {
  pendingSubmissions: {
    one: 'submission waiting for review',
    many: 'submissions waiting for review',
    href: ADMIN_SECTION.submissions.href,
  },
  reportedLinks: {
    one: 'link reported broken',
    many: 'links reported broken',
    href: `${ADMIN_SECTION.contents.href}?link=reported`,
  },
  brokenLinks: { one: 'broken link', many: 'broken links', href: `${ADMIN_SECTION.contents.href}?link=broken` },
  reportedReviews: {
    one: 'review reported',
    many: 'reviews reported',
    href: `${ADMIN_SECTION.reviews.href}?reported=yes&sort=reports`,
  },
} as const satisfies Record<string, WaitingItem>;
