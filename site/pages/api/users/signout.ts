import { getDb } from '#db/client.ts';
import { invalidateSession } from '#db/services/sessions.ts';
import { deleteSessionCookie } from '#site/lib/server/cookies.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';

/** Ends this session (beyond SPEC §7, which only clears the browser). Signed out already is fine too. */
export const POST = endpoint(async ({ locals, cookies }) => {
  if (locals.session) await invalidateSession(await getDb(), locals.session.id);
  deleteSessionCookie(cookies);
  return { message: 'Signed out' };
});
