import { getDb } from '#db/client.ts';
import { nameFromPageTitle } from '#db/submissions/page-title.ts';
import { createSubmission } from '#db/submissions/submissions.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { json, readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const db = await getDb();
  const submission = await createSubmission(db, user.id, await readJson(context.request));
  // After the reply, in the background: nobody waits for another site (a failure is silent).
  void nameFromPageTitle(db, submission);
  return json({ ...submission, message: 'Submission successfully created' }, 201);
});
