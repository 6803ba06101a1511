import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#site/lib/api.ts';
import { currentToast } from '#site/stores/toasts.ts';
import type { Confirmation } from '../ui/ConfirmDialog.tsx';
import { runRowAction, type RowAction, type RowActionHost } from './row-action.ts';

/** What the page saw, in order: busy changes, reloads, the question asked, where it went. */
let seen: string[];
let answerConfirm: boolean;
const setBusy = (busy: RowAction | null) =>
  seen.push(busy ? `busy ${busy.action}${busy.id === undefined ? '' : ` ${busy.id}`}` : 'idle');
const reload = async () => void seen.push('reload');
/** The table's dialog, answered as `answerConfirm` says. */
const confirm = async (question: Confirmation) => {
  seen.push(`confirm ${question.question}`);
  return answerConfirm;
};
const host: RowActionHost = { setBusy, reload, confirm };
const ask = (question: string): Confirmation => ({
  question,
  detail: 'What happens.',
  action: 'Do it',
  tone: 'danger',
});
const shown = () => currentToast.get() && { kind: currentToast.get()!.kind, message: currentToast.get()!.message };

beforeEach(() => {
  seen = [];
  answerConfirm = true;
  currentToast.set(null);
  const stored = new Map<string, string>();
  vi.stubGlobal('location', { assign: (address: string) => seen.push(`go ${address}`) });
  vi.stubGlobal('sessionStorage', {
    setItem: (key: string, value: string) => stored.set(key, value),
    getItem: (key: string) => stored.get(key) ?? null,
    removeItem: (key: string) => stored.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a row action', () => {
  it('asks, is busy for its row, sends, says so and reloads the list', async () => {
    const done = await runRowAction(
      { action: 'deleting', id: 'u1' },
      {
        confirm: ask('Are you sure to delete?'),
        request: async () => ({ message: 'User deleted' }),
        toast: (reply) => reply.message,
      },
      host,
    );
    expect(done).toBe(true);
    expect(seen).toEqual(['confirm Are you sure to delete?', 'busy deleting u1', 'reload', 'idle']);
    expect(shown()).toEqual({ kind: 'success', message: 'User deleted' });
  });

  it('declined, does nothing', async () => {
    answerConfirm = false;
    const request = vi.fn(async () => ({}));
    expect(
      await runRowAction(
        { action: 'deleting', id: 'c1' },
        { confirm: ask('Delete this content?'), request, toast: 'done' },
        host,
      ),
    ).toBe(false);
    expect(request).not.toHaveBeenCalled();
    expect(seen).toEqual(['confirm Delete this content?']);
    expect(shown()).toBeNull();
  });

  it('failed, shows the server’s words and keeps the rows, unless told to reload after that failure', async () => {
    const failing = async () => {
      throw new ApiError('Submission not found', 404);
    };
    expect(await runRowAction({ action: 'approving', id: 's1' }, { request: failing, toast: 'approved' }, host)).toBe(
      false,
    );
    expect(seen).toEqual(['busy approving s1', 'idle']);
    expect(shown()).toEqual({ kind: 'error', message: 'Submission not found' });

    seen = [];
    const settled = vi.fn();
    await runRowAction(
      { action: 'rejecting', id: 's1' },
      {
        request: failing,
        onSettled: settled,
        reloadOnError: (error) => error instanceof ApiError && error.status === 404,
      },
      host,
    );
    expect(settled).toHaveBeenCalledOnce();
    expect(seen).toEqual(['busy rejecting s1', 'reload', 'idle']);
  });

  it('hands the answer on and settles before the reload, with no toast when it has none', async () => {
    const order: string[] = [];
    await runRowAction(
      { action: 'bulk' },
      {
        request: async () => ({ results: 2 }),
        onSuccess: (answer) => order.push(`report ${answer.results}`),
        onSettled: () => order.push(`settled, ${seen.join(', ')}`),
      },
      { ...host, reload: async () => void order.push('reload') },
    );
    expect(order).toEqual(['report 2', 'settled, busy bulk', 'reload']);
    expect(shown()).toBeNull();
  });

  it('going to a new screen, carries the toast there and stays busy', async () => {
    await runRowAction(
      { action: 'creating' },
      {
        confirm: ask('Create a new content?'),
        request: async () => ({ content: { _id: 'n1' } }),
        toast: 'new content created successfully',
        goTo: ({ content }) => `/admin/content/${content._id}`,
      },
      host,
    );
    expect(seen).toEqual(['confirm Create a new content?', 'busy creating', 'go /admin/content/n1']);
    expect(sessionStorage.getItem('flashToast')).toBe(
      JSON.stringify({ kind: 'success', message: 'new content created successfully' }),
    );
    expect(shown()).toBeNull();
  });
});
