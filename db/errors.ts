/**
 * Every code an error answer may carry: the domain's failures (ErrorCode: site/lib/server/http.ts maps each to an
 * HTTP status, the CLI to one stderr line), then the web's own: a method the address does not take, a failure of ours.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'TOO_LARGE',
  'BUSY',
  'METHOD_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
] as const;
export type ErrorCode = Exclude<(typeof ERROR_CODES)[number], 'METHOD_NOT_ALLOWED' | 'INTERNAL'>;

/** Marks an AppError whichever copy of this module made it (the server and Astro's bundle each load db/). */
const APP_ERROR = Symbol.for('skillshelf.AppError');

export class AppError extends Error {
  readonly [APP_ERROR] = true;
  readonly code: ErrorCode;
  /** Seconds until a rate-limited (or turned-away busy) caller may retry. */
  readonly retryAfter: number | undefined;
  /** A validation failure's every problem, by the path of the field it is about ('tags.0.label'). */
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(code: ErrorCode, message: string, options?: { retryAfter?: number; fields?: Record<string, string> }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfter = options?.retryAfter;
    this.fields = options?.fields;
  }
}

/** A validation failure: `message` is the first problem; `fields`, when known, names each by its field's path. */
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields ? { fields } : undefined);
/** A validation failure about one field. */
export const invalidField = (path: string, message: string) => invalid(message, { [path]: message });
export const unauthenticated = (message = 'Not authorized, please sign in') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * A write that waited out the database's busy timeout (DATABASE_BUSY_TIMEOUT) for the lock another writer held
 * (SQLite's SQLITE_BUSY): it changed nothing, so the caller may simply try again.
 */
export const databaseBusy = () =>
  new AppError('BUSY', 'The database is busy: nothing was changed. Please try again in a moment.', { retryAfter: 1 });

/** Whether `error` is SQLite's refusal for a lock held past the busy timeout (`SQLITE_BUSY`, or an extended code of it). */
export const isSqliteBusy = (error: unknown): boolean =>
  /^SQLITE_BUSY/.test(String((error as { code?: unknown } | null)?.code ?? ''));

export function isAppError(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && APP_ERROR in error;
}

const QUERY_VALUES = /\nparams: [\s\S]*$/;

/**
 * `error` fit to print or log: a failed query (drizzle's "Failed query: … params: …") without its values, which
 * hold what people typed and what is kept secret (a password's hash, an address, a token); its SQL, cause and
 * stack kept. Any other error is itself.
 */
export function withoutQueryValues(error: unknown): unknown {
  if (!(error instanceof Error) || !error.message.startsWith('Failed query: ') || !QUERY_VALUES.test(error.message))
    return error;
  const shown = new Error(error.message.replace(QUERY_VALUES, ''), { cause: error.cause });
  shown.name = error.name;
  // A stack starts with the message, then one line per frame: the same frames, after the message without values.
  shown.stack = `${shown.name}: ${shown.message}${(error.stack ?? '').slice(`${error.name}: ${error.message}`.length)}`;
  return shown;
}
