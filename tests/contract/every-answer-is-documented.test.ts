/**
 * What a third party's tools (Prism in proxy mode, generated clients) tripped on: answers the document did
 * not list. A wrong password answered 401 where only 200/400/415/429/503 were documented; thirteen JSON
 * endpoints answered 400 to a text/plain body where the document (and the account endpoints) said 415;
 * search, filters and slug answered 304 with an ETag, neither documented; an upload could answer 429; and
 * Retry-After and Set-Cookie were not declared.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin } from '../setup/actors.ts';
import { checkAgainstContract } from '../setup/contract.ts';

type Response_ = { headers?: Record<string, unknown>; $ref?: string };
type OperationDoc = { requestBody?: { content: Record<string, unknown> }; responses: Record<string, Response_> };
let doc: {
  paths: Record<string, Record<string, OperationDoc>>;
  components: { responses: Record<string, Response_>; headers: Record<string, unknown> };
};
let adminToken: string;

const { server, api } = useServer();
beforeAll(async () => {
  doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
  adminToken = (await asAdmin(api)).token;
});

/** The documented statuses of an operation. */
const statusesOf = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses);

describe('answers the document lists', () => {
  it('a wrong password is a documented 401', async () => {
    const res = await fetch(`${server.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: 'not-the-password' }),
    });
    expect(res.status).toBe(401);
    expect(statusesOf('/api/users/signin', 'post')).toContain('401');
  });

  it('every endpoint taking a JSON body answers 415 to another media type, as documented', async () => {
    const wrong: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.requestBody?.content['application/json']) continue;
        const url = server.url + path.replace(/\{\w+\}/g, 'x1');
        const res = await fetch(url, {
          method: method.toUpperCase(),
          headers: { 'content-type': 'text/plain', authorization: `Bearer ${adminToken}` },
          body: '{"name":"x"}',
        });
        await res.arrayBuffer();
        if (res.status !== 415 || !statusesOf(path, method).includes('415'))
          wrong.push(`${method.toUpperCase()} ${path}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('search, filters and a content by slug document their ETag and the 304 they answer', async () => {
    const { body } = await api.call('searchContents');
    for (const [path, asked] of [
      ['/api/contents/search', '/api/contents/search'],
      ['/api/contents/filters', '/api/contents/filters'],
      ['/api/contents/slug/{slug}', `/api/contents/slug/${body.contents[0].slug}`],
    ] as const) {
      const first = await fetch(server.url + asked);
      const etag = first.headers.get('etag');
      expect(etag, path).toBeTruthy();
      const again = await fetch(server.url + asked, { headers: { 'if-none-match': etag! } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('etag'), path).toBe(etag);
      const op = doc.paths[path]!.get!;
      expect(op.responses['304']?.headers, path).toHaveProperty('ETag');
      expect(op.responses['200']?.headers, path).toHaveProperty('ETag');
    }
  });

  it('declares Retry-After on 429 and 503, Set-Cookie where a session is set, and 429 on uploads', () => {
    for (const status of ['429', '503'])
      expect(doc.components.responses[`Error${status}`]!.headers).toHaveProperty('Retry-After');
    for (const [path, method, status] of [
      ['/api/users/signin', 'post', '200'],
      ['/api/users/signup', 'post', '201'],
      ['/api/users/profile', 'put', '200'],
    ] as const) {
      expect(doc.paths[path]![method]!.responses[status]!.headers, path).toHaveProperty('Set-Cookie');
    }
    expect(statusesOf('/api/upload', 'post')).toContain('429');
  });
});

describe('schemas every tool reads as the server answers', () => {
  it('the dashboard’s one-element lists are arrays of at least and at most one item, and its answer passes them', async () => {
    const schema = (
      doc.components as unknown as { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> }
    ).schemas.DashboardSummary!;
    for (const key of ['contents', 'users', 'admins']) {
      expect(schema.properties[key], key).toMatchObject({ type: 'array', minItems: 1, maxItems: 1 });
      expect(schema.properties[key], key).not.toHaveProperty('prefixItems');
    }
    const summary = await api.call('dashboardSummary', {
      token: adminToken,
    });
    for (const key of ['contents', 'users', 'admins'] as const) expect(summary.body[key], key).toHaveLength(1);
  });

  it('a tag’s id in a path is an integer', () => {
    const params = (path: string, method: string) =>
      (doc.paths[path]![method] as unknown as { parameters: Array<{ name: string; schema: { type: string } }> })
        .parameters;
    expect(params('/api/tags/{id}', 'put').find((p) => p.name === 'id')!.schema.type).toBe('integer');
    expect(params('/api/tags/{id}/merge', 'post').find((p) => p.name === 'id')!.schema.type).toBe('integer');
  });
});

describe('request schemas', () => {
  it('pass the document’s own examples, which are what HTML forms send (blank cost, "false", "I don\'t know")', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(doc, 'openapi');
    const failures: string[] = [];
    let examples = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const body = op.requestBody?.content['application/json'] as
          | { schema: { $ref: string }; example?: unknown }
          | undefined;
        if (!body?.example) continue;
        examples++;
        const validate = ajv.compile({ $ref: `openapi${body.schema.$ref}` });
        if (!validate(body.example))
          failures.push(`${method.toUpperCase()} ${path}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(examples).toBeGreaterThan(10);
    expect(failures).toEqual([]);
    // And what a form sends passes too, as the server accepts it.
    const content = ajv.compile({ $ref: 'openapi#/components/schemas/ContentInput' });
    expect(
      content({
        name: 'N',
        slug: 'n',
        url: 'https://example.org/',
        image: 'https://example.org/i.png',
        description: 'D',
        cost: '',
        hasCert: "I don't know",
        category: [],
        techStack: [],
        type: [],
      }),
      ajv.errorsText(content.errors),
    ).toBe(true);
  });
});

describe('the API suite’s own check of every answer (tests/setup/contract.ts)', () => {
  const json = (extra: Record<string, string> = {}) => new Headers({ 'content-type': 'application/json', ...extra });
  const error = { message: 'x' };

  it('fails on a status the operation does not document, a failure’s too', () => {
    expect(() => checkAgainstContract('GET', 'http://h/api/contents/search', 200, json(), { contents: [] })).toThrow(
      /does not match/,
    );
    expect(() => checkAgainstContract('GET', 'http://h/api/contents/search', 418, json(), error)).toThrow(
      'does not list this status',
    );
    expect(() => checkAgainstContract('GET', 'http://h/api/contents/filters', 409, json(), error)).toThrow(
      'does not list this status',
    );
    expect(() => checkAgainstContract('GET', 'http://h/api/contents/filters', 404, new Headers(), null)).toThrow(
      'does not list this status',
    );
  });

  it('fails on a declared header sent where the document does not declare it', () => {
    expect(() => checkAgainstContract('POST', 'http://h/api/users/signin', 400, json({ etag: '"x"' }), error)).toThrow(
      'sends etag',
    );
    expect(() =>
      checkAgainstContract('POST', 'http://h/api/users/signin', 400, json({ 'set-cookie': 'session=x' }), error),
    ).toThrow('sends set-cookie');
    expect(() =>
      checkAgainstContract('POST', 'http://h/api/users/signin', 429, json({ 'retry-after': '3' }), error),
    ).not.toThrow();
    expect(() =>
      checkAgainstContract('GET', 'http://h/api/contents/filters', 304, new Headers({ etag: '"x"' }), null),
    ).not.toThrow();
  });
});
