/**
 * A small JSON client for API tests: what a script using the REST API with a bearer token would send. `call`
 * names an operation of the contract (db/contract/operations.ts) and types its body and answer; `raw.get`,
 * `raw.post`, `raw.put`, `raw.del` and `raw.send` send to a path what a typed call cannot (hostile input, wrong
 * types, pages). Every JSON answer is checked against the OpenAPI document (tests/setup/contract.ts).
 */
import {
  OPERATIONS,
  type AnswerOf,
  type BodyOf,
  type OperationId,
  type ParamsOf,
} from '../../db/contract/operations.ts';
import type { apiError } from '../../db/contract/shapes.ts';
import type { z } from '../../db/validation/zod.ts';
import { checkAgainstContract } from './contract.ts';

/**
 * A JSON answer as a test reads it: field by field, without declaring its type first. The client below also
 * checks every answer against the OpenAPI document (tests/setup/contract.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers' fields without declaring their types first
export type AnyJson = any;

export interface ApiResponse<T = AnyJson> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string | undefined;
  headers?: Record<string, string>;
  /** Sent as is (a string or bytes) instead of JSON. */
  raw?: BodyInit;
}

/** Every failure's answer (db/contract/shapes.ts). */
export type ApiErrorShape = z.output<typeof apiError>;

/**
 * What `call` answers in `body`: the operation's success shape, with a failure's `message`, `code` and
 * `fields` reachable too (a test reads either after checking the status; a misspelt field does not type-check).
 */
export type CallAnswer<Id extends OperationId> = AnswerOf<Id> & Partial<ApiErrorShape>;

/** Query parameters: an array is sent as the parameter repeated; undefined is left out. */
export type Query = Record<string, string | number | boolean | ReadonlyArray<string | number> | undefined>;

type NeedsParams<Id extends OperationId> = keyof ParamsOf<Id> extends never ? false : true;

export type CallOptions<Id extends OperationId> = (NeedsParams<Id> extends true
  ? {
      /** The route's parameters: /api/lists/[id] takes { id }. */ params: {
        [Name in keyof ParamsOf<Id>]: string | number;
      };
    }
  : { params?: undefined }) & {
  /** The JSON body, as the operation's input schema takes it (none for an operation that takes none). */
  body?: BodyOf<Id>;
  query?: Query;
  token?: string | undefined;
  headers?: Record<string, string>;
  /** Sent as is (a multipart form, a bookmark file) instead of a JSON body. */
  raw?: BodyInit;
};

/** The options are required when the route has parameters. */
type CallArguments<Id extends OperationId> =
  NeedsParams<Id> extends true ? [options: CallOptions<Id>] : [options?: CallOptions<Id>];

/** The path of an operation's route, each parameter encoded, and its query. */
export function operationPath(
  id: OperationId,
  params: Record<string, string | number> = {},
  query: Query = {},
): string {
  const path = OPERATIONS[id].route.replace(/\[(\w+)\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id}: no value for the route's [${name}]`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A client of the server at `baseUrl` (or at the address a function gives when called: a server started later). */
export function apiClient(baseUrl: string | (() => string)) {
  const base = typeof baseUrl === 'string' ? () => baseUrl : baseUrl;
  async function request<T = AnyJson>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = base() + path;
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: BodyInit | undefined = options.raw;
    if (payload === undefined && body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a page, a redirect)
    }
    checkAgainstContract(method, url, response.status, response.headers, parsed);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  /** Calls the operation by its name: its method, its route with `params`, and its answer typed from the contract. */
  function call<Id extends OperationId>(id: Id, ...[options]: CallArguments<Id>): Promise<ApiResponse<CallAnswer<Id>>> {
    const { params, body, query, token, headers, raw } = (options ?? {}) as CallOptions<Id> & {
      params?: Record<string, string | number>;
    };
    return request<CallAnswer<Id>>(OPERATIONS[id].method, operationPath(id, params, query), body, {
      token,
      headers: headers ?? {},
      ...(raw === undefined ? {} : { raw }),
    });
  }
  return {
    call,
    /**
     * Sends to a path what a typed call cannot: a hostile or malformed path, a body of the wrong type (what a
     * form or a careless script sends), a method the route does not take, a page. Its answer is loosely typed.
     */
    raw: {
      send: request,
      get: <T = AnyJson>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
      post: <T = AnyJson>(path: string, body?: unknown, options?: RequestOptions) =>
        request<T>('POST', path, body, options),
      put: <T = AnyJson>(path: string, body?: unknown, options?: RequestOptions) =>
        request<T>('PUT', path, body, options),
      del: <T = AnyJson>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

let counter = 0;
/** A unique email for a test account. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${Date.now()}-${++counter}@example.com`;

export const DEMO_ADMIN = { email: 'admin@skillshelf.dev', password: 'skillshelf-admin' };
