/**
 * Every answer an API test receives is checked against the OpenAPI document (db/contract/openapi.ts): its
 * status must be one the operation documents (a failure's and a 304's too), a JSON body must match the
 * schema documented for that status (a failure, the error shape), and a header the document declares
 * anywhere (ETag, Retry-After, Set-Cookie…) must be declared for this response when it is sent. So the
 * document cannot drift from what the server answers, and a generated client or a proxy like Prism
 * meets nothing it was not told of.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../db/contract/openapi.ts';

interface DocResponse {
  $ref?: string;
  content?: Record<string, { schema: { $ref?: string } }>;
  headers?: Record<string, unknown>;
}
interface DocOperation {
  responses: Record<string, DocResponse>;
}

const doc = openApiDocument() as ReturnType<typeof openApiDocument> & {
  paths: Record<string, Record<string, DocOperation>>;
  components: { responses?: Record<string, DocResponse> };
};

/** A response as documented, its $ref (to components.responses) followed. */
const resolved = (response: DocResponse | undefined): DocResponse | undefined =>
  response?.$ref ? doc.components.responses?.[response.$ref.replace('#/components/responses/', '')] : response;

/** Every header some response declares, lowercased: one of these sent where it is not declared is a drift. */
const DECLARED_HEADERS = new Set(
  [
    ...Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).flatMap((op) => Object.values(op.responses)),
    ),
    ...Object.values(doc.components.responses ?? {}),
  ].flatMap((r) => Object.keys(resolved(r)?.headers ?? {}).map((name) => name.toLowerCase())),
);
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(doc, 'openapi');

/** Paths as patterns, literal ones first, so /api/contents/admin is not taken for /api/contents/{id}. */
const routes = Object.entries(doc.paths)
  .map(([path, operations]) => ({
    path,
    operations,
    pattern: new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[^/]+')}$`),
  }))
  .sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));

const validators = new Map<string, ValidateFunction>();
function validator(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: `openapi${ref}` })));
  return validate;
}

function expectValid(ref: string, body: unknown, what: string) {
  const validate = validator(ref);
  if (!validate(body))
    throw new Error(
      `${what} does not match ${ref} of the OpenAPI document: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${JSON.stringify(body).slice(0, 500)}`,
    );
}

/** Throws when an answer of /api/… is not what the OpenAPI document says. */
export function checkAgainstContract(
  method: string,
  url: string,
  status: number,
  headers: Headers,
  body: unknown,
): void {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/api/')) return;
  const json = /json/.test(headers.get('content-type') ?? '');
  const what = `${method} ${pathname} → ${status}`;
  const route = routes.find((r) => r.pattern.test(pathname) && r.operations[method.toLowerCase()]);
  if (!route) {
    // The reference page (/api/docs) answers HTML; a JSON answer must be an operation's.
    if (json && status < 400) throw new Error(`${what}: no such operation in the OpenAPI document`);
    return;
  }
  const response = resolved(route.operations[method.toLowerCase()]!.responses[String(status)]);
  if (!response) throw new Error(`${what}: the OpenAPI document does not list this status for the operation`);
  const declared = new Set(Object.keys(response.headers ?? {}).map((name) => name.toLowerCase()));
  // The position cookie goes with X-Db-Position, which every answer declares (site/server/read-position.ts).
  const cookies = headers.getSetCookie().filter((line) => !line.startsWith('db_position='));
  for (const name of DECLARED_HEADERS) {
    if (name === 'set-cookie' ? cookies.length === 0 : !headers.has(name)) continue;
    if (!declared.has(name))
      throw new Error(`${what}: sends ${name}, which the OpenAPI document does not declare for this response`);
  }
  if (!json || body === null) return;
  if (status >= 400) return void expectValid('#/components/schemas/Error', body, what);
  const schema = response.content?.['application/json']?.schema;
  if (!schema?.$ref) throw new Error(`${what}: the OpenAPI document gives no JSON body for this status`);
  expectValid(schema.$ref, body, what);
}
