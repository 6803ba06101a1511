import { listOwnSubmissions } from '#db/submissions/own-submissions.ts';
import { handle } from '#site/lib/server/handle.ts';

/** The signed-in user's own submissions, newest first, with what became of each. */
export const GET = handle('mySubmissions', ({ db, user, context }) => {
  const { searchParams } = context.url;
  return listOwnSubmissions(db, user.id, searchParams.get('page'), searchParams.get('status'));
});
