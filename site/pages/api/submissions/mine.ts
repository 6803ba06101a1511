import { getDb } from '#db/client.ts';
import { listOwnSubmissions } from '#db/submissions/own-submissions.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

/** The signed-in user's own submissions, newest first, with what became of each. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const { searchParams } = context.url;
  return listOwnSubmissions(await getDb(), user.id, searchParams.get('page'), searchParams.get('status'));
});
