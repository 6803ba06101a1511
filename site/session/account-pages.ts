/**
 * The signed-in user's own pages, once: the top bar's user menu lists them in this order
 * (site/layouts/TopBar.astro), and the middleware sends a visitor who asks for one, or for /saved, to
 * sign in first (site/middleware.ts).
 */
export interface AccountPage {
  /** The words in the menu. */
  label: string;
  href: string;
}

export const USER_MENU: readonly AccountPage[] = [
  { label: 'User Profile', href: '/profile' },
  { label: 'My Submissions', href: '/submissions' },
  { label: 'My Reviews', href: '/my-reviews' },
  { label: 'My Lists', href: '/my-lists' },
  { label: 'Following', href: '/following' },
];

/** Pages only a signed-in user may see (a visitor is sent to /signin and back). */
export const SIGNED_IN_PAGES: ReadonlySet<string> = new Set(['/saved', ...USER_MENU.map((page) => page.href)]);

/** Whether a path is one of them, or below one that holds a page per item (a list of one's own: /my-lists/{id}). */
export const isSignedInPage = (path: string) => SIGNED_IN_PAGES.has(path) || path.startsWith('/my-lists/');
