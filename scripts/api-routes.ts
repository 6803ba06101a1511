/**
 * The browser's table of the REST operations (site/lib/api-routes.ts): each operation's name, method and route,
 * written from the contract (db/contract/operations.ts) so that the browser's client carries no schema.
 * `npm run api:routes` rewrites it; scripts/api-routes.test.ts fails when it and the contract disagree.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPERATIONS } from '../db/contract/operations.ts';

export const ROUTES_FILE = fileURLToPath(new URL('../site/lib/api-routes.ts', import.meta.url));

export function routesModule(): string {
  const rows = Object.entries(OPERATIONS)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, operation]) => `  ${name}: ['${operation.method}', '${operation.route}'],`);
  return [
    "/** Each REST operation's method and route, by its name: written by `npm run api:routes` from db/contract/operations.ts. */",
    'export const ROUTES = {',
    ...rows,
    '} as const;',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ROUTES_FILE, routesModule());
  console.log(`site/lib/api-routes.ts: ${Object.keys(OPERATIONS).length} operations`);
}
