/**
 * Keeps the browser's session state (docs/product.md#how-things-change's `userInfo` and `userSaves`) and the page in step with the
 * server's session, which is the truth.
 *
 * On a page rendered for the session the server saw, a stored user it does not know (an expired or ended
 * session) or another account is cleared with its saves. On a catalog page, made once for everyone and
 * painted from the stored state (site/session/paint.ts), the server saw nobody, so the browser checks:
 * a stored user without the session cookie is cleared, the session itself is confirmed (and its cookies
 * renewed) at most once a minute per tab (an account changed or signed out elsewhere), and saves not loaded
 * yet are loaded. On either, a session the stored state does not describe is taken up (`takeUpSession`).
 */
import { call, errorMessage, pathOf } from '#site/lib/api.ts';
import { paintDocument } from '#site/session/paint.ts';
import {
  loadedSaves,
  signIn,
  signOut,
  signOutPending,
  updateProgress,
  updateSaves,
  userInfo,
  userProgress,
  userSaves,
  type UserInfo,
} from '#site/stores/session.ts';
import { toast } from '#site/stores/toasts.ts';

const CHECK_EVERY_MS = 60_000;
const CHECKED_AT = 'sessionCheckedAt';

/** The signed-in user this page is drawn for (by the server, or by the head script on a catalog page). */
export function signedInUserId(): string | undefined {
  return document.documentElement.dataset.userId || undefined;
}

let loadingSaves: Promise<void> | undefined;

/** Loads the user's saves into the store (once per page), which the badge and the bookmarks follow. */
export function loadSaves(): Promise<void> {
  const userId = signedInUserId();
  if (!userId) return Promise.resolve();
  loadingSaves ??= call('userSaves', { params: { id: userId } })
    .then(updateSaves)
    .catch((error: unknown) => {
      if ((error as { status?: number }).status === 401) void endedElsewhere();
      else toast('error', errorMessage(error));
    });
  return loadingSaves;
}

/** Loads the saves again after a change this page did not make one by one (a bookmark import): the badge follows at once. */
export function reloadSaves(): Promise<void> {
  loadingSaves = undefined;
  return loadSaves();
}

let loadingProgress: Promise<void> | undefined;

/** Loads the user's progress marks into the store (once per page), which the progress controls follow. */
export function loadProgress(): Promise<void> {
  if (!signedInUserId()) return Promise.resolve();
  loadingProgress ??= call('myProgress')
    .then(updateProgress)
    .catch((error: unknown) => {
      if ((error as { status?: number }).status !== 401) toast('error', errorMessage(error));
    });
  return loadingProgress;
}

export function syncSession(): void {
  if (!document.documentElement.hasAttribute('data-shared')) {
    const stored = userInfo.get();
    const userId = signedInUserId();
    if (stored && stored._id !== userId) signOut();
    if (userId && stored?._id !== userId) void takeUpSession();
    return;
  }
  void syncCatalogPage();
  // A page restored from the back/forward cache is drawn again from the state as it is now.
  addEventListener('pageshow', (event) => {
    if (event.persisted) paintDocument();
  });
}

async function syncCatalogPage(): Promise<void> {
  const stored = userInfo.get();
  const holdsSession = document.cookie.split(/;\s*/).some((c) => c.startsWith('signed_in='));
  if (!signedInUserId()) {
    // Drawn for a visitor: the stored state and the session cookie do not name the same account.
    if (holdsSession) return takeUpSession();
    if (stored) signOut();
    return;
  }
  if (Date.now() - checkedAt() > CHECK_EVERY_MS) {
    // With the cookie alone, not the bearer token: the server renews the cookies with the session, as a
    // page rendered for the user would (catalog pages never look at the session).
    const response = await fetch(pathOf('getProfile'), {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    }).catch(() => undefined);
    if (response?.status === 401) return endedElsewhere();
    if (response?.ok) {
      markChecked();
      const current = (await response.json()) as Pick<UserInfo, 'name' | 'email' | 'isAdmin'>;
      if (
        stored &&
        (current.name !== stored.name || current.email !== stored.email || current.isAdmin !== stored.isAdmin)
      ) {
        userInfo.set({ ...stored, name: current.name, email: current.email, isAdmin: current.isAdmin });
        paintDocument();
      }
    }
  }
  if (!loadedSaves(userSaves.get())) await loadSaves();
  if (!userProgress.get()) await loadProgress();
}

/**
 * The browser holds a session that the stored state does not describe: signed in by a form posted before
 * the page's scripts ran (a slow connection) or without JavaScript, or as another account than the one
 * stored. The session is the truth: its profile, read with the cookie, becomes the stored user, and the page
 * is drawn for them. It is stored without a token; the cookie authenticates this browser's calls. A session
 * that has ended is answered 401, and the server clears its cookies with that answer.
 */
async function takeUpSession(): Promise<void> {
  if (signOutPending.get()) return finishSignOut();
  // By the cookie alone, not through call(): that would send the stored user's token, another account's here.
  const response = await fetch(pathOf('getProfile'), {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  }).catch(() => undefined);
  if (response?.status === 401) {
    signOut();
    return paintDocument();
  }
  if (!response?.ok) return; // out of reach: the next page tries again
  const { _id, name, email, isAdmin } = (await response.json()) as UserInfo;
  signIn({ _id, name, email, isAdmin });
  markChecked();
  paintDocument();
  await loadSaves();
  await loadProgress();
}

/** Ends the session whose sign-out could not reach the server, and draws the page again as a visitor's. */
async function finishSignOut(): Promise<void> {
  try {
    await call('signOut');
  } catch {
    return; // still out of reach: the next page tries again
  }
  signOutPending.set(false);
  signOut();
  location.reload();
}

/** The session ended elsewhere (signed out, password changed, account deleted): draw the page again as a visitor's. */
async function endedElsewhere(): Promise<void> {
  signOut();
  await call('signOut').catch(() => undefined);
  location.reload();
}

function checkedAt(): number {
  try {
    return Number(sessionStorage.getItem(CHECKED_AT) ?? 0);
  } catch {
    return 0;
  }
}

function markChecked(): void {
  try {
    sessionStorage.setItem(CHECKED_AT, String(Date.now()));
  } catch {
    // Without session storage the check runs on every catalog page.
  }
}
