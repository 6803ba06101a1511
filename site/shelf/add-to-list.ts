/**
 * "Add to list…" (decision 033): a menu button on a content page, a card and the Saved page. The menu (an
 * ARIA menu: arrows, Home, End, Escape, typing a letter) lists the user's lists, each ticked when it holds
 * the content (choosing one adds or takes it out), and "New list…", which asks for a name in a dialog and
 * makes the list with the content in it. The lists are read when the menu opens: no session state to keep.
 */
import { call, errorMessage } from '#site/lib/api.ts';
import { signInUrl } from '#site/lib/redirect.ts';
import { signedInUserId } from '#site/session/sync.ts';
import { flashToast, toast } from '#site/stores/toasts.ts';
import type { LearnerListSummary } from '#site/shelf/list-types.ts';

const SELECTOR = 'button[data-add-to-list]';

let open: { button: HTMLButtonElement; menu: HTMLElement } | undefined;

function close(returnFocus: boolean): void {
  if (!open) return;
  const { button, menu } = open;
  open = undefined;
  menu.remove();
  button.setAttribute('aria-expanded', 'false');
  if (returnFocus) button.focus();
}

function menuItems(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
}

function moveFocus(menu: HTMLElement, to: 'next' | 'previous' | 'first' | 'last'): void {
  const items = menuItems(menu);
  const at = items.indexOf(document.activeElement as HTMLElement);
  const index =
    to === 'first'
      ? 0
      : to === 'last'
        ? items.length - 1
        : (at + (to === 'next' ? 1 : -1) + items.length) % items.length;
  items[index]?.focus();
}

function item(label: string, role: 'menuitem' | 'menuitemcheckbox', run: () => void, checked?: boolean): HTMLLIElement {
  const li = document.createElement('li');
  li.setAttribute('role', 'none');
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('role', role);
  button.tabIndex = -1;
  if (checked !== undefined) button.setAttribute('aria-checked', String(checked));
  button.className = 'justify-between';
  button.textContent = label;
  if (checked) button.insertAdjacentHTML('beforeend', '<span aria-hidden="true">✓</span>');
  button.addEventListener('click', () => {
    close(true);
    run();
  });
  li.append(button);
  return li;
}

async function toggleIn(list: LearnerListSummary, contentId: string, contentName: string): Promise<void> {
  const holds = list.contentIds.includes(contentId);
  try {
    if (holds) await call('removeListItem', { params: { id: list._id, contentId } });
    else await call('addListItem', { params: { id: list._id }, body: { contentId } });
    toast(
      'success',
      holds ? `Removed “${contentName}” from “${list.name}”` : `Added “${contentName}” to “${list.name}”`,
    );
  } catch (error) {
    toast('error', errorMessage(error));
  }
}

/** The "New list" dialog: a name, then the list is made and the content added to it. */
function askNewList(button: HTMLButtonElement, contentId: string, contentName: string): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'modal';
  dialog.setAttribute('aria-labelledby', 'new-list-title');
  dialog.innerHTML = `<form method="dialog" class="modal-box grid gap-3">
    <h2 id="new-list-title" class="text-lg font-semibold">New list</h2>
    <label class="floating-label"><span>Name</span><input name="name" class="input w-full" required maxlength="100" placeholder="Name" autocomplete="off" /></label>
    <p class="text-error text-sm" role="alert" data-error></p>
    <div class="modal-action"><button type="button" class="btn btn-ghost" data-cancel>Cancel</button><button class="btn btn-primary">Create and add</button></div>
  </form>`;
  const form = dialog.querySelector('form')!;
  const error = dialog.querySelector<HTMLElement>('[data-error]')!;
  const done = () => {
    dialog.close();
    dialog.remove();
    button.focus();
  };
  dialog.querySelector('[data-cancel]')!.addEventListener('click', done);
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    done();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = (form.elements.namedItem('name') as HTMLInputElement).value;
    call('createList', { body: { name } })
      .then(async (list) => {
        await call('addListItem', { params: { id: list._id }, body: { contentId } });
        done();
        toast('success', `Added “${contentName}” to the new list “${list.name}”`);
      })
      .catch((failure: unknown) => {
        error.textContent = errorMessage(failure);
      });
  });
  document.body.append(dialog);
  dialog.showModal();
}

async function openMenu(button: HTMLButtonElement): Promise<void> {
  const contentId = button.dataset.contentId ?? '';
  const contentName = button.dataset.contentName ?? '';
  button.setAttribute('aria-busy', 'true');
  const spinner = document.createElement('span');
  spinner.className = 'loading loading-spinner loading-xs';
  spinner.setAttribute('aria-hidden', 'true');
  button.append(spinner);
  let lists: LearnerListSummary[];
  try {
    lists = (await call('myLists')).lists;
  } catch (error) {
    toast('error', errorMessage(error));
    return;
  } finally {
    button.removeAttribute('aria-busy');
    spinner.remove();
  }
  const menu = document.createElement('ul');
  menu.id = `${button.id || 'add-to-list'}-menu`;
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', `Add ${contentName} to a list`);
  menu.className =
    'menu absolute z-30 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-box bg-base-100 p-2 shadow-lg border border-base-300';
  for (const list of lists)
    menu.append(
      item(
        list.name,
        'menuitemcheckbox',
        () => void toggleIn(list, contentId, contentName),
        list.contentIds.includes(contentId),
      ),
    );
  menu.append(item('New list…', 'menuitem', () => askNewList(button, contentId, contentName)));
  menu.addEventListener('keydown', (event) => {
    const to = ({ ArrowDown: 'next', ArrowUp: 'previous', Home: 'first', End: 'last' } as const)[
      event.key as 'ArrowDown'
    ];
    if (to) {
      event.preventDefault();
      moveFocus(menu, to);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key.length === 1) {
      const match = menuItems(menu).find((entry) =>
        entry.textContent?.trim().toLowerCase().startsWith(event.key.toLowerCase()),
      );
      match?.focus();
    }
  });
  button.parentElement?.classList.add('relative');
  button.insertAdjacentElement('afterend', menu);
  button.setAttribute('aria-expanded', 'true');
  button.setAttribute('aria-controls', menu.id);
  open = { button, menu };
  moveFocus(menu, 'first');
}

/** Wires every "Add to list…" button of the page (drawn now or later, as the Saved page's island draws them), once. */
export function wireAddToList(): void {
  if (document.documentElement.dataset.addToListWired) return;
  document.documentElement.dataset.addToListWired = 'true';
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const button = target?.closest<HTMLButtonElement>(SELECTOR);
    if (open && !open.menu.contains(target as Node)) {
      const same = open.button === button;
      close(false);
      if (same) return;
    }
    if (!button) return;
    if (!signedInUserId()) {
      flashToast('info', 'Please sign in first');
      location.assign(signInUrl(location.pathname + location.search));
      return;
    }
    void openMenu(button);
  });
  document.addEventListener('keydown', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>(SELECTOR);
    if (button && (event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
      event.preventDefault();
      button.click();
    }
  });
}
