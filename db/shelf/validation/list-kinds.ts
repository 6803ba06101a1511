/** What a learner's list is (decision 047): a plain list, or a learning path. Imports nothing: browser code uses it. */
export const LIST_KINDS = ['list', 'path'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export const LIST_KIND_LABELS: Readonly<Record<ListKind, string>> = { list: 'List', path: 'Learning path' };
