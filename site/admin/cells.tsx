/**
 * What the admin tables' cells show the same way (part of the kit, ./list.tsx), so that a row stays one or two
 * lines high at a laptop's width: dates short and unbroken, ids cut to their start (copied whole on a click),
 * the row's actions side by side, and Delete quiet until pointed at.
 */
import type { ReactNode } from 'react';
import { errorMessage } from '#site/lib/api.ts';
import { toast } from '#site/stores/toasts.ts';
import { BusyButton } from '../ui/fields.tsx';

const DAY_MONTH = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Nov 26" this year, "Nov 26, 2025" before (as GitHub dates its lists); the day in full in its tooltip. */
export function shortDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return (date.getUTCFullYear() === now.getUTCFullYear() ? DAY_MONTH : DAY_MONTH_YEAR).format(date);
}

export function ShortDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso.slice(0, 10)} className="whitespace-nowrap">
      {shortDate(iso)}
    </time>
  );
}

/** An id shown by its start; a click copies it whole and says so. */
export function CopyId({ id }: { id: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      toast('success', 'Copied');
    } catch (error) {
      toast('error', `Could not copy ${id}: ${errorMessage(error)}`);
    }
  }
  return (
    <button
      type="button"
      className="link link-hover block max-w-20 truncate font-mono text-xs"
      title={id}
      aria-label={`Copy ID ${id}`}
      onClick={() => void copy()}
    >
      {id}
    </button>
  );
}

/** Text of any length in at most two lines of a table row (from md up), the whole of it in its tooltip. */
export function TwoLines({ text }: { text: string }) {
  return (
    <span className="md:line-clamp-2" title={text}>
      {text}
    </span>
  );
}

/** A row's actions, side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-2">{children}</div>;
}

/** Delete in a row: an outline in the error colour, filled when pointed at (as GitHub's danger buttons). */
export function DeleteButton({
  busy,
  disabled,
  onClick,
  children,
}: {
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <BusyButton className="btn btn-sm btn-outline btn-error" busy={busy} disabled={disabled} onClick={onClick}>
      {children}
    </BusyButton>
  );
}
