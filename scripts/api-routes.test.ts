/** The browser's table of routes is the contract's: every operation, with its method and route. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../db/contract/operations.ts';
import { ROUTES } from '../site/lib/api-routes.ts';
import { ROUTES_FILE, routesModule } from './api-routes.ts';

describe("the browser's table of routes", () => {
  it('is the one the contract writes (npm run api:routes rewrites it)', () => {
    expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(routesModule());
  });

  it('names every operation with its method and route', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const [name, [method, route]] of Object.entries(ROUTES)) {
      const operation = OPERATIONS[name as keyof typeof OPERATIONS];
      expect([method, route]).toEqual([operation.method, operation.route]);
    }
  });
});
