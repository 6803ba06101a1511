/**
 * The OpenAPI document: generated from the schemas, served at /api/openapi.json, it names every endpoint
 * file under site/pages/api (the reference page's own files aside), each of whose methods answers its
 * operation through handle(), and /api/docs renders it in a real browser with no CDN and no CSP
 * violation. (Every API test also validates its answers against it: tests/setup/contract.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../db/contract/openapi.ts';
import { OPERATIONS } from '../../db/contract/operations.ts';
import { hasBrowser, launchBrowser, newContext } from '../setup/browser.ts';
import { useServer } from '../setup/use-server.ts';

/** The reference page and its files answer HTML, CSS and script, not the API's JSON. */
const REFERENCE_PAGE = ['GET /api/docs', 'GET /api/docs/[file]'];

/** Each method an endpoint file exports, with its route (as operations name it) and what the export is set to. */
function endpointExports(): Array<{ method: string; route: string; value: string }> {
  const api = fileURLToPath(new URL('../../site/pages/api', import.meta.url));
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(join(dir, e.name))
        : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
          ? [join(dir, e.name)]
          : [],
    );
  return walk(api).flatMap((file) => {
    const route = `/api/${relative(api, file)}`.replace(/\.ts$/, '').replace(/\/index$/, '');
    const source = readFileSync(file, 'utf8');
    return [...source.matchAll(/export const (GET|POST|PUT|DELETE|PATCH)\b\s*=/g)].map((m) => ({
      method: m[1]!,
      route,
      value: source.slice(m.index + m[0].length),
    }));
  });
}

const endpointFiles = (): string[] => endpointExports().map(({ method, route }) => `${method} ${route}`);
let doc: {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
  components: { schemas: Record<string, unknown> };
};

const { server } = useServer();
beforeAll(async () => {
  const res = await fetch(`${server.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with this server’s URL, bearer auth and the error shape', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toMatchObject({
      servers: [{ url: server.url }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    });
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
  });

  it('names every endpoint file under site/pages/api, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const onDisk = endpointFiles()
      .filter((endpoint) => !REFERENCE_PAGE.includes(endpoint))
      .map((endpoint) => endpoint.replace(/ (.*)$/, (_, route: string) => ` ${openApiPath(route)}`));
    expect(documented.sort()).toEqual(onDisk.sort());
  });

  it('is what each endpoint answers: every method is handle() of the operation of that method and route', () => {
    const operations: Record<string, { method: string; route: string }> = OPERATIONS;
    const wrong = endpointExports()
      .filter(({ method, route }) => !REFERENCE_PAGE.includes(`${method} ${route}`))
      .flatMap(({ method, route, value }) => {
        const name = /^\s*handle\(\s*'(\w+)'/.exec(value)?.[1];
        if (name === undefined) return [`${method} ${route} is not handle('<operation>', …)`];
        const operation = Object.hasOwn(operations, name) ? operations[name]! : undefined;
        if (!operation) return [`${method} ${route} names '${name}', which is no operation`];
        return operation.method === method && operation.route === route
          ? []
          : [`${method} ${route} names '${name}', which is ${operation.method} ${operation.route}`];
      });
    expect(wrong).toEqual([]);
  });

  it('has schemas a JSON Schema 2020-12 validator compiles, with every $ref resolved', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(doc, 'openapi');
    for (const name of Object.keys(doc.components.schemas))
      expect(() => ajv.compile({ $ref: `openapi#/components/schemas/${name}` }), name).not.toThrow();
  });

  it('marks who may call each operation, and lists 401 and 403 where they can happen', () => {
    const admin = doc.paths['/api/tags/{id}']!.put!;
    expect(admin.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(Object.keys(admin.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '400']));
    expect(doc.paths['/api/contents/search']!.get!.security).toEqual([]);
  });
});

describe.skipIf(!hasBrowser)('the reference page', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser?.close());

  it('renders every group of operations from our own files, with no request elsewhere and no CSP violation', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const foreign: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => void (new URL(request.url()).origin !== server.url && foreign.push(request.url())));
    page.on(
      'console',
      (message) =>
        void (
          message.type() === 'error' &&
          !message.text().startsWith('Failed to load resource') &&
          problems.push(message.text())
        ),
    );
    page.on(
      'response',
      (response) => void (response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`)),
    );
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('Search and filter the catalog').first().waitFor();
    for (const group of ['Catalog', 'Accounts', 'Admin: tags'])
      expect(await page.locator(`[data-tag="${group}"]`).count(), group).toBe(1);
    expect(foreign).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
    await context.close();
  });
});
