import { getDb } from '#db/client.ts';
import { checkSubmissionUrl } from '#db/submissions/submissions.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

/** Whether a URL may be submitted (the submit form asks while it is typed): listed, pending, rejected before, or new. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return checkSubmissionUrl(await getDb(), user.id, context.url.searchParams.get('url') ?? '');
});
