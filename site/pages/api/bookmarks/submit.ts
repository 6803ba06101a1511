import { getDb } from '#db/client.ts';
import { nameFromPageTitle } from '#db/submissions/page-title.ts';
import { offerForSubmission } from '#db/imports/bookmarks/bookmark-offer.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

/** Submit links an import offered, `{links: [{url, name?}]}`, each as the submit form would (its checks and hourly limit). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const db = await getDb();
  // Each submission's page title after the reply, as the form's (a failure is silent).
  const named: Array<{ _id: string; url: string }> = [];
  const result = await offerForSubmission(db, user.id, await readJson(context.request), (submission) => named.push(submission));
  for (const submission of named) void nameFromPageTitle(db, submission);
  return result;
});
