import { endSession } from '#db/accounts/sessions.ts';
import { deleteSessionCookie } from '#site/lib/server/cookies.ts';
import { handle } from '#site/lib/server/handle.ts';

/** Ends one of the user's sessions; ending this one signs this browser out, as Sign Out does. */
export const DELETE = handle('endSession', async ({ db, user, params, context }) => {
  const { message, current } = await endSession(db, user.id, params.id, context.locals.session?.id);
  if (current && context.locals.session?.via === 'cookie') deleteSessionCookie(context.cookies);
  return { message };
});
