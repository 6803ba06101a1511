/**
 * The saved list (docs/product.md#pages Saved): numbered entries linking to the content page and the website, a trash
 * button that unsaves at once (DELETE, so a retry cannot save it again) with Undo in its toast (PUT with the
 * save's date, so it returns to its place), the empty state, and the side card with the total. Rendered on the
 * server from the database; the saves store follows every change (the top-bar badge too). Each entry has its
 * progress mark and "Add to list…"; a bar counts what is done, and a filter shows one state (decision 033).
 */
import { useRef, useState } from 'react';
import { call, errorMessage } from '#site/lib/api.ts';
import { failureToast } from '#site/lib/failure.ts';
import { BookmarkMenu } from './BookmarkMenu.tsx';
import { updateSaves, type SavedItem, type UserSaves } from '#site/stores/session.ts';
import { toast } from '#site/stores/toasts.ts';
import { useHydrated } from '../ui/fields.tsx';
import {
  AddToListButton,
  matchesFilter,
  ProgressBar,
  ProgressControl,
  ProgressFilterSelect,
  type ProgressFilter,
  useProgressMarks,
} from './progress.tsx';

export default function SavedList({ initial }: { initial: UserSaves }) {
  const [saves, setSaves] = useState(initial.saves);
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  // The removed entry's button goes with it: the keyboard focus moves to the list's heading, not to nowhere.
  const heading = useRef<HTMLHeadingElement>(null);
  const marks = useProgressMarks();
  const [filter, setFilter] = useState<ProgressFilter>('');
  const shown = saves.filter((item) => matchesFilter(filter, marks, item._id));

  async function remove(item: SavedItem) {
    setRemoving(item._id);
    setError(null);
    try {
      const next = await call('unsave', { params: { id: item._id } });
      updateSaves(next);
      setSaves(next.saves);
      heading.current?.focus();
      toast('success', `${item.contentName} removed from saved`, { label: 'Undo', run: () => void restore(item) });
    } catch (failure) {
      failureToast(failure, () => remove(item));
    } finally {
      setRemoving(null);
    }
  }

  /** Undo: saved again with its first date, in its place; the toast says so, as saving anywhere does. */
  async function restore(item: SavedItem) {
    setError(null);
    try {
      const next = await call('save', {
        params: { id: item._id },
        body: item.savedAt ? { savedAt: item.savedAt } : undefined,
      });
      updateSaves(next);
      setSaves(next.saves);
      // The toast's button is gone with it: the focus goes where the removal left it.
      heading.current?.focus();
      toast('success', `Saved “${item.contentName}”`);
    } catch (failure) {
      toast('error', errorMessage(failure));
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <section className="card bg-base-100 shadow-sm" aria-labelledby="saved-heading">
        <div className="card-body">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 id="saved-heading" ref={heading} tabIndex={-1} className="card-title text-2xl outline-none">
              Your Saved Content
            </h1>
            <BookmarkMenu />
          </div>
          {error && (
            <div role="alert" className="alert alert-error">
              <span>{error}</span>
            </div>
          )}
          {saves.length > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <ProgressBar contentIds={saves.map((item) => item._id)} marks={marks} />
              <ProgressFilterSelect value={filter} onValue={setFilter} />
            </div>
          )}
          {saves.length > 0 && shown.length === 0 && (
            <p className="py-4 text-center" data-saved-filtered-empty>
              None of your saves is marked so.
            </p>
          )}
          {saves.length === 0 ? (
            <p className="py-6 text-center text-lg" data-saved-empty>
              Page is empty.{' '}
              <a href="/search" className="link link-primary font-semibold">
                Find more content
              </a>
            </p>
          ) : (
            <ol className="divide-y divide-base-300" data-saved-list>
              {shown.map((item, index) => (
                <li key={item._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3" data-saved-item>
                  <span className="w-8 shrink-0 text-end font-semibold text-base-content/70" aria-hidden="true">
                    {index + 1}.
                  </span>
                  {/* Two targets one above the other, each 24 px high and 8 px apart (WCAG 2.5.8), 44 px high to a finger (2.5.5). */}
                  <div className="flex min-w-0 flex-1 flex-col items-start gap-2 touch:gap-0">
                    <a
                      href={`/content/${encodeURIComponent(item.contentSlug)}`}
                      className="link link-hover block max-w-full truncate font-semibold leading-6 touch:leading-11"
                    >
                      {item.contentName}
                    </a>
                    <a
                      href={item.contentUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="link link-primary inline-flex min-h-6 items-center text-sm touch:min-h-11"
                    >
                      visit website<span className="sr-only"> of {item.contentName} (opens in a new tab)</span>
                    </a>
                  </div>
                  <button
                    type="button"
                    className="btn btn-square btn-ghost btn-sm text-error"
                    aria-label={`Remove ${item.contentName} from saved`}
                    disabled={!hydrated || removing !== null}
                    aria-busy={removing === item._id || undefined}
                    onClick={() => void remove(item)}
                  >
                    {removing === item._id ? (
                      <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                    ) : (
                      <svg
                        aria-hidden="true"
                        focusable="false"
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        className="size-5"
                      >
                        <path
                          strokeLinecap="round"
                          strokeLinejoin="round"
                          d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3"
                        />
                      </svg>
                    )}
                  </button>
                  {/* A row of its own under the name: a phone's width holds the name, not the controls beside it. */}
                  <div className="flex basis-full flex-wrap items-center gap-2 ps-11">
                    <ProgressControl contentId={item._id} name={item.contentName} marks={marks} />
                    <AddToListButton contentId={item._id} name={item.contentName} />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>

      <aside className="card bg-base-100 shadow-sm" aria-label="Saved total">
        <div className="card-body">
          <p className="text-lg font-semibold" data-saved-total>
            Total Content: {saves.length}
          </p>
          {saves.length > 0 && (
            <a href="/search" className="btn btn-primary">
              Add More
            </a>
          )}
        </div>
      </aside>
    </div>
  );
}
