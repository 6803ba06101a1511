/** A review changed or deleted by its author, or by an admin (audited). The content's totals follow. */
import { changeReview, deleteReview } from '#db/reviews/reviews.ts';
import { handle } from '#site/lib/server/handle.ts';

export const PUT = handle('changeReview', ({ db, user, params, body }) => changeReview(db, user, params.id, body));

export const DELETE = handle('deleteReview', ({ db, user, params }) => deleteReview(db, user, params.id));
