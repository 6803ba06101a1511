import { getDb } from '#db/client.ts';
import { listFilters } from '#db/catalog/catalog-reads.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { revalidatableJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async ({ request }) => revalidatableJson(request, await listFilters(await getDb())));
