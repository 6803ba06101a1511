import { getDb } from '#db/client.ts';
import { searchContents } from '#db/services/catalog.ts';
import { parseSearchParams } from '#db/validation/search.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { revalidatableJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async ({ request, url }) => revalidatableJson(request, await searchContents(await getDb(), parseSearchParams(url.searchParams))));
