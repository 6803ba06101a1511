import { describeSessions, endOtherSessions } from '#db/accounts/sessions.ts';
import { handle } from '#site/lib/server/handle.ts';

/** The signed-in user's live sessions, this one marked (docs/product.md#how-things-change, Sessions). */
export const GET = handle('listSessions', ({ db, user, context }) =>
  describeSessions(db, user.id, context.locals.session?.id),
);

/** "Sign out everywhere else": every session of the user but this one ends. */
export const DELETE = handle('endOtherSessions', ({ db, user, context }) =>
  endOtherSessions(db, user.id, context.locals.session!.id),
);
