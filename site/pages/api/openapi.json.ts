import { publicUrl } from '#db/config.ts';
import { openApiDocument } from '#db/contract/openapi.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { json } from '#site/lib/server/http.ts';

/** The REST API's OpenAPI 3.1 document (generated from the schemas that validate it: db/contract/openapi.ts). */
export const GET = endpoint(async () => json(openApiDocument(`${publicUrl()}`), 200, { 'cache-control': 'public, max-age=300' }));
