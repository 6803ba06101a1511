import { resetPassword } from '#db/accounts/users.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('resetPassword', ({ db, body, context }) =>
  resetPassword(db, body, { address: context.locals.client.address }),
);
