/** /api/contents/{id}/page-facts: what the content's own page suggests for the facts it lacks (GET, admins). */
import { pageFactSuggestions } from '#db/links/page-facts.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('pageFactSuggestions', ({ db, params }) => pageFactSuggestions(db, params.id));
