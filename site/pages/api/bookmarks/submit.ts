import { nameFromPageTitles } from '#db/submissions/page-title.ts';
import { offerForSubmission } from '#db/imports/bookmarks/bookmark-offer.ts';
import { handle } from '#site/lib/server/handle.ts';

/** Submit links an import offered, `{links: [{url, name?}]}`, each with the submit form's checks and hourly limit. */
export const POST = handle('submitBookmarks', async ({ db, user, body }) => {
  // Each submission's page title after the reply, as the form's, a few at a time (a failure is silent).
  const named: Array<{ _id: string; url: string }> = [];
  const result = await offerForSubmission(db, user.id, body, (submission) => named.push(submission));
  void nameFromPageTitles(db, named);
  return result;
});
