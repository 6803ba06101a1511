import { getDb } from '#db/client.ts';
import { runSubmissionBulk } from '#db/submissions/submission-bulk.ts';
import { fetchPictures } from '#db/catalog/pictures.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

/** Approve, reject or delete many submissions: `{action, ids}` or `{action, filter}` (db/submissions/validation/submission-bulk.ts). */
export const POST = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  const db = await getDb();
  const result = await runSubmissionBulk(db, actor, await readJson(context.request));
  // The approved ones' own pictures, after the reply (db/catalog/pictures.ts).
  void fetchPictures(
    db,
    result.results.flatMap((r) => (r.contentId ? [r.contentId] : [])),
  );
  return result;
});
