/**
 * The browser's session state (docs/product.md#how-things-change): `userInfo` and `userSaves`, persisted in localStorage under
 * exactly those keys, and `userProgress` beside them (the learner's marks, decision 033). The server's session cookie is the authority; these mirror it for islands (the
 * bearer token for API calls, the saves for bookmarks and the top-bar badge).
 */
import { persistentAtom } from '@nanostores/persistent';
import type { z } from 'zod';
import type { signedInUser } from '#db/accounts/contract.ts';
import type { follows, savedItem } from '#db/shelf/contract.ts';
import type { progressState, userProgress as progressAnswer } from '#db/shelf/lists-contract.ts';

/** The signed-in user as sign-in, sign-up and a profile change answer them. */
export type UserInfo = z.infer<typeof signedInUser>;

/**
 * The user as the browser stores it: without a token when the session was taken up from its cookie (signed in
 * by a form the page's scripts never saw, site/session/sync.ts), where the cookie authenticates every call.
 */
export type StoredUser = Pick<UserInfo, '_id' | 'name' | 'email' | 'isAdmin'> & { token?: string };

/**
 * A save as the browser keeps it: docs/product.md's fields of a saved item, and its date (Undo puts it back in its
 * place); a copy stored by an older version may lack the date.
 */
export type SavedItem = Pick<z.infer<typeof savedItem>, '_id' | 'contentName' | 'contentSlug' | 'contentUrl'> & {
  savedAt?: string;
};

export interface UserSaves {
  numSaves: number;
  saves: SavedItem[];
}

/** `{}` until the saves are loaded (docs/product.md#how-things-change's default). */
export type UserSavesState = UserSaves | Record<string, never>;

function decodeJson<T>(fallback: T) {
  return (encoded: string): T => {
    try {
      return (JSON.parse(encoded) as T) ?? fallback;
    } catch {
      return fallback;
    }
  };
}

export const userInfo = persistentAtom<StoredUser | null>('userInfo', null, {
  // null removes the key rather than storing the string "null".
  encode: (value) => (value ? JSON.stringify(value) : undefined),
  decode: decodeJson<StoredUser | null>(null),
});

/** The signed-out value: storing it removes the key; any other object, even a fresh `{}`, is written. */
const NO_SAVES: UserSavesState = Object.freeze({}) as Record<string, never>;

export const userSaves = persistentAtom<UserSavesState>('userSaves', NO_SAVES, {
  encode: (value) => (value === NO_SAVES ? undefined : JSON.stringify(value)),
  decode: decodeJson<UserSavesState>(NO_SAVES),
});

/** The saves once loaded, else undefined (`{}` means "not loaded yet", not "none"). */
export function loadedSaves(state: UserSavesState): UserSaves | undefined {
  return typeof state.numSaves === 'number' ? (state as UserSaves) : undefined;
}

/** Where the user stands with each content they marked (decision 033): content id → state; null until loaded. */
export type ProgressMarks = Record<string, z.infer<typeof progressState>>;

export const userProgress = persistentAtom<ProgressMarks | null>('userProgress', null, {
  encode: (value) => (value ? JSON.stringify(value) : undefined),
  decode: decodeJson<ProgressMarks | null>(null),
});

/** Replaces the marks with the server's answer (GET or a change of /api/users/progress). */
export function updateProgress(answer: Pick<z.infer<typeof progressAnswer>, 'progress'>): void {
  userProgress.set(Object.fromEntries(answer.progress.map((entry) => [entry.contentId, entry.state])));
}

/** The tags the user follows, as 'kind=value' keys, and whether the digest question was asked (decision 036); null until loaded. */
export interface FollowState {
  keys: string[];
  digestAsked: boolean;
}

export const userFollows = persistentAtom<FollowState | null>('userFollows', null, {
  encode: (value) => (value ? JSON.stringify(value) : undefined),
  decode: decodeJson<FollowState | null>(null),
});

export const followKey = (kind: string, value: string) => `${kind}=${value}`;

/** Replaces the follows with the server's answer (GET or a change of /api/follows). */
export function updateFollows(answer: Pick<z.infer<typeof follows>, 'follows' | 'digest'>): void {
  userFollows.set({
    keys: answer.follows.map((tag) => followKey(tag.kind, tag.value)),
    digestAsked: answer.digest.asked,
  });
}

/** USER_SIGNIN: store the user the API returned (sign-in, sign-up, profile update), or the session's profile. */
export function signIn(user: StoredUser): void {
  const previous = userInfo.get();
  const { _id, name, email, isAdmin, token } = user;
  userInfo.set({ _id, name, email, isAdmin, ...(token ? { token } : {}) });
  signOutPending.set(false);
  // Another account's saves must not leak into this one; the same account keeps what it has.
  if (previous?._id !== user._id || userSaves.get() === NO_SAVES) userSaves.set({});
  if (previous?._id !== user._id) {
    userProgress.set(null);
    userFollows.set(null);
  }
}

/** UPDATE_SAVES: replace the saves. */
export function updateSaves(saves: UserSaves): void {
  userSaves.set(saves);
}

/**
 * A sign-out the server did not hear (it could not be reached): the next page that can reach it ends the
 * session the cookie still holds, rather than take it up again (site/session/sync.ts).
 */
export const signOutPending = persistentAtom<boolean>('signOutPending', false, {
  encode: (value) => (value ? 'true' : undefined),
  decode: (encoded) => encoded === 'true',
});

/** USER_SIGNOUT (the browser half): both keys leave localStorage. Navigation is the caller's. */
export function signOut(): void {
  userInfo.set(null);
  userSaves.set(NO_SAVES);
  userProgress.set(null);
  userFollows.set(null);
}
