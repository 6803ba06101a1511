import { publicUrl } from '#db/config.ts';
import { openApiDocument } from '#db/contract/openapi.ts';
import { handle } from '#site/lib/server/handle.ts';

/** The REST API's OpenAPI 3.1 document (generated from the schemas that validate it: db/contract/openapi.ts). */
export const GET = handle('openApiDocument', ({ headers }) => {
  headers.set('cache-control', 'public, max-age=300');
  return openApiDocument(`${publicUrl()}`);
});
