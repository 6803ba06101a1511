/** The API reference page's files: Swagger UI's bundle and stylesheet from swagger-ui-dist, and our start script. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { notFound } from '#db/errors.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';

const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, defaultModelsExpandDepth: 0, docExpansion: 'list' });\n`;

let root: string | undefined;
const packageDir = () => (root ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')));

export const GET = endpoint(async ({ params }) => {
  const name = params.file ?? '';
  const headers = { 'cache-control': 'public, max-age=86400' };
  if (name === 'init.js')
    return new Response(INIT, { headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' } });
  const type = FILES[name];
  if (!type) throw notFound('No such file');
  return new Response(await readFile(join(packageDir(), name)), { headers: { ...headers, 'content-type': type } });
});
