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

/** A body as sent: JSON, or a file as it is (with its own type). */
type Sent = { json: unknown } | { file: Blob; type: string } | undefined;

/** Sends a request with the session's token, telling the connection banner whether it got through. */
async function send(method: string, path: string, body: Sent, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  const token = userInfo.get()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'json' in body ? 'application/json' : body.type;
  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : 'json' in body ? JSON.stringify(body.json) : body.file,
      credentials: 'same-origin',
    });
    connection('ok');
    return response;
  } catch {
    connection('lost');
    throw new ApiError(UNREACHABLE, 0);
  }
}

function parsed(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The error an answer of `status` says, from its body (an error answer, or a streamed `{error}` line). */
function failure(status: number, data: unknown, statusText = ''): ApiError {
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

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body === undefined ? undefined : { json: body }, 'application/json');
  const data = parsed(await response.text());
  if (!response.ok) throw failure(response.status, data, response.statusText);
  return data as T;
}

/** Calls an operation of the REST API by its name, and answers what it answers. */
export function call<Id extends OperationId>(id: Id, ...args: CallArguments<Id>): Promise<AnswerOf<Id>> {
  return api<AnswerOf<Id>>(ROUTES[id][0], pathOf(id, ...args), args[0]?.body);
}

/** A step of a long operation, as its answer streams them. */
export interface ProgressStep {
  phase: string;
  done: number;
  total: number;
}

/** Reads a streamed answer's lines as they come: each step to `onProgress`, then its result (or its error, thrown). */
async function readSteps<T>(response: Response, onProgress: (step: ProgressStep) => void): Promise<T> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: { result: T } | { error: { status: number } } | undefined;
  // Read to the end (the last line closes the answer): an answer left unread is counted as cut off.
  for (let done = false; !done; ) {
    const read = await reader.read().catch(() => {
      throw new ApiError(UNREACHABLE, 0);
    });
    done = read.done;
    buffered += read.value ?? '';
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as ProgressStep | NonNullable<typeof last>;
      if ('result' in message || 'error' in message) last = message;
      else onProgress(message);
    }
  }
  if (!last) throw new ApiError('The answer ended before it was complete: please try again', 0);
  if ('error' in last) throw failure(last.error.status, last.error);
  return last.result;
}

/**
 * Calls an operation that streams its progress (its answer is also application/x-ndjson): each step goes to
 * `onProgress` as it comes, and the call answers the result, as `call` does. A change with nothing to follow
 * is answered at once, as a plain answer. `file` sends a file as the body instead of JSON.
 */
export async function callWithProgress<Id extends OperationId>(
  id: Id,
  onProgress: (step: ProgressStep) => void,
  ...args: CallArguments<Id> | [options: CallArguments<Id>[0] & { file: Blob; type: string }]
): Promise<AnswerOf<Id>> {
  const options = args[0] as { body?: unknown; file?: Blob; type?: string } | undefined;
  const body: Sent = options?.file
    ? { file: options.file, type: options.type ?? 'application/octet-stream' }
    : options?.body === undefined
      ? undefined
      : { json: options.body };
  const response = await send(
    ROUTES[id][0],
    pathOf(id, ...(args as CallArguments<Id>)),
    body,
    'application/x-ndjson, application/json',
  );
  if (!response.ok) throw failure(response.status, parsed(await response.text()), response.statusText);
  if (!/application\/x-ndjson/.test(response.headers.get('content-type') ?? ''))
    return parsed(await response.text()) as AnswerOf<Id>;
  return readSteps<AnswerOf<Id>>(response, onProgress);
}

/** What a request that got no answer says: what happened, and what to do. */
export const UNREACHABLE = 'Skillshelf could not be reached: check your connection, then try again.';

/**
 * Tells the page whether the last request reached the server (the connection banner listens:
 * site/ui/ConnectionBanner.astro).
 */
function connection(state: 'lost' | 'ok'): void {
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
