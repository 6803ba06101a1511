import { listSubmissions } from '#db/submissions/submission-list.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('adminSubmissions', ({ db, context }) => listSubmissions(db, context.url.searchParams));
