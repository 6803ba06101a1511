/**
 * The one convention every admin list takes (docs/product.md §2): `page`, `pageSize`, `search`, `sort`,
 * `order` (asc | desc) and the list's own filters. Parsed liberally, since the values come from links, selects
 * and hand-typed addresses: an empty value is "not given", anything not understood is the default, numbers
 * out of range are clamped — a list address never fails. Imports only modules that import nothing (the
 * islands use it too).
 */
import { AUDIT_ACTION_NAMES } from './audit-actions.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Longer search text is cut: nobody types more to find a row, and it bounds the work of a query. */
export const MAX_SEARCH = 200;

export type SortOrder = 'asc' | 'desc';

/**
 * What a list accepts: its sortable columns (with each one's natural order) and its filters, each with the
 * values it knows, or 'text' for an open set (a tag value) the service looks up.
 */
export interface ListSpec<S extends string, F extends string> {
  sorts: Readonly<Record<S, SortOrder>>;
  defaultSort: NoInfer<S>;
  filters: Readonly<Record<F, readonly string[] | 'text'>>;
  /** Rows a page when not asked (DEFAULT_PAGE_SIZE unless the list is small enough to show at once). */
  defaultPageSize?: number;
}

export interface ListQuery<S extends string = string, F extends string = string> {
  page: number;
  pageSize: number;
  search: string;
  sort: S;
  order: SortOrder;
  /** Only the filters given with a value the list knows. */
  filters: Partial<Record<F, string>>;
}

type Params = URLSearchParams | Record<string, string | null | undefined>;
const read = (params: Params, key: string): string => {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  return typeof value === 'string' ? value.trim() : '';
};

const wholeNumber = (text: string): number | undefined => (/^\d{1,9}$/.test(text) ? Number(text) : undefined);

export function parseListQuery<S extends string, F extends string>(spec: ListSpec<S, F>, params: Params): ListQuery<S, F> {
  const askedSort = read(params, 'sort');
  const sort = Object.hasOwn(spec.sorts, askedSort) ? (askedSort as S) : spec.defaultSort;
  const askedOrder = read(params, 'order').toLowerCase();
  const order: SortOrder = askedOrder === 'asc' || askedOrder === 'desc' ? askedOrder : spec.sorts[sort];
  const size = wholeNumber(read(params, 'pageSize'));
  const filters: Partial<Record<F, string>> = {};
  for (const [name, values] of Object.entries(spec.filters) as Array<[F, readonly string[] | 'text']>) {
    const value = read(params, name);
    if (values === 'text' ? value !== '' && value.length <= 100 && !/[\p{Cc}]/u.test(value) : values.includes(value)) filters[name] = value;
  }
  return {
    page: Math.max(1, wholeNumber(read(params, 'page')) ?? 1),
    pageSize: size === undefined ? (spec.defaultPageSize ?? DEFAULT_PAGE_SIZE) : Math.min(MAX_PAGE_SIZE, Math.max(1, size)),
    search: read(params, 'search').slice(0, MAX_SEARCH),
    sort,
    order,
    filters,
  };
}

/** The address form of a query, leaving out what is the default (short, shareable links). */
export function listQueryParams<S extends string, F extends string>(spec: ListSpec<S, F>, query: ListQuery<S, F>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value as string);
  if (query.search) params.set('search', query.search);
  if (query.sort !== spec.defaultSort || query.order !== spec.sorts[query.sort]) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  if (query.pageSize !== (spec.defaultPageSize ?? DEFAULT_PAGE_SIZE)) params.set('pageSize', String(query.pageSize));
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** LIKE pattern for "contains", with the wildcards of the text itself matched literally (ESCAPE '\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The lists' specs: the API parses with them and the islands build their controls from them.

export const USER_LIST = {
  sorts: { created: 'desc', name: 'asc', email: 'asc' },
  defaultSort: 'created',
  filters: { role: ['admin', 'user'] },
} as const satisfies ListSpec<string, string>;

export const CONTENT_LIST = {
  sorts: { created: 'desc', name: 'asc', cost: 'asc' },
  defaultSort: 'created',
  // A link filter shows published contents only (drafts have no checked link).
  filters: { status: ['published', 'draft'], category: 'text', cost: ['Free', 'Paid', 'Free/Paid'], link: ['broken', 'moved', 'reported'] },
} as const satisfies ListSpec<string, string>;

export const SUBMISSION_LIST = {
  sorts: { created: 'asc', name: 'asc', decided: 'desc' },
  defaultSort: 'created',
  filters: { status: ['pending', 'approved', 'rejected', 'all'] },
} as const satisfies ListSpec<string, string>;

export const TAG_LIST = {
  sorts: { added: 'asc', label: 'asc', used: 'desc' },
  defaultSort: 'added',
  // `kind` is checked by the tag service (a kind it does not know is a 400, as it always was).
  filters: { kind: 'text', status: ['active', 'retired'] },
  // A few hundred tags at most in the usual catalog: a long page rather than many short ones.
  defaultPageSize: 100,
} as const satisfies ListSpec<string, string>;

export const REVIEW_LIST = {
  // The newest, the best rated and the most reported first, names from A.
  sorts: { createdAt: 'desc', rating: 'desc', name: 'asc', content: 'asc', reports: 'desc' },
  defaultSort: 'createdAt',
  // `content` is a content's id: one that does not exist lists nothing. `reported=yes`: reports wait on it.
  filters: { content: 'text', rating: ['1', '2', '3', '4', '5'], reported: ['yes'] },
} as const satisfies ListSpec<string, string>;

export const AUDIT_LIST = {
  // The newest first; actions and admins from A.
  sorts: { at: 'desc', action: 'asc', admin: 'asc' },
  defaultSort: 'at',
  // `admin` is an actor as the log records it ('user:<id>', 'cli:<name>').
  filters: { action: AUDIT_ACTION_NAMES, admin: 'text' },
} as const satisfies ListSpec<string, string>;

/** A learner's own lists (GET /api/lists; decision 033): at most 100, so one page unless asked. */
export const OWN_LISTS = {
  sorts: { created: 'desc', updated: 'desc', name: 'asc' },
  defaultSort: 'created',
  filters: { visibility: ['public', 'private'] },
  defaultPageSize: 100,
} as const satisfies ListSpec<string, string>;

export type ListSortOf<T> = T extends ListSpec<infer S, string> ? S : never;

/** A learner's followed tags (GET /api/follows; decision 036): at most 200, so one page of 100 unless asked. */
export const OWN_FOLLOWS = {
  sorts: { followed: 'desc', name: 'asc', new: 'desc' },
  defaultSort: 'followed',
  filters: { kind: ['category', 'techStack', 'type'] },
  defaultPageSize: 100,
} as const satisfies ListSpec<string, string>;
