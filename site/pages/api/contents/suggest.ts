/** Suggestions for the top bar's search box as one types: tags and resources, from memory. Any `q` is taken. */
import { getDb } from '#db/client.ts';
import { suggest } from '#db/catalog/search/suggestions.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';

export const GET = endpoint(async (context) => suggest(await getDb(), context.url.searchParams.get('q')));
