/**
 * Every JSON answer an API test receives is checked against the OpenAPI document (db/contract/openapi.ts):
 * a success must be the documented status of a documented operation and match its schema, a failure must
 * be the documented error shape. So the document cannot drift from what the server answers.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../db/contract/openapi.ts';

interface DocOperation {
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}

const doc = openApiDocument() as { paths: Record<string, Record<string, DocOperation>> };
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(doc, 'openapi');

/** Paths as patterns, literal ones first, so /api/contents/admin is not taken for /api/contents/{id}. */
const routes = Object.entries(doc.paths)
  .map(([path, operations]) => ({ path, operations, pattern: new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[^/]+')}$`) }))
  .sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));

const validators = new Map<string, ValidateFunction>();
function validator(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: `openapi${ref}` })));
  return validate;
}

function expectValid(ref: string, body: unknown, what: string) {
  const validate = validator(ref);
  if (!validate(body)) throw new Error(`${what} does not match ${ref} of the OpenAPI document: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${JSON.stringify(body).slice(0, 500)}`);
}

/** Throws when a JSON answer of /api/… is not what the OpenAPI document says. */
export function checkAgainstContract(method: string, url: string, status: number, contentType: string | null, body: unknown): void {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/api/') || !/json/.test(contentType ?? '') || body === null) return;
  const what = `${method} ${pathname} → ${status}`;
  if (status >= 400) return expectValid('#/components/schemas/Error', body, what);
  const route = routes.find((r) => r.pattern.test(pathname) && r.operations[method.toLowerCase()]);
  if (!route) throw new Error(`${what}: no such operation in the OpenAPI document`);
  const schema = route.operations[method.toLowerCase()]!.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema?.$ref) throw new Error(`${what}: the OpenAPI document does not list this status`);
  expectValid(schema.$ref, body, what);
}
