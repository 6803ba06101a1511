import { acceptMovedLink } from '#db/links/link-health.ts';
import { handle } from '#site/lib/server/handle.ts';

/** Makes the address the content's link permanently redirects to (found by the link checker) its URL. */
export const POST = handle('acceptRedirect', ({ db, actor, params }) => acceptMovedLink(db, actor, params.id));
