/**
 * The Saved page (docs/product.md#pages Saved), built for thousands of saves: the server searches, sorts,
 * filters (by list, by progress) and pages them (GET /api/users/saved); the first page comes with the HTML.
 * A compact view (rows) or cards, remembered in a cookie so the server draws the chosen one; a picture for
 * each; a trash button that unsaves at once with Undo in its toast; and a selection changed in one go (remove,
 * add to a list, set progress: POST /api/users/saved/bulk). The address keeps the query, so a reload or a
 * shared link shows the same page.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { AnswerOf, BodyOf } from '#db/contract/operations.ts';
import { OWN_SAVES } from '#db/shelf/validation/saves.ts';
import { type ListQuery, listQueryParams } from '#db/validation/list-query.ts';
import { call, errorMessage } from '#site/lib/api.ts';
import { failureToast } from '#site/lib/failure.ts';
import { updateProgress, updateSaves, userProgress } from '#site/stores/session.ts';
import { toast } from '#site/stores/toasts.ts';
import { type Confirmation, useConfirm } from '#site/ui/ConfirmDialog.tsx';
import { useHydrated } from '../ui/fields.tsx';
import { BookmarkMenu } from './BookmarkMenu.tsx';
import { PROGRESS_LABELS, type ProgressStateName } from './progress-marks.ts';
import { useProgressMarks } from './progress.tsx';
import { BigCheckbox, SavedEntry } from './SavedEntry.tsx';

type SavedPage = AnswerOf<'mySaved'>;
type Entry = SavedPage['saves'][number];
type BulkChange = NonNullable<BodyOf<'bulkSaves'>>;
export type SavedQuery = ListQuery<keyof typeof OWN_SAVES.sorts, keyof typeof OWN_SAVES.filters>;
export type SavedView = 'compact' | 'cards';
/** The cookie that remembers the view: read by the page, so the server draws the one chosen. */
export const SAVED_VIEW_COOKIE = 'savedView';

/** The sort menu's choices: a column and its direction. */
const SORTS = [
  { value: 'saved:desc', label: 'Newest saved' },
  { value: 'saved:asc', label: 'Oldest saved' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'rating:desc', label: 'Highest rated' },
  { value: 'progress:desc', label: 'Progress, done first' },
  { value: 'progress:asc', label: 'Progress, not started first' },
] as const;

type Status = { kind: 'ready' } | { kind: 'loading' } | { kind: 'error'; message: string };
type Change = (patch: Partial<SavedQuery>) => void;
const SMALL = 'select select-sm w-auto touch:select-md';

/** The page of saves the query asks for, read again on each change; an older answer arriving late is dropped. */
function useSavedPage(initial: SavedPage, initialQuery: SavedQuery) {
  const [data, setData] = useState(initial);
  const [query, setQuery] = useState(initialQuery);
  const [status, setStatus] = useState<Status>({ kind: 'ready' });
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(0);

  async function load(next: SavedQuery, { quiet = false } = {}) {
    const ticket = ++latest.current;
    if (!quiet) setStatus({ kind: 'loading' });
    try {
      const answer = await call('mySaved', { query: listQueryParams(OWN_SAVES, next) });
      if (ticket !== latest.current) return;
      setData(answer);
      setStatus({ kind: 'ready' });
      setAnnouncement(answer.total === 1 ? '1 saved resource' : `${answer.total} saved resources`);
    } catch (failure) {
      if (ticket === latest.current) setStatus({ kind: 'error', message: errorMessage(failure) });
    }
  }

  /** A new query from the first page, kept in the address. */
  const change: Change = (patch) => {
    const next = { ...query, page: 1, ...patch };
    setQuery(next);
    const search = listQueryParams(OWN_SAVES, next).toString();
    history.replaceState(history.state, '', search ? `?${search}` : location.pathname);
    void load(next);
  };
  const reload = () => load(query, { quiet: true });

  // A mark changed here (or in another tab) moves the counts and perhaps the order: read the page again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads the query it is given
  useEffect(() => userProgress.listen(() => void load(query, { quiet: true })), [query]);

  return { data, query, status, announcement, change, reload, retry: () => load(query) };
}

export default function SavedList({
  initial,
  initialQuery,
  initialView,
}: {
  initial: SavedPage;
  initialQuery: SavedQuery;
  initialView: SavedView;
}) {
  const page = useSavedPage(initial, initialQuery);
  const { data, status } = page;
  const [view, setView] = useState(initialView);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const hydrated = useHydrated();
  const { confirm, confirmDialog } = useConfirm();
  // A removed entry's button goes with it: the keyboard focus moves to the heading, not to nowhere.
  const heading = useRef<HTMLHeadingElement>(null);
  const afterChange = async () => {
    heading.current?.focus();
    await page.reload();
  };
  const { remove, removing } = useRemoval(afterChange);
  const change: Change = (patch) => {
    setSelected(new Set());
    page.change(patch);
  };

  function chooseView(next: SavedView) {
    setView(next);
    // biome-ignore lint/suspicious/noDocumentCookie: one fixed word; the Cookie Store API is missing in some browsers still
    document.cookie = `${SAVED_VIEW_COOKIE}=${next}; path=/saved; max-age=31536000; samesite=lax`;
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <section className="card min-w-0 bg-base-100 shadow-sm" aria-labelledby="saved-heading">
        <div className="card-body gap-4 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 id="saved-heading" ref={heading} tabIndex={-1} className="card-title text-2xl outline-none">
              Your Saved Content
            </h1>
            <BookmarkMenu />
          </div>
          {data.numSaves > 0 && (
            <SavedToolbar page={page} change={change} view={view} chooseView={chooseView} hydrated={hydrated} />
          )}
          {selected.size > 0 && (
            <BulkBar
              selected={selected}
              lists={data.lists}
              confirm={confirm}
              clear={() => setSelected(new Set())}
              done={afterChange}
            />
          )}
          <p className="sr-only" role="status" aria-live="polite">
            {page.announcement}
          </p>
          {status.kind === 'error' && (
            <div role="alert" className="alert alert-error" data-saved-error>
              <span>{status.message}</span>
              <button type="button" className="btn btn-sm" onClick={() => void page.retry()} data-retry>
                Retry
              </button>
            </div>
          )}
          <SavedResults
            page={page}
            change={change}
            view={view}
            selected={selected}
            setSelected={setSelected}
            remove={remove}
            removing={removing}
            hydrated={hydrated}
          />
        </div>
      </section>
      <aside className="card bg-base-100 shadow-sm" aria-label="Saved total">
        <div className="card-body">
          <p className="text-lg font-semibold" data-saved-total>
            Total Content: {data.numSaves}
          </p>
          {data.numSaves > 0 && (
            <a href="/search" className="btn btn-primary">
              Add More
            </a>
          )}
        </div>
      </aside>
      {confirmDialog}
    </div>
  );
}

/** The trash button's unsave, with Undo in its toast (saved again with its first date, in its place). */
function useRemoval(afterChange: () => Promise<void>) {
  const [removing, setRemoving] = useState<string | null>(null);

  async function restore(item: Entry) {
    try {
      updateSaves(await call('save', { params: { id: item._id }, body: { savedAt: item.savedAt } }));
      toast('success', `Saved “${item.name}”`);
      await afterChange();
    } catch (failure) {
      toast('error', errorMessage(failure));
    }
  }

  async function remove(item: Entry) {
    setRemoving(item._id);
    try {
      updateSaves(await call('unsave', { params: { id: item._id } }));
      toast('success', `${item.name} removed from saved`, { label: 'Undo', run: () => void restore(item) });
      await afterChange();
    } catch (failure) {
      failureToast(failure, () => remove(item));
    } finally {
      setRemoving(null);
    }
  }
  return { remove, removing };
}

type PageState = ReturnType<typeof useSavedPage>;

function SavedToolbar({
  page,
  change,
  view,
  chooseView,
  hydrated,
}: {
  page: PageState;
  change: Change;
  view: SavedView;
  chooseView: (view: SavedView) => void;
  hydrated: boolean;
}) {
  const { data, query } = page;
  const id = useId();
  const filtered = Object.values(query.filters).filter(Boolean).length;
  // On a phone the sort, filters and view fold under one button, so the first screen reaches the saves.
  const [open, setOpen] = useState(false);
  return (
    <search className="flex flex-col gap-3" aria-label="Find in your saved">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField search={query.search} change={change} />
        <button
          type="button"
          className="btn btn-sm touch:btn-md md:hidden"
          aria-expanded={open}
          aria-controls={`${id}-more`}
          onClick={() => setOpen(!open)}
          data-saved-more
        >
          Sort and filter{filtered ? ` (${filtered})` : ''}
        </button>
      </div>
      <div id={`${id}-more`} className={`flex flex-wrap items-end gap-3 ${open ? '' : 'max-md:hidden'}`}>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">Sort</span>
          <select
            className={SMALL}
            value={`${query.sort}:${query.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(':') as [SavedQuery['sort'], SavedQuery['order']];
              change({ sort, order });
            }}
            data-saved-sort
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
        <FilterSelects data={data} query={query} change={change} />
        <ViewSwitch view={view} chooseView={chooseView} hydrated={hydrated} />
      </div>
      <div className="flex flex-wrap items-center gap-3" data-progress-bar>
        <progress
          className="meter w-40"
          max={Math.max(1, data.numSaves)}
          value={data.progressCounts.done}
          aria-labelledby={`${id}-done`}
        />
        <span id={`${id}-done`} className="text-sm font-semibold">
          {data.progressCounts.done} of {data.numSaves} done
        </span>
      </div>
    </search>
  );
}

/** The search follows the typing, a quarter of a second after the last key (at once on Enter). */
function SearchField({ search, change }: { search: string; change: Change }) {
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => change({ search: text.trim() }), 250);
    return () => clearTimeout(timer);
  });
  // A query cleared elsewhere ("Show all saved") empties the box.
  useEffect(() => {
    if (search === '') setText('');
  }, [search]);
  return (
    <label className="flex min-w-48 flex-1 flex-col gap-1">
      <span className="text-sm font-semibold">Search saved</span>
      <input
        type="search"
        className="input input-sm w-full touch:input-md"
        placeholder="Name or address"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') change({ search: text.trim() });
        }}
        data-saved-search
      />
    </label>
  );
}

function FilterSelects({ data, query, change }: { data: SavedPage; query: SavedQuery; change: Change }) {
  const counts = data.progressCounts;
  return (
    <>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">List</span>
        <select
          className={`${SMALL} max-w-56`}
          value={query.filters.list ?? ''}
          onChange={(event) => change({ filters: { ...query.filters, list: event.target.value || undefined } })}
          data-saved-list-filter
        >
          <option value="">All lists</option>
          {data.lists.map((list) => (
            <option key={list._id} value={list._id}>
              {list.name} ({list.count})
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">Progress</span>
        <select
          className={SMALL}
          value={query.filters.progress ?? ''}
          onChange={(event) => change({ filters: { ...query.filters, progress: event.target.value || undefined } })}
          data-progress-filter
        >
          <option value="">Any ({data.numSaves})</option>
          {(Object.entries(PROGRESS_LABELS) as Array<[ProgressStateName, string]>).map(([state, label]) => (
            <option key={state} value={state}>
              {label} ({counts[state]})
            </option>
          ))}
          <option value="none">Not started ({counts.none})</option>
        </select>
      </label>
    </>
  );
}

function ViewSwitch({
  view,
  chooseView,
  hydrated,
}: {
  view: SavedView;
  chooseView: (view: SavedView) => void;
  hydrated: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold">View</legend>
      <div className="join">
        {(['compact', 'cards'] as const).map((one) => (
          <button
            key={one}
            type="button"
            className={`btn join-item btn-sm touch:btn-md ${view === one ? 'btn-active btn-neutral' : ''}`}
            aria-pressed={view === one}
            disabled={!hydrated}
            onClick={() => chooseView(one)}
            data-saved-view={one}
          >
            {one === 'compact' ? 'Compact' : 'Cards'}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The selection's actions: in the flow, so nothing hides an entry; present once anything is chosen. */
function BulkBar({
  selected,
  lists,
  confirm,
  clear,
  done,
}: {
  selected: ReadonlySet<string>;
  lists: SavedPage['lists'];
  confirm: (question: Confirmation) => Promise<boolean>;
  clear: () => void;
  done: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);

  async function bulk(body: Omit<BulkChange, 'contentIds'>) {
    setBusy(true);
    try {
      const answer = await call('bulkSaves', { body: { ...body, contentIds: [...selected] } });
      updateSaves(answer.saves);
      updateProgress(answer);
      toast('success', answer.message);
      clear();
      await done();
    } catch (failure) {
      toast('error', errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    const n = selected.size;
    const yes = await confirm({
      question: n === 1 ? 'Remove 1 resource from saved?' : `Remove ${n} resources from saved?`,
      detail: 'They leave your saved list; your lists and progress keep them.',
      action: 'Remove',
      tone: 'danger',
    });
    if (yes) await bulk({ action: 'remove' });
  }

  return (
    <section
      className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 p-3"
      aria-label="Selected saves"
      data-saved-bulk
    >
      <span className="font-semibold" data-saved-selected-count>
        {selected.size} selected
      </span>
      <button
        type="button"
        className="btn btn-sm btn-error btn-outline touch:btn-md"
        disabled={busy}
        onClick={() => void remove()}
      >
        Remove
      </button>
      <BulkChoice
        label="List to add the selected to"
        none={lists.length ? 'Choose a list' : 'No list yet (see My Lists)'}
        options={lists.map((list) => ({ value: list._id, label: list.name }))}
        action="Add to list"
        busy={busy}
        run={(listId) => bulk({ action: 'addToList', listId })}
      />
      <BulkChoice
        label="Progress to set on the selected"
        none="Choose a progress"
        options={[
          ...Object.entries(PROGRESS_LABELS).map(([value, label]) => ({ value, label })),
          { value: 'none', label: 'Not started' },
        ]}
        action="Set progress"
        busy={busy}
        run={(state) => bulk({ action: 'setProgress', state: state as BulkChange['state'] })}
      />
      <button type="button" className="btn btn-ghost btn-sm touch:btn-md" disabled={busy} onClick={clear}>
        Clear selection
      </button>
    </section>
  );
}

/** A choice and the button that applies it to the selection. */
function BulkChoice({
  label,
  none,
  options,
  action,
  busy,
  run,
}: {
  label: string;
  none: string;
  options: Array<{ value: string; label: string }>;
  action: string;
  busy: boolean;
  run: (value: string) => Promise<void>;
}) {
  const [value, setValue] = useState('');
  return (
    <span className="flex items-center gap-1">
      <select
        className={`${SMALL} max-w-48`}
        aria-label={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      >
        <option value="">{none}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-sm touch:btn-md"
        disabled={busy || !value}
        onClick={() => void run(value)}
      >
        {action}
      </button>
    </span>
  );
}

/** The saves of this page, or the empty state, or "no match" with a way back; and the pages. */
function SavedResults({
  page,
  change,
  view,
  selected,
  setSelected,
  remove,
  removing,
  hydrated,
}: {
  page: PageState;
  change: Change;
  view: SavedView;
  selected: ReadonlySet<string>;
  setSelected: (next: ReadonlySet<string>) => void;
  remove: (item: Entry) => Promise<void>;
  removing: string | null;
  hydrated: boolean;
}) {
  const { data, query, status } = page;
  const marks = useProgressMarks();
  const shown = data.saves;
  if (data.numSaves === 0)
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center">
        <p className="text-lg" data-saved-empty>
          Page is empty.{' '}
          <a href="/search" className="link link-primary font-semibold">
            Find more content
          </a>
        </p>
        {/* The contract's words say where to go; these say what to do there, and what this page is for. */}
        <p className="max-w-md text-sm text-base-content/80" data-saved-empty-hint>
          Save a resource with the bookmark on its card or its page: it is kept here, with your progress on it.
        </p>
      </div>
    );
  if (shown.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-saved-filtered-empty>
        <p className="text-lg">No saved item matches.</p>
        {(query.search !== '' || Object.keys(query.filters).length > 0) && (
          <button type="button" className="btn btn-sm" onClick={() => change({ search: '', filters: {} })}>
            Show all saved
          </button>
        )}
      </div>
    );
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  return (
    <div aria-busy={status.kind === 'loading'} className={status.kind === 'loading' ? 'opacity-60' : ''}>
      <SelectAll shown={shown} selected={selected} setSelected={setSelected} hydrated={hydrated} />
      <ol
        className={
          view === 'cards' ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'divide-y divide-base-300'
        }
        data-saved-list
        data-view={view}
      >
        {shown.map((item, index) => (
          <SavedEntry
            key={item._id}
            item={item}
            number={data.count + index + 1}
            view={view}
            checked={selected.has(item._id)}
            onChecked={(on) => toggle(item._id, on)}
            onRemove={() => void remove(item)}
            removing={removing}
            hydrated={hydrated}
            marks={marks}
          />
        ))}
      </ol>
      {data.pages > 1 && <Pager page={data} query={query} change={change} />}
    </div>
  );
}

function SelectAll({
  shown,
  selected,
  setSelected,
  hydrated,
}: {
  shown: Entry[];
  selected: ReadonlySet<string>;
  setSelected: (next: ReadonlySet<string>) => void;
  hydrated: boolean;
}) {
  const all = shown.every((item) => selected.has(item._id));
  const some = shown.some((item) => selected.has(item._id));
  const id = useId();
  return (
    <div className="flex w-fit items-center gap-2 py-1 text-sm">
      <BigCheckbox
        id={id}
        checked={all}
        indeterminate={some && !all}
        disabled={!hydrated}
        onChange={(on) => setSelected(on ? new Set(shown.map((item) => item._id)) : new Set())}
        data-saved-select-all
      />
      <label htmlFor={id}>Select all on this page</label>
    </div>
  );
}

/** Previous and Next as links to the page's address (they work before the island does), followed in place after. */
function Pager({ page, query, change }: { page: SavedPage; query: SavedQuery; change: Change }) {
  const step = (to: number, label: string) => {
    // No link where there is no page to go to (a disabled link is no link at all).
    if (to < 1 || to > page.pages) return null;
    const search = listQueryParams(OWN_SAVES, { ...query, page: to }).toString();
    return (
      <a
        href={search ? `?${search}` : '/saved'}
        className="btn btn-sm touch:btn-md"
        onClick={(event) => {
          event.preventDefault();
          change({ page: to });
        }}
      >
        {label}
      </a>
    );
  };
  return (
    <nav className="mt-4 flex items-center justify-center gap-3" aria-label="Pages of your saved">
      {step(page.page - 1, 'Previous')}
      <span className="text-sm" data-saved-page>
        Page {page.page} of {page.pages}
      </span>
      {step(page.page + 1, 'Next')}
    </nav>
  );
}
