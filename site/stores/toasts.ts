/**
 * Toast notices (docs/product.md#audience-and-page-frame: bottom-center, one at a time). The layout's toaster renders `currentToast`;
 * a new toast replaces the one showing. `flashToast` carries a notice across a full page navigation. A toast may
 * offer one action (Undo), for a change made at once rather than after a question.
 */
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';

/** A button in the toast: clicking it closes the toast and runs `run`. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

export const currentToast = atom<Toast | null>(null);

let nextId = 1;

export function toast(kind: ToastKind, message: string, action?: ToastAction): void {
  currentToast.set({ id: nextId++, kind, message, ...(action ? { action } : {}) });
}

export function dismissToast(id?: number): void {
  if (id === undefined || currentToast.get()?.id === id) currentToast.set(null);
}

const FLASH_KEY = 'flashToast';

/** Shows the toast on the next page this tab loads (e.g. right before `location.assign`). */
export function flashToast(kind: ToastKind, message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ kind, message }));
  } catch {
    // Storage unavailable (privacy mode): the notice is lost, the navigation still happens.
  }
}

/** The toast left by the previous page, removed so it shows once. */
export function takeFlashToast(): Pick<Toast, 'kind' | 'message'> | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(FLASH_KEY);
    const parsed = JSON.parse(raw) as Partial<Toast>;
    if (typeof parsed.message !== 'string') return null;
    const kind: ToastKind = parsed.kind === 'error' || parsed.kind === 'info' ? parsed.kind : 'success';
    return { kind, message: parsed.message };
  } catch {
    return null;
  }
}
