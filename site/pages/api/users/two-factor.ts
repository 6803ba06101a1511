import { lifetime } from '#db/accounts/sessions.ts';
import { disableTwoFactor, enableTwoFactor, twoFactorStatus } from '#db/accounts/two-factor.ts';
import { toPublicUser } from '#db/accounts/users.ts';
import { setSessionCookie } from '#site/lib/server/cookies.ts';
import { handle } from '#site/lib/server/handle.ts';
import { signedInOrSettingUp } from '#site/lib/server/two-factor.ts';

export const GET = handle('twoFactorStatus', ({ db, user }) => twoFactorStatus(db, user.id));

/** On: the recovery codes; a sign-in that waited for this setup is signed in, its cookies with it. */
export const PUT = handle('enableTwoFactor', async ({ db, body, context }) => {
  const { user, session, pending } = signedInOrSettingUp(context);
  const { recoveryCodes } = await enableTwoFactor(db, user.id, session.id, body);
  if (pending && session.via === 'cookie') {
    const expiresAt = new Date(Date.now() + lifetime());
    setSessionCookie(context.cookies, context.locals.client.https, session.token, expiresAt, user.id);
  }
  return { recoveryCodes, user: { ...toPublicUser(user), token: session.token } };
});

export const DELETE = handle('disableTwoFactor', ({ db, user, body }) => disableTwoFactor(db, user.id, body));
