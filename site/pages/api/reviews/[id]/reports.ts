/** An admin dismisses the reports of a review (audited); deleting the review is DELETE /api/reviews/{id}. */
import { dismissReviewReports } from '#db/reviews/review-reports.ts';
import { handle } from '#site/lib/server/handle.ts';

export const DELETE = handle('dismissReviewReports', ({ db, user, params }) =>
  dismissReviewReports(db, user, params.id),
);
