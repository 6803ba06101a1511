/** An admin dismisses the reports of a review (audited); deleting the review is DELETE /api/reviews/{id}. */
import { getDb } from '#db/client.ts';
import { dismissReviewReports } from '#db/reviews/review-reports.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';

export const DELETE = endpoint(async (context) => dismissReviewReports(await getDb(), requireAdmin(context), context.params.id ?? ''));
