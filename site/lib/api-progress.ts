/**
 * Calls of the REST API that stream their progress (decision 060): apart from the REST client (api.ts), so that
 * only the screens that follow a long operation (the Tags screen, the bookmark import) load it.
 */
import type { AnswerOf, OperationId } from '#db/contract/operations.ts';
import { ApiError, connection, failure, headersFor, readJson, UNREACHABLE } from './api.ts';
import { pathOf, type CallArguments } from './api-paths.ts';
import { ROUTES } from './api-routes.ts';

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
  const json = options?.body === undefined ? undefined : JSON.stringify(options.body);
  let response: Response;
  const sentAt = performance.now();
  try {
    response = await fetch(pathOf(id, ...(args as CallArguments<Id>)), {
      method: ROUTES[id][0],
      headers: headersFor(
        'application/x-ndjson, application/json',
        options?.file ? (options.type ?? 'application/octet-stream') : json && 'application/json',
      ),
      body: options?.file ?? json,
      credentials: 'same-origin',
    });
  } catch {
    connection('lost', sentAt);
    throw new ApiError(UNREACHABLE, 0);
  }
  connection('ok', sentAt);
  if (!response.ok || !/application\/x-ndjson/.test(response.headers.get('content-type') ?? '')) {
    const data = readJson(await response.text());
    if (!response.ok) throw failure(response.status, data, response.statusText);
    return data as AnswerOf<Id>;
  }
  return readSteps<AnswerOf<Id>>(response, onProgress);
}
