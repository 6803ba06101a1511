/**
 * A visitor's bookmark click, kept across signing in (docs/product.md#how-things-change, "Saving as a visitor"): the click
 * goes to /signin, which comes back to the page, and the page completes the save. Kept in this tab's session
 * storage, not in the address, so no link can make a signed-in user save something; it lapses after half an
 * hour.
 */
const KEY = 'pendingSave';
const LIFETIME_MS = 30 * 60_000;

export interface SaveIntent {
  contentId: string;
  name: string;
}

export function keepSaveIntent(intent: SaveIntent): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...intent, at: Date.now() }));
  } catch {
    // Storage unavailable (privacy mode): the user saves again after signing in, as before.
  }
}

/** The save still to do, removed so it happens once; null when none, or when it has lapsed. */
export function takeSaveIntent(): SaveIntent | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    const { contentId, name, at } = JSON.parse(raw) as Partial<SaveIntent & { at: number }>;
    if (typeof contentId !== 'string' || !contentId || typeof at !== 'number' || Date.now() - at > LIFETIME_MS)
      return null;
    return { contentId, name: typeof name === 'string' ? name : '' };
  } catch {
    return null;
  }
}
