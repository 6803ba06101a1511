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
      {cards && <Thumbnail src={item.image} cards />}
      <div className={cards ? 'flex flex-1 flex-wrap items-start gap-x-3 gap-y-1 p-3' : 'contents'}>
        <BigCheckbox
          label={`Select ${item.name}`}
          checked={checked}
          disabled={!hydrated}
          onChange={onChecked}
          data-saved-select
        />
        {!cards && (
          <span
            className="hidden w-10 shrink-0 text-end font-semibold text-base-content/70 sm:inline"
            aria-hidden="true"
          >
            {number}.
          </span>
        )}
        {!cards && <Thumbnail src={item.image} cards={false} />}
        {/* Two targets one above the other, each 24 px high and 8 px apart (WCAG 2.5.8), 44 px high to a finger (2.5.5). */}
        <div className="flex min-w-0 flex-1 flex-col items-start gap-2 touch:gap-0">
          <a
            href={`/content/${encodeURIComponent(item.slug)}`}
            className="link link-hover block max-w-full font-semibold leading-6 break-words touch:min-h-11 touch:py-2.5"
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
        <TrashButton
          last={!cards}
          name={item.name}
          busy={removing === item._id}
          disabled={!hydrated || removing !== null}
          onClick={onRemove}
        />
        {/* On a phone a row of its own under the name (its width holds the name, not the controls); beside it from sm up. */}
        <div
          className={`flex basis-full flex-wrap items-center gap-2 ${cards ? '' : 'ps-14 sm:basis-auto sm:ps-0 md:flex-nowrap'}`}
        >
          {item.numReviews > 0 && <Stars rating={item.rating} size="sm" />}
          <ProgressControl contentId={item._id} name={item.name} marks={marks} />
          <AddToListButton contentId={item._id} name={item.name} />
        </div>
      </div>
    </li>
  );
}

function TrashButton({
  last,
  name,
  busy,
  disabled,
  onClick,
}: {
  /** In a row: after the controls once they share its line. */
  last: boolean;
  name: string;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-square btn-ghost btn-sm text-error touch:btn-md ${last ? 'sm:order-last' : ''}`}
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

function Thumbnail({ src, cards }: { src: string; cards: boolean }) {
  return (
    <img
      src={src}
      alt=""
      width="640"
      height="360"
      loading="lazy"
      decoding="async"
      className={cards ? 'aspect-video w-full object-cover' : 'aspect-video w-12 shrink-0 rounded object-cover sm:w-16'}
    />
  );
}

/**
 * A checkbox drawn small, whose target is 44 px square to a finger (WCAG 2.5.5): its ::after fills the box
 * around it, so a tap beside the square still ticks it.
 */
export function BigCheckbox({
  id,
  label,
  checked,
  indeterminate = false,
  disabled,
  onChange,
  ...data
}: {
  id?: string;
  label?: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  [data: `data-${string}`]: boolean | string | undefined;
}) {
  return (
    <span className="relative inline-flex shrink-0 items-center justify-center touch:size-11">
      <input
        type="checkbox"
        id={id}
        className="checkbox checkbox-sm touch:after:absolute touch:after:inset-0 touch:after:content-['']"
        aria-label={label}
        checked={checked}
        ref={(box) => {
          if (box) box.indeterminate = indeterminate;
        }}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        {...data}
      />
    </span>
  );
}
