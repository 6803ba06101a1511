import { lifetime } from '#db/accounts/sessions.ts';
import { verifySecondFactor } from '#db/accounts/two-factor.ts';
import { toPublicUser } from '#db/accounts/users.ts';
import { unauthenticated } from '#db/errors.ts';
import { setSessionCookie } from '#site/lib/server/cookies.ts';
import { handle } from '#site/lib/server/handle.ts';

/** The second factor of a waiting sign-in: right, the same token is signed in, with the cookies a sign-in sets. */
export const POST = handle('verifyTwoFactor', async ({ db, body, context }) => {
  const pending = context.locals.pendingSignIn;
  if (!pending) throw unauthenticated('No sign-in waits for a second factor: sign in first');
  await verifySecondFactor(db, { sessionId: pending.session.id, userId: pending.user.id, needs: pending.needs }, body);
  if (pending.session.via === 'cookie') {
    const expiresAt = new Date(Date.now() + lifetime());
    setSessionCookie(context.cookies, context.locals.client.https, pending.session.token, expiresAt, pending.user.id);
  }
  return { ...toPublicUser(pending.user), token: pending.session.token };
});
