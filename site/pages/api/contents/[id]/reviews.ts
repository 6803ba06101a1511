import { addReview } from '#db/reviews/reviews.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('createReview', ({ db, user, params, body }) => addReview(db, user, params.id, body));
