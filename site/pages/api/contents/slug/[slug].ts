import { getDb } from '#db/client.ts';
import { getContentBySlug } from '#db/catalog/catalog-reads.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { revalidatableJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async ({ request, params }) => revalidatableJson(request, await getContentBySlug(await getDb(), params.slug ?? '')));
