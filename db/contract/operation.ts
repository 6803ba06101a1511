/**
 * What an operation of the REST API is: its route (as the endpoint file under site/pages/api names it),
 * who may call it, what it takes and what it answers; the groups the reference lists them in; and the
 * query parameters several operations share. Each room lists its operations in its contract
 * (db/<room>/contract.ts); db/contract/operations.ts gathers them, and db/contract/openapi.ts turns them
 * into the OpenAPI document.
 */
import type { z } from '../validation/zod.ts';
import { message } from './shapes.ts';
import { TAXONOMY } from '../catalog/taxonomy.ts';
import type { Facet } from '../catalog/facets.ts';

/** The groups of operations, in the order the reference (and the OpenAPI document) lists them. */
export const GROUPS = [
  'Reference',
  'Catalog',
  'Accounts',
  'Saves and reviews',
  'Submissions',
  'Admin: dashboard',
  'Admin: contents',
  'Admin: users',
  'Admin: submissions',
  'Admin: tags',
  'Admin: reviews',
  'Admin: audit',
  'Lists and progress',
  'Following',
] as const;
export type Group = (typeof GROUPS)[number];

/** Who may call: anyone; anyone, naming a session with its token or cookie ('session': sign-out); a signed-in user; an admin. */
export type Access = 'public' | 'session' | 'user' | 'admin';

export interface QueryParameter {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  example?: unknown;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as the file under site/pages names it: /api/users/[id]. */
  route: string;
  summary: string;
  description?: string;
  /** Where the reference lists it (GROUPS). */
  group: Group;
  access: Access;
  query?: readonly QueryParameter[];
  /** A JSON body (its zod schema, as the endpoint validates it), a multipart image upload, or a browser's bookmark file. */
  body?: { schema: z.ZodType; name: string; example?: unknown; optional?: boolean } | 'multipart' | 'bookmark-file';
  /** The success answer: its status and shape. */
  ok: { status: 200 | 201 | 303; schema: z.ZodType; description: string };
  /** The answer carries an ETag, and a request holding it in If-None-Match gets 304 with no body. */
  revalidatable?: true;
  /** The answer sets the session cookie (Set-Cookie) beside the token it carries. */
  setsCookie?: true;
  /** It clears the session cookie on every answer, a failure too (sign-out). */
  clearsCookie?: true;
  /** Its success may clear the session cookie (the account, or this session, is gone). */
  endsSession?: true;
  /** The answer is a file to download: Content-Disposition names it. */
  attachment?: true;
  /** Other media types the success answer may take, beside JSON (a CSV or HTML file; a stream of progress lines). */
  alsoAs?: Readonly<Record<string, string>>;
  /** Failures beyond what the access level and a body imply (those are added by the generator). */
  errors?: ReadonlyArray<400 | 401 | 403 | 404 | 409 | 413 | 429 | 503>;
  /**
   * A failure of this operation worth its own words in the document: when it happens and what it says (an
   * example answer), beside the generic description of its status.
   */
  errorNotes?: Readonly<Partial<Record<400 | 401 | 403 | 404 | 409 | 429, { when: string; example: object }>>>;
}

export const PAGE: QueryParameter = {
  name: 'page',
  description: 'The page, from 1; anything else is page 1, past the end the last page',
  schema: { type: 'integer', minimum: 1 },
  example: 1,
};
/** The admin lists' one convention (db/validation/list-query.ts): these, plus each list's filters. */
export const LIST: QueryParameter[] = [
  PAGE,
  {
    name: 'pageSize',
    description: 'Rows a page, 1–100 (clamped; default 10)',
    schema: { type: 'integer', minimum: 1, maximum: 100 },
    example: 25,
  },
  {
    name: 'search',
    description: 'Text to find (at most 200 characters are used; empty is none)',
    schema: { type: 'string' },
    example: 'python',
  },
  { name: 'sort', description: 'The column to sort by; anything else is the default', schema: { type: 'string' } },
  {
    name: 'order',
    description: 'asc or desc; anything else is the column’s natural order',
    schema: { type: 'string', enum: ['asc', 'desc'] },
  },
];
export const listFilter = (name: string, description: string, values?: readonly string[]): QueryParameter => ({
  name,
  description: `${description}; empty or unknown values are ignored`,
  schema: values ? { type: 'string', enum: [...values] } : { type: 'string' },
});

/** A facet's search parameter (db/catalog/facets.ts), described by its kind. */
export function facetFilter(facet: Facet): QueryParameter {
  if (facet.kind === 'tags') {
    const example = TAXONOMY[facet.key][0]!.value;
    return {
      name: facet.key,
      description: `${facet.key} values (see /api/contents/filters): one, or several as repeated parameters or separated by commas, of which a result has any; a value renamed or merged away follows its tag; unknown values are ignored`,
      schema: { type: 'array', items: { type: 'string' } },
      example: [example],
    };
  }
  if (facet.kind === 'flag')
    return {
      name: facet.key,
      description: `${facet.labels.true} (true) or ${facet.labels.false.toLowerCase()} (false)`,
      schema: { type: 'string', enum: ['true', 'false', 'all'] },
    };
  if (facet.kind === 'atLeast')
    return {
      name: facet.key,
      description: `At least this many (${facet.title}): ${facet.steps.map(facet.stepLabel).join(', ')}`,
      schema: { type: 'integer', enum: [...facet.steps].sort() },
    };
  if (facet.kind === 'open')
    return {
      name: facet.key,
      description: `One ${facet.title.toLowerCase()} as the contents name it (see /api/contents/filters), exactly; empty or all: any`,
      schema: { type: 'string' },
    };
  const values = facet.choices.map((choice) => choice.value);
  const named = facet.choices
    .map((choice) => (choice.label === choice.value ? choice.value : `${choice.value} (${choice.label})`))
    .join(', ');
  const unknown = facet.unknown === 'refuse' ? 'another value is a 400 naming them' : 'unknown values are ignored';
  return {
    name: facet.key,
    description: `One or more of ${named} (repeated, or separated by commas), of which a result has any; empty or all: any; ${unknown}`,
    schema: { type: 'array', items: { type: 'string', enum: [...values, 'all'] } },
  };
}

/** An answer that is a shape with a `message` beside its fields (a creation's). */
export const withMessage = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>, id: string) =>
  schema.extend({ message: message.shape.message }).meta({ id });

/** The parameters a route names, each a string: /api/lists/[id]/items/[contentId] → { id; contentId }. */
export type RouteParams<Route extends string> = Route extends `${string}[${infer Name}]${infer Rest}`
  ? { [Key in Name]: string } & RouteParams<Rest>
  : Record<never, never>;
