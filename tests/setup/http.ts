/**
 * A small JSON client for API tests: what a script using the REST API with a bearer token would send. Every
 * JSON answer is checked against the OpenAPI document (tests/setup/contract.ts).
 */
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

export function apiClient(baseUrl: string) {
  async function request<T = AnyJson>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: BodyInit | undefined = options.raw;
    if (payload === undefined && body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a page, a redirect)
    }
    checkAgainstContract(method, baseUrl + path, response.status, response.headers, parsed);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    request,
    get: <T = AnyJson>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T = AnyJson>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
    put: <T = AnyJson>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
    del: <T = AnyJson>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

let counter = 0;
/** A unique email for a test account. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${Date.now()}-${++counter}@example.com`;

export const DEMO_ADMIN = { email: 'admin@skillshelf.dev', password: 'skillshelf-admin' };
