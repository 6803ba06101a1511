import { getDb } from '#db/client.ts';
import { searchContents } from '#db/catalog/catalog-reads.ts';
import { parseSearchParams } from '#db/catalog/validation/search.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { revalidatableJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async ({ request, url }) => revalidatableJson(request, await searchContents(await getDb(), parseSearchParams(url.searchParams))));
