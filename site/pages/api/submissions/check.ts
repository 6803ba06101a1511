import { checkSubmissionUrl } from '#db/submissions/submissions.ts';
import { handle } from '#site/lib/server/handle.ts';

/** Whether a URL may be submitted (the submit form asks while it is typed): listed, pending, rejected before, or new. */
export const GET = handle('checkSubmission', ({ db, user, context }) =>
  checkSubmissionUrl(db, user.id, context.url.searchParams.get('url') ?? ''),
);
