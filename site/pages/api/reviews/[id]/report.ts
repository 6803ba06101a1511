/** A signed-in user reports a review to the admins, with a reason (once; never their own). */
import { reportReview } from '#db/reviews/review-reports.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('reportReview', ({ db, user, params, body }) => reportReview(db, user, params.id, body));
