/**
 * Who is signed in, drawn into a page the server made for everyone (the catalog pages, docs/decisions/014):
 * the top bar's user and admin menus, the Saved badge, the bookmark toggles, and the parts marked for
 * visitors, for signed-in users, or for the owner of what the page shows (a learner's public list) or everyone but them. The server marks those elements; this paints them from the session
 * state docs/product.md#how-things-change keeps in localStorage.
 *
 * The inline head script of every page (site/layouts/pre-paint.ts) runs before anything is drawn. On a
 * catalog page (the root marked data-shared) it paints each marked element as the parser adds it (a
 * MutationObserver's records are delivered before the browser renders), so a signed-in user never sees the
 * visitor's frame. The functions it sends as their own source text import nothing and use nothing from
 * outside themselves. Module scripts repaint with `paintDocument` when the state changes (a session that
 * ended, saves loaded).
 */

export interface PaintState {
  /** The signed-in user, or null for a visitor. */
  user: { _id: string; name: string; isAdmin: boolean } | null;
  /** The saves when they are loaded: a toggle is pending (busy) until then, never shown as unsaved. */
  saves: { numSaves: number; ids: string[] } | undefined;
}

/** The elements the server marks for painting. */
export const PAINTED =
  '[data-signed-in-only],[data-admin-only],[data-visitor-only],[data-user-name],[data-saved-badge],[data-save-toggle],[data-owner-only],[data-not-owner]';

/**
 * The state to paint: the stored user when the browser holds their session (the `signed_in` cookie the
 * server sets and clears with the HttpOnly session cookie names the same account), else a visitor.
 */
export function readPaintState(): PaintState {
  const read = (key: string): unknown => {
    try {
      return JSON.parse(localStorage.getItem(key) ?? 'null');
    } catch {
      return null;
    }
  };
  const user = read('userInfo') as PaintState['user'];
  const marker = /(?:^|;\s*)signed_in=([^;]*)/.exec(document.cookie)?.[1];
  if (!user || typeof user._id !== 'string' || !marker || decodeURIComponent(marker) !== user._id)
    return { user: null, saves: undefined };
  const saves = read('userSaves') as { numSaves?: unknown; saves?: Array<{ _id: string }> } | null;
  const loaded = typeof saves?.numSaves === 'number' && Array.isArray(saves.saves);
  return {
    user,
    saves: loaded ? { numSaves: saves.numSaves as number, ids: saves.saves!.map((s) => s._id) } : undefined,
  };
}

/** Paints one marked element for `state`. */
export function paintElement(element: Element, state: PaintState): void {
  const { user, saves } = state;
  const el = element as HTMLElement;
  if (el.hasAttribute('data-signed-in-only')) el.hidden = !user;
  if (el.hasAttribute('data-admin-only')) el.hidden = !user?.isAdmin;
  if (el.hasAttribute('data-visitor-only')) el.hidden = Boolean(user);
  // What only the owner of the thing shown sees (a public list's progress), or everyone but them (Copy to my lists).
  if (el.hasAttribute('data-owner-only')) el.hidden = user?._id !== el.dataset.ownerId;
  if (el.hasAttribute('data-not-owner')) el.hidden = user?._id === el.dataset.ownerId;
  if (el.hasAttribute('data-user-name')) el.textContent = user?.name ?? '';
  if (el.hasAttribute('data-saved-badge') && saves) {
    el.textContent = String(saves.numSaves);
    el.hidden = saves.numSaves <= 0;
  }
  if (el.hasAttribute('data-save-toggle')) {
    if (user && !saves) return void el.setAttribute('aria-busy', 'true');
    el.removeAttribute('aria-busy');
    el.setAttribute('aria-pressed', String(Boolean(saves?.ids.includes(el.dataset.contentId ?? ''))));
  }
}

/** Marks the page's root with who it is painted for (scripts and the client directive read it). */
function paintRoot(state: PaintState): void {
  const root = document.documentElement;
  if (state.user) root.dataset.userId = state.user._id;
  else delete root.dataset.userId;
}

/**
 * Head-time painting: for a signed-in user, each marked element as the parser adds it (every insertion is
 * a record of its own), until the document is parsed.
 */
export function prePaint(selector: string): void {
  const state = readPaintState();
  if (!state.user) return;
  document.documentElement.dataset.userId = state.user._id;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && (node as Element).matches(selector)) paintElement(node as Element, state);
      }
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => observer.disconnect(), { once: true });
}

/** Repaints the whole page (after the state changed). */
export function paintDocument(state: PaintState = readPaintState()): void {
  paintRoot(state);
  for (const element of document.querySelectorAll(PAINTED)) paintElement(element, state);
}
