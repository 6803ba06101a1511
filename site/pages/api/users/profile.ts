import { getUser, toProfile, updateProfile } from '#db/accounts/users.ts';
import { deleteOwnAccount } from '#db/account-data/account-deletion.ts';
import { deleteSessionCookie, setSessionCookie } from '#site/lib/server/cookies.ts';
import { handle } from '#site/lib/server/handle.ts';

/** The signed-in user's own profile, with their settings. */
export const GET = handle('getProfile', async ({ db, user }) => toProfile(await getUser(db, user.id)));

export const PUT = handle('changeProfile', async ({ db, user, body, context }) => {
  const session = context.locals.session!;
  const client = {
    address: context.locals.client.address,
    userAgent: context.request.headers.get('user-agent') ?? undefined,
  };
  const { expiresAt, ...updated } = await updateProfile(db, user.id, session.token, body, client);
  // A new password ends every session and opens a new one: the cookie must follow when it was in use.
  if (expiresAt && session.via === 'cookie')
    setSessionCookie(context.cookies, context.locals.client.https, updated.token, expiresAt, user.id);
  return updated;
});

/** Deletes the signed-in user's account (docs/product.md#how-things-change): the session ends with it, and so does its cookie. */
export const DELETE = handle('deleteAccount', async ({ db, user, body, context }) => {
  const result = await deleteOwnAccount(db, user, body);
  deleteSessionCookie(context.cookies);
  return result;
});
