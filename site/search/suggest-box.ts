/**
 * Suggestions as one types in a search box (docs/product.md#audience-and-page-frame): after 2 characters and a pause of 150 ms, up
 * to 8 tags and resources from GET /api/contents/suggest, each opening its page; Enter with none chosen
 * searches as before. The box becomes an ARIA 1.2 combobox (list autocomplete): the arrow keys move through
 * the options (aria-activedescendant, the focus stays in the box), Enter opens the one chosen, Escape closes
 * the list (a second Escape clears the box), and a polite live region says how many there are. Loaded on the
 * box's first focus (site/layouts/TopBar.astro), so a page ships none of it; without JavaScript the box is
 * the plain search form. Plain DOM, no React: every text is set as text, the matched parts as <mark>.
 */
import type { SuggestionShape, SuggestionsShape } from '#db/catalog/contract.ts';
import { pathOf } from '#site/lib/api-paths.ts';

const PAUSE_MS = 150;
const MIN_CHARS = 2;

let boxes = 0;

/** The parts of a label, each marked or not, from the server's [start, end) offsets. */
export function markedParts(
  label: string,
  marks: ReadonlyArray<readonly number[]>,
): Array<{ text: string; marked: boolean }> {
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
  n === 0
    ? 'No suggestions. Press Enter to search.'
    : `${n} ${n === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose one.`;

/**
 * What a box does with a suggestion other than opening its page: `pick` names where a chosen resource leads
 * (the Compare page's box adds it to the comparison), and then only resources are offered.
 */
export interface SuggestionUse {
  pick?: (slug: string) => string;
}

/** The slug of a resource's suggestion, from its page's address. */
export const suggestedSlug = (href: string) => decodeURIComponent(href.replace(/^\/content\//, ''));

export function attachSuggestions(form: HTMLFormElement, box: HTMLInputElement, use: SuggestionUse = {}): void {
  if (box.getAttribute('role') === 'combobox') return;
  const suggestions = new SuggestionList(form, box, `suggestions-${++boxes}`, use);
  box.addEventListener('input', () => suggestions.typed());
  box.addEventListener('keydown', (event) => suggestions.pressed(event));
  box.addEventListener('blur', () => suggestions.open(false));
  box.addEventListener('focus', () => {
    if (suggestions.hasOptions() && box.value.trim().length >= MIN_CHARS) suggestions.open(true);
  });
  form.addEventListener('submit', () => suggestions.open(false));
  // Words typed while this was loading: offer for them at once.
  if (box.value !== box.defaultValue) box.dispatchEvent(new Event('input'));
}

/** The popup under the box (the list, and a note for when it has none), and the live region beside it. */
function popupOf(form: HTMLFormElement, id: string) {
  const popup = document.createElement('div');
  popup.className =
    'absolute inset-x-0 top-full z-50 mt-1 rounded-box border border-base-300 bg-base-100 p-1 text-left shadow-lg';
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
  return { popup, list, note, status };
}

/** One option of the list: a tag with its group, or a resource with the matched parts of its name marked. */
function optionItem(suggestion: SuggestionShape, optionId: string): HTMLLIElement {
  const item = document.createElement('li');
  item.id = optionId;
  item.setAttribute('role', 'option');
  item.setAttribute('aria-selected', 'false');
  item.className = 'cursor-pointer rounded-field px-3 py-2 text-sm break-words hover:bg-base-200 touch:min-h-11';
  item.dataset.suggestion = suggestion.kind;
  if (suggestion.kind === 'tag') {
    const group = document.createElement('span');
    group.className = 'text-base-content/80';
    group.textContent = `${suggestion.group}: `;
    item.append(group, suggestion.label);
    return item;
  }
  for (const part of markedParts(suggestion.label, suggestion.marks)) {
    if (!part.marked) item.append(part.text);
    else {
      const mark = document.createElement('mark');
      mark.className = 'bg-transparent font-bold text-inherit underline';
      mark.textContent = part.text;
      item.append(mark);
    }
  }
  return item;
}

/** The suggestions of one box: what was found, which is chosen, and the request under way. */
class SuggestionList {
  private readonly box: HTMLInputElement;
  private readonly id: string;
  private readonly popup: HTMLDivElement;
  private readonly list: HTMLUListElement;
  private readonly note: HTMLParagraphElement;
  private readonly status: HTMLParagraphElement;
  private options: SuggestionShape[] = [];
  private active = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private asking: AbortController | undefined;
  private readonly use: SuggestionUse;

  constructor(form: HTMLFormElement, box: HTMLInputElement, id: string, use: SuggestionUse) {
    this.box = box;
    this.use = use;
    this.id = id;
    const { popup, list, note, status } = popupOf(form, id);
    this.popup = popup;
    this.list = list;
    this.note = note;
    this.status = status;
    box.setAttribute('role', 'combobox');
    box.setAttribute('aria-autocomplete', 'list');
    box.setAttribute('aria-expanded', 'false');
    box.setAttribute('aria-controls', id);
    box.autocomplete = 'off';
  }

  hasOptions(): boolean {
    return this.options.length > 0;
  }

  open(shown: boolean): void {
    this.popup.hidden = !shown;
    this.box.setAttribute('aria-expanded', String(shown && this.options.length > 0));
    if (!shown) this.choose(-1);
  }

  /** The box's text changed: ask after a pause, or, under MIN_CHARS, close the list. */
  typed(): void {
    clearTimeout(this.timer);
    const words = this.box.value.trim();
    if (words.length < MIN_CHARS) {
      this.asking?.abort();
      this.options = [];
      this.list.replaceChildren();
      this.open(false);
      return;
    }
    this.timer = setTimeout(() => void this.ask(words), PAUSE_MS);
  }

  /** The arrows move through the options, Enter opens the one chosen, Escape closes the list and then clears the box. */
  pressed(event: KeyboardEvent): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') this.step(event, event.key === 'ArrowDown' ? 1 : -1);
    else if (event.key === 'Enter' && !this.popup.hidden && this.options.length > 0 && this.active >= 0) {
      event.preventDefault();
      this.go(this.active);
    } else if (event.key === 'Escape') this.escape(event);
  }

  /** From the box down to the first, up to the last; past either end back to the box. */
  private step(event: KeyboardEvent, step: 1 | -1): void {
    const options = this.options;
    if (options.length === 0) return;
    event.preventDefault();
    if (this.popup.hidden) this.open(true);
    const next = this.active + step;
    this.choose(next < -1 ? options.length - 1 : next >= options.length ? -1 : next);
  }

  private escape(event: KeyboardEvent): void {
    if (!this.popup.hidden) {
      event.preventDefault();
      this.open(false);
    } else if (this.box.value) {
      event.preventDefault();
      this.box.value = '';
    }
  }

  private say(text: string): void {
    // Set after a frame, so the same words said again are announced again.
    this.status.textContent = '';
    requestAnimationFrame(() => (this.status.textContent = text));
  }

  private choose(index: number): void {
    this.active = index;
    for (const [i, item] of [...this.list.children].entries()) {
      const on = i === index;
      item.setAttribute('aria-selected', String(on));
      item.classList.toggle('bg-base-200', on);
      if (on) item.scrollIntoView({ block: 'nearest' });
    }
    if (index >= 0) this.box.setAttribute('aria-activedescendant', `${this.id}-${index}`);
    else this.box.removeAttribute('aria-activedescendant');
  }

  private render(found: SuggestionShape[]): void {
    this.options = found;
    this.list.replaceChildren(
      ...found.map((suggestion, i) => {
        const item = optionItem(suggestion, `${this.id}-${i}`);
        // The box keeps the focus: a press on an option must not blur it first.
        item.addEventListener('mousedown', (event) => event.preventDefault());
        item.addEventListener('click', () => this.go(i));
        return item;
      }),
    );
    this.note.hidden = found.length > 0;
    this.note.textContent = found.length > 0 ? '' : 'No suggestions. Press Enter to search.';
    this.open(true);
    this.say(countMessage(found.length));
  }

  private fail(): void {
    this.options = [];
    this.list.replaceChildren();
    this.note.hidden = false;
    this.note.textContent = 'Suggestions are unavailable. Press Enter to search.';
    this.open(true);
    this.say(this.note.textContent);
  }

  private go(index: number): void {
    const suggestion = this.options[index];
    if (!suggestion) return;
    const { pick } = this.use;
    location.assign(pick ? pick(suggestedSlug(suggestion.href)) : suggestion.href);
  }

  private async ask(words: string): Promise<void> {
    this.asking?.abort();
    const controller = (this.asking = new AbortController());
    this.note.hidden = false;
    this.note.textContent = 'Looking for suggestions…';
    if (this.popup.hidden && this.options.length === 0) this.open(true);
    try {
      const res = await fetch(pathOf('suggest', { query: { q: words } }), {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`suggest: ${res.status}`);
      const answer = (await res.json()) as SuggestionsShape;
      const offered = this.use.pick ? answer.suggestions.filter((one) => one.kind === 'content') : answer.suggestions;
      if (controller === this.asking && this.box.value.trim() === words) this.render(offered);
    } catch (error) {
      if (controller === this.asking && !(error instanceof DOMException && error.name === 'AbortError')) this.fail();
    }
  }
}
