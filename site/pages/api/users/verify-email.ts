import { verifyEmail } from '#db/accounts/email-verification.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('verifyEmail', async ({ db, body, context }) => {
  const { message } = await verifyEmail(db, body, { address: context.locals.client.address });
  return { message };
});
