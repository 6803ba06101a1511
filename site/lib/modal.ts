/**
 * A panel made modal for as long as it is held, for what a <dialog> cannot be: the search filters are a column
 * beside the results from lg and a drawer (a popover, which opens without JavaScript) only below it. While it
 * is held everything else on the page is inert (out of reach of the keyboard, the pointer and screen readers),
 * the panel is a modal dialog that can take the keyboard's focus itself, and Tab goes round its controls.
 * Browser code, no imports.
 */

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';

/** Makes `panel` modal; returns what undoes it. */
export function holdModal(panel: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  // Every sibling of the panel and of each of its ancestors: the ancestors themselves must stay live.
  for (let inside = panel; inside.parentElement && inside !== document.body; inside = inside.parentElement) {
    for (const sibling of inside.parentElement.children) {
      if (sibling === inside || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      sibling.inert = true;
      held.push(sibling);
    }
  }
  const attributes = { role: 'dialog', 'aria-modal': 'true', tabindex: '-1' };
  for (const [name, value] of Object.entries(attributes)) panel.setAttribute(name, value);

  // Past the last control Tab comes back to the first, and Shift+Tab from the first to the last, rather than
  // leaving the page for the browser's own controls.
  const goRound = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const stops = [...panel.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.checkVisibility());
    const [first, last] = [stops[0], stops.at(-1)];
    const here = document.activeElement;
    if (!first || !last || (event.shiftKey ? here !== first && here !== panel : here !== last)) return;
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  };
  panel.addEventListener('keydown', goRound);

  return () => {
    for (const element of held) element.inert = false;
    for (const name of Object.keys(attributes)) panel.removeAttribute(name);
    panel.removeEventListener('keydown', goRound);
  };
}
