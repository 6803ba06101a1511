import { nameFromPageTitle } from '#db/submissions/page-title.ts';
import { createSubmission } from '#db/submissions/submissions.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('submitLink', async ({ db, user, body }) => {
  const submission = await createSubmission(db, user.id, body);
  // After the reply, in the background: nobody waits for another site (a failure is silent).
  void nameFromPageTitle(db, submission);
  return { ...submission, message: 'Submission successfully created' };
});
