/**
 * The OpenAPI 3.1 document of the REST API, generated from the zod schemas that validate the requests
 * (db/validation, each room's validation/) and describe the answers (db/contract/shapes.ts and each room's
 * contract), and from the list of operations (db/contract/operations.ts). Served at /api/openapi.json; its
 * reference page is /api/docs.
 */
import { z } from '../validation/zod.ts';
import { FORM_VALUE_SCHEMAS } from '../validation/form-values.ts';
import { GROUPS, type Operation } from './operation.ts';
import { OPERATION_LIST, SHAPES, type AnswerOf } from './operations.ts';

type JsonSchema = Record<string, unknown>;
/** The document, as its own operation answers it. */
type OpenApiDocument = AnswerOf<'openApiDocument'>;

/** Drops what zod adds and readers do not need: $schema, $id, and the bounds every integer has. */
function tidy(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return void node.forEach(tidy);
  const schema = node as JsonSchema;
  delete schema.$schema;
  delete schema.$id;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  Object.values(schema).forEach(tidy);
}

/** `/api/users/[id]` → `/api/users/{id}` */
export const openApiPath = (route: string) => route.replace(/\[(\w+)\]/g, '{$1}');

/**
 * A request body's JSON Schema. Forms send strings, blanks and nulls that the schemas' preprocessing
 * accepts, which a JSON Schema of the input cannot say; so "required" is computed from the schema itself:
 * a field is required when the validator refuses it missing.
 */
function requestSchema(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    // A liberal field is described by what it accepts, not by the value it ends as (db/validation/form-values.ts).
    override: ({ zodSchema, jsonSchema }) => {
      const accepted = FORM_VALUE_SCHEMAS.get(zodSchema as unknown as z.ZodType);
      if (!accepted) return;
      const { description } = jsonSchema as { description?: string };
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
      Object.assign(jsonSchema, accepted, description ? { description } : {});
    },
  }) as JsonSchema;
  tidy(json);
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
  if (shape) {
    const required = Object.keys(shape).filter((key) => !shape[key]!.safeParse(undefined).success);
    if (required.length) json.required = required;
    else delete json.required;
  }
  // What it shares ($defs: Tag, TagKind…) becomes components, referred to there.
  for (const [id, def] of Object.entries((json.$defs ?? {}) as Record<string, JsonSchema>)) components[id] ??= def;
  delete json.$defs;
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The input is wrong: the message says what',
  401: 'Not signed in (no or an expired token)',
  403: 'Not allowed: not an admin, or a write that rides on a session cookie from another site',
  404: 'Not found',
  409: 'In conflict with what exists (e.g. already listed, already registered)',
  413: 'The body is too large',
  415: 'The body is not JSON',
  429: 'Too many attempts: wait Retry-After seconds',
  503: 'Busy, shutting down, or the database cannot be reached: try again after Retry-After seconds',
};

function errorStatuses(op: Operation): number[] {
  const statuses = new Set<number>(op.errors ?? []);
  // Any request: an address the front door cannot read (bad percent-encoding) is a 400 before any route, and a
  // server that is shutting down, or whose database server cannot be reached, answers 503.
  statuses.add(400);
  statuses.add(503);
  if (op.body) statuses.add(413);
  if (op.body && typeof op.body === 'object') statuses.add(415);
  if (op.access !== 'public') statuses.add(401);
  // An admin's call by another; any write with a session cookie from another site (the origin check).
  if (op.access === 'admin' || op.method !== 'GET') statuses.add(403);
  return [...statuses].sort();
}

/** Every schema with an id (meta({ id })) reachable from the answers, as components. */
function responseComponents(): { schemas: Record<string, JsonSchema>; refOf: (schema: z.ZodType) => JsonSchema } {
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  const add = (schema: z.ZodType, fallback: string) => {
    const id = (z.globalRegistry.get(schema)?.id as string | undefined) ?? fallback;
    if (!ids.has(schema)) {
      ids.set(schema, id);
      if (!registry.has(schema)) registry.add(schema, { id });
    }
  };
  // Every shape with an id is a component of its own, so answers refer to Content, Tag… by name.
  for (const schema of SHAPES) if (z.globalRegistry.get(schema)?.id) add(schema, '');
  for (const op of OPERATION_LIST) add(op.ok.schema, `${op.method}${openApiPath(op.route).replace(/\W+/g, '_')}`);
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  }) as {
    schemas: Record<string, JsonSchema>;
  };
  for (const schema of Object.values(schemas)) tidy(schema);
  return { schemas, refOf: (schema) => ({ $ref: `#/components/schemas/${ids.get(schema)}` }) };
}

/** Path parameters that are not strings (ids of contents, users and reviews are; a tag's is an integer). */
const PATH_PARAMETERS: Record<string, JsonSchema> = {
  '/api/tags/[id] id': { type: 'integer', minimum: 1 },
  '/api/tags/[id]/merge id': { type: 'integer', minimum: 1 },
};

/** GET /api/contents/slug/[slug] → getContentsSlugBySlug */
const operationId = (op: Operation) =>
  op.method.toLowerCase() +
  op.route
    .replace(/^\/api/, '')
    .replace(/\[(\w+)\]/g, '/by-$1')
    .replace(/[^A-Za-z]+(\w)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());

/** What an operation takes: a multipart image, a bookmark file, or a JSON body named among the components. */
function requestBodyOf(op: Operation, requestBodies: Record<string, JsonSchema>): JsonSchema | undefined {
  let requestBody: JsonSchema | undefined;
  if (op.body === 'multipart') {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: {
                type: 'string',
                contentMediaType: 'image/*',
                description: 'A PNG, GIF or JPEG image, at most 5 MB',
              },
            },
            required: ['file'],
          },
        },
      },
    };
  } else if (op.body === 'bookmark-file') {
    const file = {
      type: 'string',
      contentMediaType: 'text/html',
      description: 'A browser’s bookmark export (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`), at most 20 MB',
    };
    requestBody = {
      required: true,
      content: {
        'text/html': { schema: file },
        'multipart/form-data': { schema: { type: 'object', properties: { file }, required: ['file'] } },
      },
    };
  } else if (op.body) {
    requestBodies[op.body.name] ??= requestSchema(op.body.schema, requestBodies);
    requestBody = {
      required: !op.body.optional,
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${op.body.name}` },
          ...(op.body.example !== undefined ? { example: op.body.example } : {}),
        },
      },
    };
  }
  return requestBody;
}

/** What any answer may carry on a deployment of several servers (site/server/read-position.ts). */
const POSITION_HEADERS = { 'X-Db-Position': { $ref: '#/components/headers/DbPosition' } };

function operationObject(
  op: Operation,
  refOf: (schema: z.ZodType) => JsonSchema,
  requestBodies: Record<string, JsonSchema>,
): JsonSchema {
  const params = [...openApiPath(op.route).matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: PATH_PARAMETERS[`${op.route} ${name}`] ?? { type: 'string' },
  }));
  const setsSession = op.setsCookie || op.clearsCookie || op.endsSession;
  const okHeaders = {
    ...(op.revalidatable ? { ETag: { $ref: '#/components/headers/ETag' } } : {}),
    ...POSITION_HEADERS,
    ...(setsSession ? { 'Set-Cookie': { $ref: '#/components/headers/SetSessionCookie' } } : {}),
    ...(op.attachment ? { 'Content-Disposition': { $ref: '#/components/headers/Attachment' } } : {}),
  };
  const responses: Record<string, JsonSchema> = {
    [op.ok.status]: {
      description: op.ok.description,
      ...(Object.keys(okHeaders).length ? { headers: okHeaders } : {}),
      content: {
        'application/json': { schema: refOf(op.ok.schema) },
        ...Object.fromEntries(
          Object.entries(op.alsoAs ?? {}).map(([type, description]) => [
            type,
            { schema: { type: 'string', description } },
          ]),
        ),
      },
    },
  };
  if (op.revalidatable)
    responses[304] = {
      description: 'Not modified: the answer is still the one whose ETag the request holds (no body)',
      headers: { ETag: { $ref: '#/components/headers/ETag' }, ...POSITION_HEADERS },
    };
  for (const status of errorStatuses(op)) {
    const note = op.errorNotes?.[status as keyof NonNullable<Operation['errorNotes']>];
    responses[status] = note
      ? {
          description: `${ERROR_TEXT[status]}. ${note.when}`,
          headers: {
            ...POSITION_HEADERS,
            ...(status === 429 ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : {}),
          },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: note.example } },
        }
      : op.clearsCookie
        ? {
            description: ERROR_TEXT[status],
            headers: { ...POSITION_HEADERS, 'Set-Cookie': { $ref: '#/components/headers/SetSessionCookie' } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          }
        : { $ref: `#/components/responses/Error${status}` };
  }
  const requestBody = requestBodyOf(op, requestBodies);
  return {
    operationId: operationId(op),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.group],
    // 'session': the schemes are optional (an empty requirement), so generated clients send the token they hold.
    security: op.access === 'public' ? [] : [...(op.access === 'session' ? [{}] : []), { bearer: [] }, { cookie: [] }],
    ...(op.access !== 'public' && op.access !== 'session' ? { 'x-access': op.access } : {}),
    parameters: [
      ...params,
      ...(op.query ?? []).map((q) => ({
        name: q.name,
        in: 'query',
        required: false,
        description: q.description,
        schema: q.schema,
        ...(q.example !== undefined ? { example: q.example } : {}),
      })),
    ],
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The document, built once per process (it depends only on the code). */
let built: OpenApiDocument | undefined;
export function openApiDocument(serverUrl?: string): OpenApiDocument {
  built ??= buildDocument();
  return serverUrl ? { ...built, servers: [{ url: serverUrl }] } : built;
}

function buildDocument(): OpenApiDocument {
  const { schemas, refOf } = responseComponents();
  const requestBodies: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  // By group, in GROUPS' order (a stable sort: within a group, as the rooms list them).
  const byGroup = [...OPERATION_LIST].sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group));
  for (const op of byGroup)
    (paths[openApiPath(op.route)] ??= {})[op.method.toLowerCase()] = operationObject(op, refOf, requestBodies);
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_TEXT).map(([status, description]) => [
      `Error${status}`,
      {
        description,
        headers: {
          ...(status === '429' || status === '503'
            ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }
            : {}),
          ...POSITION_HEADERS,
        },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  const headers = {
    RetryAfter: { description: 'Seconds to wait before asking again', schema: { type: 'integer', minimum: 1 } },
    ETag: {
      description: 'The answer’s validator: send it back in If-None-Match to get 304 while it holds',
      schema: { type: 'string' },
    },
    SetSessionCookie: {
      description:
        'The session cookie (`session`, HttpOnly, SameSite=Lax) and a signed-in marker without the secret, for browsers (other clients use the `token`); sign-out and deleting your account clear both. Signing up and signing in also set `device` (HttpOnly, SameSite=Strict, a year): sent back with a later sign-in of the same account, it gives that attempt a turn of its own on an account slowed down by failures. On a deployment of several servers, also `db_position`, as X-Db-Position says',
      schema: { type: 'string' },
    },
    DbPosition: {
      description:
        'On a deployment of several servers over one libSQL primary: the database position this answer reflects (after a write, the write’s). Send it back as the `X-Db-Position` request header: whichever server answers next shows at least as much (your own writes included). Browsers get it as the `db_position` cookie beside it (HttpOnly, SameSite=Lax, a minute), which they send back by themselves',
      schema: { type: 'string', pattern: '^[0-9]+$' },
    },
    Attachment: {
      description: 'The answer is a file to save, under this name: `attachment; filename="…"`',
      schema: { type: 'string' },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skillshelf REST API',
      version: '1.0.0',
      description: [
        'The catalog of Skillshelf, a curated directory of computer-science learning resources, and the accounts, saves, reviews, submissions and administration around it.',
        '',
        '**Authentication.** Sign in (or up) to get a `token`, and send it as `Authorization: Bearer <token>`. Browsers use the HttpOnly `session` cookie set at the same time; a write with the cookie must come from this site (Origin checked).',
        '',
        '**Errors.** Every failure answers `{ "message": "…", "code": "…" }` with a 4xx status (5xx only if the server itself fails). 429 and 503 carry `Retry-After`.',
        '',
        '**Values as forms send them.** Bodies may carry what HTML form controls send: `"true"`/`"false"`/`"yes"`/`"no"`/`"I don\'t know"` for booleans, numbers as strings, and empty strings or null for optional fields left blank. Tags are `{label, value}` pairs or plain labels.',
        '',
        '**Paging.** Admin lists answer `page`, `pages`, `count` (rows before this page) and `total`; the catalog search answers `page`, `pages` and `countContents`, twelve a page.',
      ].join('\n'),
    },
    tags: GROUPS.map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...schemas, ...requestBodies },
      responses: errorResponses,
      headers,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The `token` answered by sign-in, sign-up and a password change',
        },
        cookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'session',
          description: 'The browser’s session cookie (same-origin writes only)',
        },
      },
    },
  };
}
