/**
 * The keyboard's place across the sign-in round trip (docs/product.md#how-things-change, Session): a page
 * remembers, in this tab, the control last activated (the Save button, a Sign In link); signing in or up
 * marks the page it goes back to; there the focus returns to that control, or, when it is gone or hidden
 * (the Sign In link becomes the user's menu), to what took its place, else to the page's main content: never
 * to the top of an empty body, a dozen Tabs away.
 */
const REMEMBERED = 'focus:activated';
const ARRIVING = 'focus:arriving';
/** The round trip's own pages: what is clicked there is not where the person was. */
const ROUND_TRIP = new Set(['/signin', '/signup', '/forget-password']);

interface Remembered {
  /** The page (path and query) it was on. */
  path: string;
  /** Its id, or its tag with its data attributes (a content's id, say), or with its address. */
  selector: string;
  /** Which of the elements the selector finds. */
  index: number;
  /** What it said (its label or text), to tell apart elements the selector does not. */
  name: string;
  /** A link to the sign-in page: once signed in it is hidden, and the user's menu stands in its place. */
  signIn: boolean;
}

const here = () => location.pathname + location.search;
const nameOf = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 200);

function selectorOf(element: Element): string {
  if (element.id) return `#${CSS.escape(element.id)}`;
  const data = [...element.attributes]
    .filter((attribute) => attribute.name.startsWith('data-'))
    .map((attribute) => `[${attribute.name}="${CSS.escape(attribute.value)}"]`)
    .join('');
  const href = element.getAttribute('href');
  return element.localName + (data || (href ? `[href="${CSS.escape(href)}"]` : ''));
}

function read<T>(key: string): T | undefined {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps, for this tab, the control each click activates (a keyboard's Enter and Space click too). */
export function rememberActivations(): void {
  if (ROUND_TRIP.has(location.pathname)) return;
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const control = target?.closest('a[href], button, summary, input, select, textarea, [tabindex]');
      if (!control || control === document.querySelector('main')) return;
      const selector = selectorOf(control);
      const remembered: Remembered = {
        path: here(),
        selector,
        index: Math.max(0, [...document.querySelectorAll(selector)].indexOf(control)),
        name: nameOf(control),
        signIn: (control.getAttribute('href') ?? '').startsWith('/signin'),
      };
      try {
        sessionStorage.setItem(REMEMBERED, JSON.stringify(remembered));
      } catch {
        // Storage full or refused: the focus goes to the main content instead.
      }
    },
    { capture: true },
  );
}

/** Called by the sign-in and sign-up forms as they leave for `target`: the page there takes the focus back. */
export function markArrival(target: string): void {
  try {
    const url = new URL(target, location.origin);
    sessionStorage.setItem(ARRIVING, JSON.stringify(url.pathname + url.search));
  } catch {
    // Without storage the page simply opens as any page does.
  }
}

const visible = (element: Element | null | undefined): element is HTMLElement =>
  element instanceof HTMLElement && element.checkVisibility();

/** Where the remembered control is now: itself, what stands in for it, or nothing. */
function findAgain(remembered: Remembered | undefined): HTMLElement | undefined {
  if (!remembered || remembered.path !== here()) return undefined;
  let found: Element[] = [];
  try {
    found = [...document.querySelectorAll(remembered.selector)];
  } catch {
    // A selector this browser cannot read: nothing to find.
  }
  const same = found.find((element) => nameOf(element) === remembered.name) ?? found[remembered.index] ?? found[0];
  if (visible(same)) return same;
  if (remembered.signIn) {
    const menu = document.querySelector('[data-user-name]');
    if (visible(menu)) return menu;
    // A phone's menu is folded: its button.
    const toggle = document.getElementById('nav-toggle');
    if (toggle) return toggle;
  }
  return undefined;
}

/** On arrival after signing in: the focus goes back where the person was (see the top of this file). */
export function returnFocus(): void {
  const arriving = read<string>(ARRIVING);
  if (!arriving) return;
  sessionStorage.removeItem(ARRIVING);
  if (arriving !== here()) return;
  // Something the page focused on its own (a form's first field) stays.
  if (document.activeElement && document.activeElement !== document.body) return;
  const target = findAgain(read<Remembered>(REMEMBERED)) ?? document.querySelector<HTMLElement>('main');
  target?.focus();
}
