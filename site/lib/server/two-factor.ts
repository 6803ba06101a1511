/** Who may set up a second factor: a signed-in user, or an admin's sign-in that waits for that setup. */
import type { APIContext } from 'astro';
import { unauthenticated } from '#db/errors.ts';
import type { SessionUser } from '#db/accounts/sessions.ts';

export interface SettingUp {
  user: SessionUser;
  session: { id: string; token: string; via: 'cookie' | 'bearer' };
  /** A sign-in waiting for this setup (not yet signed in). */
  pending: boolean;
}

export function signedInOrSettingUp(context: Pick<APIContext, 'locals'>): SettingUp {
  const { user, session, pendingSignIn } = context.locals;
  if (user && session) return { user, session, pending: false };
  if (pendingSignIn?.needs === 'setup') return { ...pendingSignIn, pending: true };
  throw unauthenticated();
}
