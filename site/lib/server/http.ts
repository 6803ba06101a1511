/** Web glue for endpoints: read a JSON body safely, reply with JSON, map domain errors to HTTP. */
import { AppError, databaseBusy, isAppError, isSqliteBusy, type ErrorCode } from '#db/errors.ts';
import { logError } from '#site/server/log.ts';
import { multipartField } from './multipart.ts';
import { etagMatches, etagOf, notModifiedHeaders, validatorHeaders } from '#site/server/validators.ts';

export const JSON_BODY_LIMIT = 100 * 1024;

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  BUSY: 503,
};

export function json(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  const body = JSON.stringify(data);
  return new Response(body, {
    status,
    // The length lets the compression skip a small answer (most are), which it must otherwise compress blind.
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    },
  });
}

/** A JSON file to download (a data export): indented for people to read, never stored by any cache. */
export function jsonAttachment(data: unknown, filename: string): Response {
  const body = `${JSON.stringify(data, null, 2)}\n`;
  return new Response(body, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
}

/**
 * The AppError behind `error`: itself, or the cause drizzle wrapped (a DatabaseUnavailable from the client); a
 * database that stayed locked past its busy timeout is said as one (databaseBusy: a 503, never a 500).
 */
export function appErrorIn(error: unknown): AppError | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isAppError(e)) return e;
    if (isSqliteBusy(e)) return databaseBusy();
  }
  return undefined;
}

export function errorToResponse(thrown: unknown): Response {
  const error = appErrorIn(thrown) ?? thrown;
  if (isAppError(error)) {
    const headers: Record<string, string> = error.retryAfter ? { 'retry-after': String(error.retryAfter) } : {};
    return json(
      { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) },
      STATUS[error.code],
      headers,
    );
  }
  // A client that hangs up mid-body is not our fault, and must not let anyone fill the error log at will.
  if (isClientAbort(error))
    return json({ message: 'The request body was cut off before it ended', code: 'VALIDATION' }, 400);
  logError(error);
  return json({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }, 500);
}

/** The request stream ended because the client went away (Node's "aborted", ECONNRESET), at any depth of causes. */
function isClientAbort(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === 'ECONNRESET' || e.code === 'ERR_STREAM_PREMATURE_CLOSE' || (e.message === 'aborted' && 'code' in e))
      return true;
  }
  return false;
}

/**
 * Reads a JSON object body: the content type must be JSON, the body at most JSON_BODY_LIMIT bytes, the
 * text valid UTF-8 and valid JSON. Anything else is a clear 4xx, never a crash.
 */
/** The media types a JSON body may be sent as: application/json and its +json kin. */
export const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
export const NOT_JSON = 'Request body must be JSON (Content-Type: application/json)';

export async function readJson(request: Request, { allowEmpty = false } = {}): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > JSON_BODY_LIMIT) throw new AppError('TOO_LARGE', 'Request body is too large (at most 100 KB)');
  const bytes = await readLimited(request, JSON_BODY_LIMIT);
  if (bytes.byteLength === 0) {
    if (allowEmpty) return {};
    throw new AppError('VALIDATION', 'Request body is required');
  }
  if (!JSON_TYPE.test(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_JSON);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('VALIDATION', 'Request body is not valid UTF-8');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION', 'Request body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError('VALIDATION', 'Request body must be a JSON object');
  return body;
}

const READ_TURN_BYTES = 1024 * 1024;

async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  // Written straight into one buffer of the announced length (a large upload is then held once, not twice);
  // grown when a body has no length or runs past it.
  const announced = Number(request.headers.get('content-length'));
  let out = new Uint8Array(
    Number.isSafeInteger(announced) && announced > 0 && announced <= limit ? announced : 64 * 1024,
  );
  let size = 0;
  let sinceTurn = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      await reader.cancel();
      throw new AppError('TOO_LARGE', `Request body is too large (at most ${Math.round(limit / 1024)} KB)`);
    }
    if (size + value.byteLength > out.byteLength) {
      const grown = new Uint8Array(Math.min(limit, Math.max(out.byteLength * 2, size + value.byteLength)));
      grown.set(out.subarray(0, size));
      out = grown;
    }
    out.set(value, size);
    size += value.byteLength;
    sinceTurn += value.byteLength;
    // A body already received reads without giving the event loop back: a turn for others every megabyte.
    if (sinceTurn > READ_TURN_BYTES) {
      sinceTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return size === out.byteLength ? out : out.slice(0, size);
}

export function notModified(request: Request, etag: string): boolean {
  return etagMatches(request.headers.get('if-none-match'), etag);
}

/**
 * A JSON reply that the same client may revalidate: an ETag from the body's hash, and 304 when the client
 * already holds it. For public, user-independent data only.
 */
export function revalidatableJson(request: Request, data: unknown): Response {
  const body = JSON.stringify(data);
  const etag = etagOf(body);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'public, max-age=0, must-revalidate',
    etag,
  };
  if (notModified(request, etag))
    return new Response(null, { status: 304, headers: notModifiedHeaders(Object.entries(headers)) });
  return new Response(body, { status: 200, headers });
}

/** The same for a rendered response (a page): buffered, hashed, and 304 when the client holds it. */
export async function revalidatable(request: Request, response: Response): Promise<Response> {
  // The page cache has set the validators already.
  if (response.headers.has('etag')) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const etag = etagOf(body);
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(validatorHeaders(etag))) headers.set(name, value);
  if (notModified(request, etag)) return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  return new Response(body, { status: response.status, headers });
}

/**
 * The bytes of one file field of a multipart body, reading at most `limit` bytes (413 beyond): the body
 * is cut off while streaming, never buffered whole first.
 */
export async function readMultipartFile(
  request: Request,
  field: string,
  limit: number,
): Promise<Uint8Array | undefined> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data'))
    throw new AppError('VALIDATION', "Send the image as multipart/form-data in the field 'file'");
  const overhead = 64 * 1024;
  if (Number(request.headers.get('content-length') ?? '0') > limit + overhead)
    throw new AppError('TOO_LARGE', 'Images must be at most 5 MB');
  const body = await readLimited(request, limit + overhead);
  const file = multipartField(body, type, field);
  if (!file?.isFile) return undefined;
  if (file.bytes.byteLength > limit) throw new AppError('TOO_LARGE', 'Images must be at most 5 MB');
  return file.bytes;
}

/**
 * A file sent either as the whole body (any type but multipart) or as the field `field` of a multipart
 * form, at most `limit` bytes (413 with `tooLarge` beyond, cut off while streaming).
 */
export async function readFileBody(
  request: Request,
  field: string,
  limit: number,
  tooLarge: string,
): Promise<Uint8Array> {
  const type = request.headers.get('content-type') ?? '';
  const overhead = type.startsWith('multipart/form-data') ? 64 * 1024 : 0;
  if (Number(request.headers.get('content-length') ?? '0') > limit + overhead)
    throw new AppError('TOO_LARGE', tooLarge);
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readLimited(request, limit + overhead);
  } catch (error) {
    throw isAppError(error) && error.code === 'TOO_LARGE' ? new AppError('TOO_LARGE', tooLarge) : error;
  }
  if (!overhead) return body;
  const file = multipartField(body, type, field);
  if (!file?.isFile) throw new AppError('VALIDATION', `Send the file in the field '${field}'`);
  if (file.bytes.byteLength > limit) throw new AppError('TOO_LARGE', tooLarge);
  return file.bytes;
}
