import { getDb } from '#db/client.ts';
import { createSubmission } from '#db/services/submissions.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { json, readJson } from '#site/lib/server/http.ts';

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const submission = await createSubmission(await getDb(), user.id, await readJson(context.request));
  return json({ ...submission, message: 'Submission successfully created' }, 201);
});
