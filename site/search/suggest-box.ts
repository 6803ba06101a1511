/**
 * Suggestions as one types in a search box (docs/product.md §1): after 2 characters and a pause of 150 ms, up
 * to 8 tags and resources from GET /api/contents/suggest, each opening its page; Enter with none chosen
 * searches as before. The box becomes an ARIA 1.2 combobox (list autocomplete): the arrow keys move through
 * the options (aria-activedescendant, the focus stays in the box), Enter opens the one chosen, Escape closes
 * the list (a second Escape clears the box), and a polite live region says how many there are. Loaded on the
 * box's first focus (site/layouts/TopBar.astro), so a page ships none of it; without JavaScript the box is
 * the plain search form. Plain DOM, no React: every text is set as text, the matched parts as <mark>.
 */
import type { SuggestionShape, SuggestionsShape } from '#db/catalog/contract.ts';

const PAUSE_MS = 150;
const MIN_CHARS = 2;

let boxes = 0;

/** The parts of a label, each marked or not, from the server's [start, end) offsets. */
export function markedParts(label: string, marks: ReadonlyArray<readonly number[]>): Array<{ text: string; marked: boolean }> {
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const [start = 0, end = 0] of marks) {
    if (start < at || end <= start || end > label.length) continue;
    if (start > at) parts.push({ text: label.slice(at, start), marked: false });
    parts.push({ text: label.slice(start, end), marked: true });
    at = end;
  }
  if (at < label.length) parts.push({ text: label.slice(at), marked: false });
  return parts;
}

/** What the live region says of a list of `n`. */
export const countMessage = (n: number) =>
  n === 0 ? 'No suggestions. Press Enter to search.' : `${n} ${n === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose one.`;

export function attachSuggestions(form: HTMLFormElement, box: HTMLInputElement): void {
  if (box.getAttribute('role') === 'combobox') return;
  const id = `suggestions-${++boxes}`;
  const popup = document.createElement('div');
  popup.className = 'absolute inset-x-0 top-full z-50 mt-1 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg';
  popup.hidden = true;
  popup.dataset.suggestions = '';
  const list = document.createElement('ul');
  list.id = id;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Suggestions');
  list.className = 'flex flex-col';
  const note = document.createElement('p');
  note.className = 'px-3 py-2 text-sm text-base-content/80';
  note.dataset.suggestionsNote = '';
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'sr-only';
  popup.append(list, note);
  form.append(popup, status);

  box.setAttribute('role', 'combobox');
  box.setAttribute('aria-autocomplete', 'list');
  box.setAttribute('aria-expanded', 'false');
  box.setAttribute('aria-controls', id);
  box.autocomplete = 'off';

  let options: SuggestionShape[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: AbortController | undefined;

  const open = (shown: boolean) => {
    popup.hidden = !shown;
    box.setAttribute('aria-expanded', String(shown && options.length > 0));
    if (!shown) choose(-1);
  };

  const say = (text: string) => {
    // Set after a frame, so the same words said again are announced again.
    status.textContent = '';
    requestAnimationFrame(() => (status.textContent = text));
  };

  function choose(index: number) {
    active = index;
    for (const [i, item] of [...list.children].entries()) {
      const on = i === index;
      item.setAttribute('aria-selected', String(on));
      item.classList.toggle('bg-base-200', on);
      if (on) item.scrollIntoView({ block: 'nearest' });
    }
    if (index >= 0) box.setAttribute('aria-activedescendant', `${id}-${index}`);
    else box.removeAttribute('aria-activedescendant');
  }

  function render(found: SuggestionShape[]) {
    options = found;
    list.replaceChildren(
      ...found.map((suggestion, i) => {
        const item = document.createElement('li');
        item.id = `${id}-${i}`;
        item.setAttribute('role', 'option');
        item.setAttribute('aria-selected', 'false');
        item.className = 'cursor-pointer rounded-field px-3 py-2 text-sm break-words hover:bg-base-200 touch:min-h-11';
        item.dataset.suggestion = suggestion.kind;
        if (suggestion.kind === 'tag') {
          const group = document.createElement('span');
          group.className = 'text-base-content/80';
          group.textContent = `${suggestion.group}: `;
          item.append(group, suggestion.label);
        } else {
          for (const part of markedParts(suggestion.label, suggestion.marks)) {
            if (!part.marked) item.append(part.text);
            else {
              const mark = document.createElement('mark');
              mark.className = 'bg-transparent font-bold text-inherit underline';
              mark.textContent = part.text;
              item.append(mark);
            }
          }
        }
        // The box keeps the focus: a press on an option must not blur it first.
        item.addEventListener('mousedown', (event) => event.preventDefault());
        item.addEventListener('click', () => go(i));
        return item;
      }),
    );
    note.hidden = found.length > 0;
    note.textContent = found.length > 0 ? '' : 'No suggestions. Press Enter to search.';
    open(true);
    say(countMessage(found.length));
  }

  function fail() {
    options = [];
    list.replaceChildren();
    note.hidden = false;
    note.textContent = 'Suggestions are unavailable. Press Enter to search.';
    open(true);
    say(note.textContent);
  }

  function go(index: number) {
    const suggestion = options[index];
    if (suggestion) location.assign(suggestion.href);
  }

  async function ask(words: string) {
    asking?.abort();
    const controller = (asking = new AbortController());
    note.hidden = false;
    note.textContent = 'Looking for suggestions…';
    if (popup.hidden && options.length === 0) open(true);
    try {
      const res = await fetch(`/api/contents/suggest?${new URLSearchParams({ q: words })}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`suggest: ${res.status}`);
      const answer = (await res.json()) as SuggestionsShape;
      if (controller === asking && box.value.trim() === words) render(answer.suggestions);
    } catch (error) {
      if (controller === asking && !(error instanceof DOMException && error.name === 'AbortError')) fail();
    }
  }

  box.addEventListener('input', () => {
    clearTimeout(timer);
    const words = box.value.trim();
    if (words.length < MIN_CHARS) {
      asking?.abort();
      options = [];
      list.replaceChildren();
      open(false);
      return;
    }
    timer = setTimeout(() => void ask(words), PAUSE_MS);
  });

  box.addEventListener('keydown', (event) => {
    const shown = !popup.hidden && options.length > 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      if (popup.hidden) open(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box down to the first, up to the last; past either end back to the box.
      const next = active + step;
      choose(next < -1 ? options.length - 1 : next >= options.length ? -1 : next);
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      go(active);
    } else if (event.key === 'Escape') {
      if (!popup.hidden) {
        event.preventDefault();
        open(false);
      } else if (box.value) {
        event.preventDefault();
        box.value = '';
      }
    }
  });

  box.addEventListener('blur', () => open(false));
  box.addEventListener('focus', () => {
    if (options.length > 0 && box.value.trim().length >= MIN_CHARS) open(true);
  });
  form.addEventListener('submit', () => open(false));
  // Words typed while this was loading: offer for them at once.
  if (box.value !== box.defaultValue) box.dispatchEvent(new Event('input'));
}
