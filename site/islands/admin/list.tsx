/**
 * What the three admin tables share (SPEC §2, §4): loading a page of rows from the API, the list states
 * (loading, error, loaded; the row actions add deleting, creating…), reloading after a change, the row
 * number rule and the page links.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { apiGet, errorMessage } from '#site/lib/api.ts';

/** The paging fields every admin list response carries (db/paging.ts). */
export interface PagedList {
  page: number;
  pages: number;
  /** Rows before this page: row number = index + 1 + count. */
  count: number;
  total: number;
}

export type ListState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; data: T };

/** What a row action is doing right now; at most one at a time, so two clicks never race. */
export interface RowAction {
  action: 'deleting' | 'creating' | 'approving' | 'rejecting' | 'accepting';
  id?: string;
}

/**
 * The page `page` of an admin list, with the list's own filters (`filters`, e.g. { status: 'draft' }).
 * `reload` keeps the rows on screen while the fresh ones load (`refreshing`), so a deletion does not
 * flash the table away.
 */
export function useAdminList<T extends PagedList>(endpoint: string, page: number, filters: Record<string, string> = {}) {
  const filterQuery = queryOf(filters);
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setRefreshing(true);
    try {
      const data = await apiGet<T>(`${endpoint}?page=${page}${filterQuery}`);
      if (request !== latest.current) return;
      setState({ status: 'loaded', data });
      // The server clamps a page past the end (e.g. after deleting the last row of the last page).
      if (data.page !== page) history.replaceState(history.state, '', `?page=${data.page}${filterQuery}`);
    } catch (error) {
      if (request !== latest.current) return;
      setState({ status: 'error', message: errorMessage(error) });
    } finally {
      if (request === latest.current) setRefreshing(false);
    }
  }, [endpoint, page, filterQuery]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, reload: load, refreshing };
}

/** The page asked for in the address (?page=n), 1 when missing or not a whole number. */
export function requestedPage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
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

/** SPEC §2: page links 1..pages as real links (?page=n), the current one highlighted. */
/** '&status=draft' for { status: 'draft' }; empty values are left out. */
export const queryOf = (filters: Record<string, string>) =>
  Object.entries(filters)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `&${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('');

export function Pager({ page, pages, path, filters = {} }: { page: number; pages: number; path: string; filters?: Record<string, string> }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex justify-center">
      <ul className="flex flex-wrap justify-center gap-1">
        {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
          <li key={p}>
            <a
              href={`${path}?page=${p}${queryOf(filters)}`}
              className={`btn btn-sm min-w-9 ${p === page ? 'btn-primary' : 'btn-ghost bg-base-100'}`}
              aria-current={p === page ? 'page' : undefined}
            >
              <span className="sr-only">Page </span>
              {p}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The table frame: scrolls sideways on narrow screens, announces itself busy while it reloads. */
export function AdminTable({ caption, busy, head, children }: { caption: string; busy: boolean; head: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow-sm">
      <table className={`table table-zebra ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Tag labels as one line of text ('Web Development, Data Science'). */
export const labels = (tags: ReadonlyArray<{ label: string }>) => tags.map((tag) => tag.label).join(', ');
