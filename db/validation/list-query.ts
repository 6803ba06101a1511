/**
 * The one convention every admin list takes (docs/product.md#pages): `page`, `pageSize`, `search`, `sort`,
 * `order` (asc | desc) and the list's own filters. Parsed liberally, since the values come from links, selects
 * and hand-typed addresses: an empty value is "not given", anything not understood is the default, numbers
 * out of range are clamped — a list address never fails. Imports only modules that import nothing (the
 * islands use it too).
 */

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

/** How forms and hand-typed addresses say yes and no: a yes/no filter takes each (`reported=true`). */
const YES = new Set(['yes', 'true', '1', 'on']);
const NO = new Set(['no', 'false', '0', 'off']);

/** The list's own spelling of a value given in any case, or yes/no given as true/false, 1/0, on/off. */
function knownValue(values: readonly string[], given: string): string | undefined {
  const lower = given.toLowerCase();
  const same = values.find((value) => value.toLowerCase() === lower);
  if (same !== undefined) return same;
  if (YES.has(lower) && values.includes('yes')) return 'yes';
  if (NO.has(lower) && values.includes('no')) return 'no';
  return undefined;
}

const wholeNumber = (text: string): number | undefined => (/^\d{1,9}$/.test(text) ? Number(text) : undefined);

export function parseListQuery<S extends string, F extends string>(
  spec: ListSpec<S, F>,
  params: Params,
): ListQuery<S, F> {
  const askedSort = read(params, 'sort');
  const sort = Object.hasOwn(spec.sorts, askedSort) ? (askedSort as S) : spec.defaultSort;
  const askedOrder = read(params, 'order').toLowerCase();
  const order: SortOrder = askedOrder === 'asc' || askedOrder === 'desc' ? askedOrder : spec.sorts[sort];
  const size = wholeNumber(read(params, 'pageSize'));
  const filters: Partial<Record<F, string>> = {};
  for (const [name, values] of Object.entries(spec.filters) as Array<[F, readonly string[] | 'text']>) {
    const value = read(params, name);
    if (values === 'text') {
      if (value !== '' && value.length <= 100 && !/[\p{Cc}]/u.test(value)) filters[name] = value;
      continue;
    }
    const known = knownValue(values, value);
    if (known !== undefined) filters[name] = known;
  }
  return {
    page: Math.max(1, wholeNumber(read(params, 'page')) ?? 1),
    pageSize:
      size === undefined ? (spec.defaultPageSize ?? DEFAULT_PAGE_SIZE) : Math.min(MAX_PAGE_SIZE, Math.max(1, size)),
    search: read(params, 'search').slice(0, MAX_SEARCH),
    sort,
    order,
    filters,
  };
}

/** The address form of a query, leaving out what is the default (short, shareable links). */
export function listQueryParams<S extends string, F extends string>(
  spec: ListSpec<S, F>,
  query: ListQuery<S, F>,
): URLSearchParams {
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
export const containsPattern = (text: string) => `%${startsPattern(text)}`;

/** A LIKE pattern (ESCAPE '\') for texts that start with `text`, its wildcards taken as themselves. */
export const startsPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type ListSortOf<T> = T extends ListSpec<infer S, string> ? S : never;
