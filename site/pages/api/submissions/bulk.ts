import { runSubmissionBulk } from '#db/submissions/submission-bulk.ts';
import { fetchPictures } from '#db/catalog/pictures.ts';
import { handle } from '#site/lib/server/handle.ts';

/** Approve, reject or delete many submissions: `{action, ids}` or `{action, filter}` (db/submissions/validation/submission-bulk.ts). */
export const POST = handle('decideSubmissions', async ({ db, actor, body }) => {
  const result = await runSubmissionBulk(db, actor, body);
  // The approved ones' own pictures, after the reply (db/catalog/pictures.ts).
  void fetchPictures(
    db,
    result.results.flatMap((r) => (r.contentId ? [r.contentId] : [])),
  );
  return result;
});
