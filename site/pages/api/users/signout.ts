import { invalidateSession } from '#db/accounts/sessions.ts';
import { deleteSessionCookie } from '#site/lib/server/cookies.ts';
import { handle } from '#site/lib/server/handle.ts';
import { unauthenticated } from '#db/errors.ts';

const NO_SESSION = 'No session to sign out: send the session’s token (Authorization: Bearer) or its cookie';

/**
 * Ends the session the request names (docs/product.md#how-things-change: signing out ends the session on the server). A call that
 * names none (no token, or one that no longer opens a session) is told so, not that it signed out. A plain
 * HTML form post (the top bar without JavaScript) is sent on to /signin either way.
 */
export const POST = handle('signOut', async ({ db, context: { locals, cookies, request, redirect } }) => {
  if (locals.session) await invalidateSession(db, locals.session.id);
  deleteSessionCookie(cookies);
  if (/application\/x-www-form-urlencoded|multipart\/form-data/.test(request.headers.get('content-type') ?? ''))
    return redirect('/signin', 303);
  if (!locals.session) throw unauthenticated(NO_SESSION);
  return { message: 'Signed out' };
});
