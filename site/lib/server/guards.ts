/** Who may call an endpoint, decided on the server (the browser's guards are only a courtesy). */
import type { APIContext } from 'astro';
import { forbidden, unauthenticated } from '#db/errors.ts';
import type { SessionUser } from '#db/accounts/sessions.ts';

export function requireUser(context: Pick<APIContext, 'locals'>): SessionUser {
  const user = context.locals.user;
  if (!user) throw unauthenticated();
  return user;
}

export function requireAdmin(context: Pick<APIContext, 'locals'>): SessionUser {
  const user = requireUser(context);
  if (!user.isAdmin) throw forbidden('Admins only');
  return user;
}
