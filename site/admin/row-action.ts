/**
 * A row action of the admin tables (part of the kit, ./list.tsx), one lifecycle for all of them: asked first
 * (in the confirmation dialog, ../dialogs/ConfirmDialog.tsx, when the action has a question), then busy (its
 * button spins and the others wait: one action at a time, so two clicks never race), the request, the success
 * toast (fixed words or the server's), and the list reloaded. A failure is an error toast with the server's
 * message; the rows stay as they were.
 *
 *   const { busy, run, isBusy, confirmDialog } = useRowAction(reload);
 *   <BusyButton busy={isBusy('deleting', user._id)} disabled={busy !== null} onClick={() => void run({ action: 'deleting', id: user._id }, {
 *     confirm: { question: 'Are you sure to delete?', detail: `…`, action: 'Delete', tone: 'danger' },
 *     request: () => call('deleteUser', { params: { id: user._id } }),
 *     toast: (reply) => reply?.message || 'user deleted successfully',
 *   })}>
 *   {confirmDialog}
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '#site/lib/api.ts';
import { flashToast, toast } from '#site/stores/toasts.ts';
import { useConfirm, type Confirmation } from '../ui/ConfirmDialog.tsx';

/** What a row action is doing right now, and to which row (none: to the table, e.g. creating or a bulk decision). */
export interface RowAction {
  action:
    | 'deleting'
    | 'creating'
    | 'approving'
    | 'rejecting'
    | 'accepting'
    | 'bulk'
    | 'adding'
    | 'renaming'
    | 'merging'
    | 'retiring'
    | 'restoring'
    | 'dismissing';
  id?: string | number;
}

export interface RowActionSteps<T> {
  /** The question asked first; declined, nothing happens. */
  confirm?: Confirmation | undefined;
  request: () => Promise<T>;
  /** The success toast, or how to word it from the answer; none without it. */
  toast?: string | ((answer: T) => string);
  /** What the answer changes besides the rows (a report, a selection), shown before the reload. */
  onSuccess?: (answer: T) => void;
  /** After the toast, whether it worked or not (e.g. closing the dialog that asked). */
  onSettled?: () => void;
  /** Reload after this failure too (e.g. someone else decided the row meanwhile: show the list as it is now). */
  reloadOnError?: (error: unknown) => boolean;
  /** Instead of reloading, go to this address (e.g. the new row's screen), the toast carried there; busy until the page goes. */
  goTo?: (answer: T) => string;
}

/** What an action runs with: the table's busy state, its reload, and the question's dialog. */
export interface RowActionHost {
  setBusy: (busy: RowAction | null) => void;
  reload: () => Promise<unknown>;
  confirm: (question: Confirmation) => Promise<boolean>;
}

/**
 * Runs one action through the lifecycle; true when it was done (not declined, not failed). Apart from React so
 * that it can be tested on its own; `useRowAction` is how the tables use it.
 */
export async function runRowAction<T>(
  action: RowAction,
  steps: RowActionSteps<T>,
  { setBusy, reload, confirm }: RowActionHost,
): Promise<boolean> {
  if (steps.confirm !== undefined && !(await confirm(steps.confirm))) return false;
  setBusy(action);
  let leaving = false;
  try {
    const answer = await steps.request();
    const message = typeof steps.toast === 'function' ? steps.toast(answer) : steps.toast;
    if (steps.goTo) {
      if (message !== undefined) flashToast('success', message);
      leaving = true;
      location.assign(steps.goTo(answer));
      return true;
    }
    if (message !== undefined) toast('success', message);
    steps.onSuccess?.(answer);
    steps.onSettled?.();
    await reload();
    return true;
  } catch (error) {
    toast('error', errorMessage(error));
    steps.onSettled?.();
    if (steps.reloadOnError?.(error)) await reload();
    return false;
  } finally {
    if (!leaving) setBusy(null);
  }
}

/**
 * A table's row actions: `run` one (at most one at a time), `busy` says which is running, `isBusy` whether it is
 * this one; `confirmDialog` is the element that asks, for the table to render.
 */
export function useRowAction(reload: () => Promise<unknown>) {
  const [busy, setBusy] = useState<RowAction | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const run = useCallback(
    <T>(action: RowAction, steps: RowActionSteps<T>) => runRowAction(action, steps, { setBusy, reload, confirm }),
    [reload, confirm],
  );
  const isBusy = (action: RowAction['action'], id?: RowAction['id']) => busy?.action === action && busy.id === id;
  return { busy, run, isBusy, confirmDialog };
}
