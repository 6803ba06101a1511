import { getDb } from '#db/client.ts';
import { runSubmissionBulk } from '#db/contributions/submission-bulk.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

/** Approve, reject or delete many submissions: `{action, ids}` or `{action, filter}` (db/contributions/validation/submission-bulk.ts). */
export const POST = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return runSubmissionBulk(await getDb(), actor, await readJson(context.request));
});
