import { requestPasswordReset } from '#db/accounts/password-resets.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('forgetPassword', ({ db, body, context }) =>
  requestPasswordReset(db, body, { address: context.locals.client.address }),
);
