/** The domain's failures. site/lib/server/http.ts maps the code to an HTTP status; the CLI to one stderr line. */
export type ErrorCode = 'VALIDATION' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED' | 'TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BUSY';

/** Marks an AppError whichever copy of this module made it (the server and Astro's bundle each load db/). */
const APP_ERROR = Symbol.for('skillshelf.AppError');

export class AppError extends Error {
  readonly [APP_ERROR] = true;
  readonly code: ErrorCode;
  /** Seconds until a rate-limited (or turned-away busy) caller may retry. */
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, options?: { retryAfter?: number }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfter = options?.retryAfter;
  }
}

export const invalid = (message: string) => new AppError('VALIDATION', message);
export const unauthenticated = (message = 'Not authorized, please sign in') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export function isAppError(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && APP_ERROR in error;
}
