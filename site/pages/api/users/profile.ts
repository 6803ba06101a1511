import { getDb } from '#db/client.ts';
import { getUser, toProfile, updateProfile } from '#db/accounts/users.ts';
import { deleteOwnAccount } from '#db/account-data/account-deletion.ts';
import { deleteSessionCookie, setSessionCookie } from '#site/lib/server/cookies.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

/** The signed-in user's own profile, with their settings. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return toProfile(await getUser(await getDb(), user.id));
});

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const session = context.locals.session!;
  const { expiresAt, ...updated } = await updateProfile(await getDb(), user.id, session.token, await readJson(context.request));
  // A new password ends every session and opens a new one: the cookie must follow when it was in use.
  if (expiresAt && session.via === 'cookie') setSessionCookie(context.cookies, context.locals.client.https, updated.token, expiresAt, user.id);
  return updated;
});

/** Deletes the signed-in user's account (docs/product.md §4): the session ends with it, and so does its cookie. */
export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  const result = await deleteOwnAccount(await getDb(), user, await readJson(context.request));
  deleteSessionCookie(context.cookies);
  return result;
});
