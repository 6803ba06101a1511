/**
 * The browser's REST client (docs/product.md#who-may-do-what, #the-rest-api, #messages), typed from the contract: `call('rejectSubmission',
 * { params: { id }, body })` finds the operation's method and route in the generated table
 * (api-routes.ts: names, methods and routes only, no schema), encodes the route's parameters, and answers the
 * operation's answer type, inferred from its shape. JSON bodies, the session's bearer token when the browser
 * has one (the HttpOnly cookie covers pages without it), no timeout. A failure throws an ApiError whose
 * message is the server's `message` when it sent one, else the error's own.
 */
import type { AnswerOf, OperationId } from '#db/contract/operations.ts';
import { userInfo } from '#site/stores/session.ts';
import { ROUTES } from './api-routes.ts';
import { pathOf, type CallArguments } from './api-paths.ts';

export { pathOf };

export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** The server's error code (VALIDATION, CONFLICT, …) when it sent one. */
  readonly code: string | undefined;
  /** A validation failure's problems by field path, when the server named them. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(message: string, status: number, code?: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The `fields` of an error answer, keeping only text values (a foreign server may send anything). */
function fieldsOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A request's headers: what it accepts, the session's bearer token when the browser has one, its body's type. */
export function headersFor(accept: string, contentType?: string): Record<string, string> {
  const headers: Record<string, string> = { accept };
  const token = userInfo.get()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (contentType) headers['content-type'] = contentType;
  return headers;
}

/** The error an answer of `status` says, from its body (an error answer, or a streamed `{error}` line). */
export function failure(status: number, data: unknown, statusText = ''): ApiError {
  const reply =
    data && typeof data === 'object' ? (data as { message?: unknown; code?: unknown; fields?: unknown }) : {};
  const message =
    typeof reply.message === 'string' && reply.message
      ? reply.message
      : status >= 500
        ? `Skillshelf could not do that just now (error ${status}): try again in a moment.`
        : statusText || `Request failed with status ${status}`;
  return new ApiError(message, status, typeof reply.code === 'string' ? reply.code : undefined, fieldsOf(reply.fields));
}

/** An answer's JSON; its text when it is not JSON (a proxy's error page), for the error to say. */
export function readJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  const sentAt = performance.now();
  try {
    response = await fetch(path, {
      method,
      headers: headersFor('application/json', body === undefined ? undefined : 'application/json'),
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    connection('lost', sentAt);
    throw new ApiError(UNREACHABLE, 0);
  }
  connection('ok', sentAt);

  const data = readJson(await response.text());
  if (!response.ok) throw failure(response.status, data, response.statusText);
  return data as T;
}

/** Calls an operation of the REST API by its name, and answers what it answers. */
export function call<Id extends OperationId>(id: Id, ...args: CallArguments<Id>): Promise<AnswerOf<Id>> {
  return api<AnswerOf<Id>>(ROUTES[id][0], pathOf(id, ...args), args[0]?.body);
}

/** What a request that got no answer says: what happened, and what to do. */
export const UNREACHABLE = 'Skillshelf could not be reached: check your connection, then try again.';

/** When a request last got no answer (performance.now()). */
let lostAt = Number.NEGATIVE_INFINITY;

/**
 * Tells the page whether a request sent at `sentAt` (performance.now()) reached the server (the connection
 * banner listens: site/ui/ConnectionBanner.astro). An answer to a request sent before the connection was last
 * found lost says nothing of it now: it was on its way already.
 */
export function connection(state: 'lost' | 'ok', sentAt: number): void {
  if (state === 'lost') lostAt = performance.now();
  else if (sentAt < lostAt) return;
  if (typeof dispatchEvent === 'function') dispatchEvent(new CustomEvent(CONNECTION_EVENT, { detail: state }));
}
export const CONNECTION_EVENT = 'skillshelf:connection';

/** docs/product.md#messages: the text to show for any failure; a browser's own words for a lost request are replaced by ours. */
export function errorMessage(error: unknown): string {
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return UNREACHABLE;
  return error instanceof Error ? error.message : String(error);
}

/** Whether trying the same request again may work: no answer, a failure of ours, or too many requests. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 429);
}
