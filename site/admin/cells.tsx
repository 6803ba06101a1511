/**
 * What the admin tables' cells show the same way (part of the kit, ./list.tsx), so that a row stays one or two
 * lines high at a laptop's width: dates short and unbroken, ids cut to their start (copied whole on a click),
 * the row's actions side by side, and Delete quiet until pointed at.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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

/** Text of any length in at most two lines of a table row (from xl up), the whole of it in its tooltip. */
export function TwoLines({ text }: { text: string }) {
  return (
    <span className="xl:line-clamp-2" title={text}>
      {text}
    </span>
  );
}

/**
 * A row's actions: side by side from xl up; on a phone or a tablet behind one "⋯" button at the end of the row's first line
 * (a disclosure: the buttons drop down under it, and close on a choice, Escape or a tap elsewhere), so a row
 * stays two lines. `name` names the row for assistive technology ("Actions for freeCodeCamp").
 */
export function RowActions({ name, children }: { name: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    // A choice closes the menu (its click reaches the menu after the button's own handler).
    const chosen = () => setOpen(false);
    const panel = menu.current;
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', onEscape);
    panel?.addEventListener('click', chosen);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', onEscape);
      panel?.removeEventListener('click', chosen);
    };
  }, [open]);
  return (
    <div ref={root} className="row-actions relative">
      <button
        ref={toggle}
        type="button"
        className="btn btn-ghost btn-sm btn-square xl:hidden"
        aria-label={`Actions for ${name}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((was) => !was)}
        data-row-menu
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M3 10a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0Zm5.5 0a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0ZM15.5 8.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z" />
        </svg>
      </button>
      <div ref={menu} id={menuId} className={`flex items-center gap-2 ${open ? '' : 'max-xl:hidden'}`}>
        {children}
      </div>
    </div>
  );
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
