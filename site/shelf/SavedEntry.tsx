/** One save on the Saved page, as a row (compact) or a card: its picture, a checkbox to select it, its links, rating, progress, "Add to list…" and trash. */
import type { AnswerOf } from '#db/contract/operations.ts';
import { Stars } from '#site/ui/Stars.tsx';
import { AddToListButton, ProgressControl, type useProgressMarks } from './progress.tsx';

type Entry = AnswerOf<'mySaved'>['saves'][number];

const TRASH =
  'M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3';

export function SavedEntry({
  item,
  number,
  view,
  checked,
  onChecked,
  onRemove,
  removing,
  hydrated,
  marks,
}: {
  item: Entry;
  number: number;
  view: 'compact' | 'cards';
  checked: boolean;
  onChecked: (on: boolean) => void;
  onRemove: () => void;
  removing: string | null;
  hydrated: boolean;
  marks: ReturnType<typeof useProgressMarks>;
}) {
  const cards = view === 'cards';
  return (
    <li
      className={
        cards
          ? 'flex flex-col overflow-hidden rounded-box border border-base-300'
          : 'flex flex-wrap items-center gap-x-3 gap-y-1 py-3'
      }
      data-saved-item
    >
      <img
        src={item.image}
        alt=""
        width="640"
        height="360"
        loading="lazy"
        decoding="async"
        className={cards ? 'aspect-video w-full object-cover' : 'aspect-video w-16 shrink-0 rounded object-cover'}
      />
      <div className={cards ? 'flex flex-1 flex-wrap items-start gap-x-3 gap-y-1 p-3' : 'contents'}>
        <input
          type="checkbox"
          className="checkbox checkbox-sm touch:checkbox-md"
          aria-label={`Select ${item.name}`}
          checked={checked}
          disabled={!hydrated}
          onChange={(event) => onChecked(event.target.checked)}
          data-saved-select
        />
        {!cards && (
          <span className="w-10 shrink-0 text-end font-semibold text-base-content/70" aria-hidden="true">
            {number}.
          </span>
        )}
        {/* Two targets one above the other, each 24 px high and 8 px apart (WCAG 2.5.8), 44 px high to a finger (2.5.5). */}
        <div className="flex min-w-0 flex-1 flex-col items-start gap-2 touch:gap-0">
          <a
            href={`/content/${encodeURIComponent(item.slug)}`}
            className="link link-hover block max-w-full truncate font-semibold leading-6 touch:leading-11"
          >
            {item.name}
          </a>
          <a
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            className="link link-primary inline-flex min-h-6 items-center text-sm touch:min-h-11"
          >
            visit website<span className="sr-only"> of {item.name} (opens in a new tab)</span>
          </a>
        </div>
        {item.numReviews > 0 && <Stars rating={item.rating} size="sm" />}
        <TrashButton
          name={item.name}
          busy={removing === item._id}
          disabled={!hydrated || removing !== null}
          onClick={onRemove}
        />
        {/* A row of its own under the name: a phone's width holds the name, not the controls beside it. */}
        <div className={`flex basis-full flex-wrap items-center gap-2 ${cards ? '' : 'ps-8 sm:ps-32'}`}>
          <ProgressControl contentId={item._id} name={item.name} marks={marks} />
          <AddToListButton contentId={item._id} name={item.name} />
        </div>
      </div>
    </li>
  );
}

function TrashButton({
  name,
  busy,
  disabled,
  onClick,
}: {
  name: string;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-square btn-ghost btn-sm text-error touch:btn-md"
      aria-label={`Remove ${name} from saved`}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy ? (
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
          <path strokeLinecap="round" strokeLinejoin="round" d={TRASH} />
        </svg>
      )}
    </button>
  );
}
