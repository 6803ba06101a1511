/**
 * Light or dark (docs/product.md#audience-and-page-frame). By default the system's preference decides, in the CSS alone (daisyUI's
 * dark theme under `prefers-color-scheme: dark` while the root has no data-theme), so it works without
 * JavaScript too. A choice made in the top bar is kept in localStorage and set as the root's data-theme by the
 * inline head script before the first paint: pages are made once for everyone, so the server never draws a
 * user's theme. The root's data-theme-choice says which choice is in force (the toggle's icon follows it).
 */

export const THEME_KEY = 'theme';
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/**
 * Puts the stored choice on the root. Part of the inline head script (site/session/paint.ts): sent as its
 * own source text, so it uses nothing from outside itself.
 */
export function applyThemeChoice(key: string): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(key);
  } catch {
    // Storage blocked: the system's preference.
  }
  const root = document.documentElement;
  const explicit = stored === 'light' || stored === 'dark';
  if (explicit) root.dataset.theme = stored!;
  else delete root.dataset.theme;
  root.dataset.themeChoice = explicit ? stored! : 'system';
}

/** The choice in force on this page. */
export function themeChoice(): ThemeChoice {
  const choice = document.documentElement.dataset.themeChoice;
  return THEME_CHOICES.includes(choice as ThemeChoice) ? (choice as ThemeChoice) : 'system';
}

/** Keeps `choice` for this browser and shows it at once ('system' forgets the explicit one). */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Not kept, but still shown on this page.
  }
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  root.dataset.themeChoice = choice;
}
