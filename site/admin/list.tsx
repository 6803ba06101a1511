/**
 * The admin tables' kit (docs/product.md#pages). Every list follows one convention, parsed on the server by
 * db/validation/list-query.ts: page, pageSize, search, sort, order (asc | desc) plus the list's filters. A new
 * table needs a ListSpec there (its sorts and filters; the API parses with it), its section in
 * site/admin/admin-sections.ts (the menus' entry, the list's operation and that ListSpec) and then, here:
 *
 *   const LIST = ADMIN_SECTION.reviews.list;
 *   const { query, change } = useListQuery(LIST.spec, initialSearch);    // state in the address (back/forward)
 *   const { state, reload, refreshing } = useAdminList(LIST.operation, LIST.spec, query); // rows typed from the contract
 *   const { busy, run, isBusy, confirmDialog } = useRowAction(reload);   // one row action at a time (./row-action.ts)
 *   <ListControls query={query} change={change} searchLabel="Search reviews">
 *     <FilterSelect label="Rating" name="rating" query={query} change={change} options={[['', 'Any'], ['1', '1 star']]} />
 *   </ListControls>
 *   <AdminTable caption="Reviews" busy={refreshing} columns={[{ label: 'CONTENT', sort: 'content' }, { label: 'ACTIONS' }]} query={query} change={change}>
 *     <tr><Cell label="CONTENT">…</Cell><Cell label="ACTIONS" actions>…</Cell></tr>
 *   </AdminTable>
 *   <Pager page={state.data.page} pages={state.data.pages} href={(page) => pageAddress(LIST.spec, query, page)} onPage={(page) => change({ page })} />
 *   {confirmDialog}                                                      // where the row actions ask first
 *
 * The page passes `Astro.url.search` as `initialSearch`, so the first render is the bookmarked view. Below
 * xl (a phone, a tablet) the table shows each row as two lines: its title cell and its actions' menu, then the other cells (Cell). The
 * cells' common pieces (short dates, ids, a row's actions, Delete) are ./cells.tsx; an Edit link carries the view
 * (editAddress, site/admin/admin-sections.ts) so that the edit screen returns to it.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { call, errorMessage } from '#site/lib/api.ts';
import { pagerItems } from '#site/lib/pagination.ts';
import {
  listQueryParams,
  PAGE_SIZES,
  parseListQuery,
  type ListQuery,
  type ListSpec,
} from '#db/validation/list-query.ts';
import type { AdminPagingShape } from '#db/contract/shapes.ts';
import type { AnswerOf } from '#db/contract/operations.ts';
import type { AdminListOperation } from '#site/admin/admin-sections.ts';

/** The paging fields every admin list response carries (db/contract/shapes.ts): row number = index + 1 + count. */
export type PagedList = AdminPagingShape;

export type ListState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; data: T };

/** Row actions (confirm → busy → request → toast → reload): ./row-action.ts. */
export { useRowAction, type RowAction, type RowActionSteps } from './row-action.ts';
export { CopyId, DeleteButton, RowActions, ShortDate, TwoLines } from './cells.tsx';
export { editAddress } from '#site/admin/admin-sections.ts';

export type ChangeQuery = (
  change: Partial<ListQuery> & { filters?: Record<string, string> },
  options?: { replace?: boolean },
) => void;

/**
 * A list's view, kept in the address: `change` moves to a new view (a new history entry, or replacing the
 * current one while a search is typed) and Back/Forward return to earlier ones. Changing anything but the
 * page goes back to page 1.
 */
export function useListQuery<S extends string, F extends string>(spec: ListSpec<S, F>, initialSearch: string) {
  const [query, setQuery] = useState(() => parseListQuery(spec, new URLSearchParams(initialSearch)));
  // The view now, for `change` to build on without a state updater (which must not touch history).
  const current = useRef(query);
  current.current = query;

  useEffect(() => {
    const back = () => setQuery(parseListQuery(spec, new URLSearchParams(location.search)));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, [spec]);

  const change: ChangeQuery = useCallback(
    (asked, options = {}) => {
      const now = current.current;
      const filters = { ...now.filters, ...asked.filters };
      // A new sort starts in its column's natural order.
      const order = asked.order ?? (asked.sort && asked.sort !== now.sort ? spec.sorts[asked.sort as S] : now.order);
      // Through the parser again: an empty select is "not given", a stale value the default.
      const next = parseListQuery(
        spec,
        listQueryParams(spec, { ...now, page: 1, ...asked, order, filters } as ListQuery<S, F>),
      );
      const address = `${location.pathname}${queryString(listQueryParams(spec, next))}`;
      if (address !== `${location.pathname}${location.search}`)
        history[options.replace ? 'replaceState' : 'pushState'](history.state, '', address);
      current.current = next;
      setQuery(next);
    },
    [spec],
  );
  return { query, change };
}

const queryString = (params: URLSearchParams) => (params.size ? `?${params}` : '');

/** The address of another page of the same view (the pager's links, for a new tab or without scripts). */
export const pageAddress = (spec: ListSpec<string, string>, query: ListQuery, page: number) =>
  `${queryString(listQueryParams(spec, { ...query, page }))}` || '?';

/**
 * The rows of `query` from the list's operation, typed as it answers them. `reload` keeps the rows on screen
 * while the fresh ones load (`refreshing`), so a deletion does not flash the table away; a stale answer (the
 * view changed meanwhile) is dropped.
 */
export function useAdminList<Id extends AdminListOperation>(
  operation: Id,
  spec: ListSpec<string, string>,
  query: ListQuery,
) {
  const search = queryString(listQueryParams(spec, query));
  const [state, setState] = useState<ListState<AnswerOf<Id>>>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    // The view `search` stands for: the same whatever query object the caller holds by the time it answers.
    const asked = parseListQuery(spec, new URLSearchParams(search));
    const request = ++latest.current;
    setRefreshing(true);
    try {
      // Every list operation's answer, narrowed to this one's: the operation named is the one called.
      const data = (await call<AdminListOperation>(operation, { query: search })) as AnswerOf<Id>;
      if (request !== latest.current) return;
      setState({ status: 'loaded', data });
      // The server clamps a page past the end (e.g. after deleting the last row of the last page).
      if (data.page !== asked.page)
        history.replaceState(
          history.state,
          '',
          `${location.pathname}${queryString(listQueryParams(spec, { ...asked, page: data.page }))}`,
        );
    } catch (error) {
      if (request !== latest.current) return;
      setState({ status: 'error', message: errorMessage(error) });
    } finally {
      if (request === latest.current) setRefreshing(false);
    }
    // `search`, not `query`: a new query object for the same view (a search typed again) must not load again.
  }, [operation, spec, search]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, reload: load, refreshing };
}

/** Loading and error states of a list; the loaded state is the caller's table. */
export function ListStatus<T>({ state, onRetry, noun }: { state: ListState<T>; onRetry: () => void; noun: string }) {
  if (state.status === 'loading') {
    return (
      <div role="status" className="flex items-center gap-3 py-10 text-base-content/70">
        <span className="loading loading-spinner" aria-hidden="true" />
        Loading {noun}…
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className="alert alert-error">
        <span>{state.message}</span>
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return null;
}

/** The search box, the list's filters (children) and the page size, above a table. */
export function ListControls({
  query,
  change,
  searchLabel,
  children,
}: {
  query: ListQuery;
  change: ChangeQuery;
  searchLabel: string;
  children?: ReactNode;
}) {
  return (
    <search aria-label="List view">
      <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
        <SearchBox
          label={searchLabel}
          value={query.search}
          onSearch={(search, typing) => change({ search }, { replace: typing })}
        />
        {children}
        <label className="flex flex-col gap-1 text-sm">
          Rows
          <select
            className="select select-sm w-24"
            value={query.pageSize}
            onChange={(event) => change({ pageSize: Number(event.currentTarget.value) })}
          >
            {(PAGE_SIZES as readonly number[]).includes(query.pageSize) ? null : (
              <option value={query.pageSize}>{query.pageSize}</option>
            )}
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </form>
    </search>
  );
}

/**
 * Searches as the admin types (after a pause; the typed text replaces the address, so Back is not a
 * letter-by-letter undo), or at once on Enter. Follows the address when it changes (Back, Forward).
 */
function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (search: string, typing: boolean) => void;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Back, Forward or a cleared view set the box; the address dropping a typed trailing space does not.
  useEffect(() => setText((typed) => (typed.trim() === value ? typed : value)), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <label className="flex grow flex-col gap-1 text-sm sm:max-w-xs">
      {label}
      <input
        type="search"
        name="search"
        className="input input-sm w-full"
        value={text}
        maxLength={200}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => onSearch(typed.trim(), true), 350);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          clearTimeout(timer.current);
          onSearch(text.trim(), false);
        }}
      />
    </label>
  );
}

/** One filter of a list: a select whose empty option means "not given". */
export function FilterSelect({
  label,
  name,
  query,
  change,
  options,
}: {
  label: string;
  name: string;
  query: ListQuery;
  change: ChangeQuery;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <select
        name={name}
        className="select select-sm"
        value={query.filters[name] ?? ''}
        onChange={(event) => change({ filters: { [name]: event.currentTarget.value } })}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A column of AdminTable: `sort` makes its header a button that sorts by it (again: the other way). */
export interface Column {
  label: string;
  sort?: string;
}

/**
 * The table frame: a table from xl up (scrolling sideways if it must), two dense lines per row below (Cell); announces itself
 * busy while it reloads. `lead` is an extra first header cell (e.g. a select-all checkbox).
 */
export function AdminTable({
  caption,
  busy,
  columns,
  query,
  change,
  lead,
  children,
}: {
  caption: string;
  busy: boolean;
  columns: readonly Column[];
  query?: ListQuery;
  change?: ChangeQuery;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="admin-table">
      <table className={`table table-zebra ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {lead}
            {columns.map((column) => (
              <SortHeader key={column.label} column={column} query={query} change={change} />
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function SortHeader({ column, query, change }: { column: Column; query?: ListQuery; change?: ChangeQuery }) {
  if (!column.sort || !query || !change) return <th scope="col">{column.label}</th>;
  const active = query.sort === column.sort;
  const next = active ? (query.order === 'asc' ? 'desc' : 'asc') : undefined;
  return (
    <th scope="col" aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase hover:underline"
        onClick={() => change({ sort: column.sort, ...(next ? { order: next } : {}) })}
      >
        {column.label}
        {/* Sortable, in the header's own colour: ↕ until sorted by it, then which way. */}
        <span aria-hidden="true">{active ? (query.order === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}

/**
 * A cell of a row. On a phone or a tablet (below xl) a row is two lines (site/styles/global.css): `phone="title"` leads the
 * first, `"lead"` sits before it (a selection box), `"hide"` waits for a wider screen, `"text"` (a review's
 * comment) takes two lines of its own at the end, and the others make the second line; an `actions` cell holds the row's RowActions, a menu at the first line's end.
 */
export function Cell({
  label,
  actions,
  phone,
  className = '',
  children,
}: {
  label: string;
  actions?: boolean;
  phone?: 'title' | 'lead' | 'text' | 'hide';
  className?: string;
  children?: ReactNode;
}) {
  return (
    <td data-label={label} data-phone={phone} className={`${actions ? 'admin-actions' : ''} ${className}`}>
      {children}
    </td>
  );
}

/** Previous, the first and last pages with the current one's neighbours (… for the rest), next. */
export function Pager({
  page,
  pages,
  href,
  onPage,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const link = (target: number, content: ReactNode, props: { label?: string; current?: boolean } = {}) => (
    <a
      href={href(target)}
      className={`btn btn-sm min-w-9 ${props.current ? 'btn-primary' : 'btn-ghost bg-base-100'}`}
      aria-current={props.current ? 'page' : undefined}
      aria-label={props.label}
      onClick={(event) => {
        event.preventDefault();
        onPage(target);
      }}
    >
      {content}
    </a>
  );
  return (
    <nav aria-label="Pages" className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            link(page - 1, '‹ Previous', { label: 'Previous page' })
          ) : (
            <span className="btn btn-sm btn-disabled" aria-disabled="true">
              ‹ Previous
            </span>
          )}
        </li>
        {pagerItems(page, pages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={item.page}>
              {link(
                item.page,
                <>
                  <span className="sr-only">Page </span>
                  {item.page}
                </>,
                { current: item.page === page },
              )}
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            link(page + 1, 'Next ›', { label: 'Next page' })
          ) : (
            <span className="btn btn-sm btn-disabled" aria-disabled="true">
              Next ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** "Rows 11–20 of 37": where this page sits in the list; nothing for an empty list, whose table says so. */
export function RowsShown({ data }: { data: PagedList }) {
  if (data.total === 0) return null;
  const rows = Math.min(data.pageSize, Math.max(0, data.total - data.count));
  return (
    <p className="text-sm text-base-content/80" data-rows-shown>
      Rows {data.count + 1}–{data.count + rows} of {data.total}
    </p>
  );
}

/** Tag labels as one line of text ('Web Development, Data Science'). */
export const labels = (tags: ReadonlyArray<{ label: string }>) => tags.map((tag) => tag.label).join(', ');
