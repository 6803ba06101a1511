/** Suggestions for the top bar's search box as one types: tags and resources, from memory. Any `q` is taken. */
import { suggest } from '#db/catalog/search/suggestions.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('suggest', ({ db, context }) => suggest(db, context.url.searchParams.get('q')));
