/**
 * How a failure leaves the CLI: 0 success, 1 a failed operation (AppError, database, configuration),
 * 2 a usage error (commander's own, or a value we would have to prompt for without a terminal),
 * 3 links newly broken (`links check`: for cron to alert on), 130 a prompt cancelled with Ctrl+C (the
 * shell's convention for SIGINT).
 */
import { CommanderError } from 'commander';
import { isSqliteBusy, withoutQueryValues } from '#db/errors.ts';
import { visible } from './terminal-text.ts';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_NEWLY_BROKEN = 3;
export const EXIT_CANCELLED = 130;

/** The command line asks for something it cannot do as written (exit 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The command ran but part of it failed (a refused row, an id not found): its output says which (exit 1). */
export class PartlyFailed extends Error {
  override readonly name = 'PartlyFailed';
}

/** The command ran, and found links that broke since the last run (exit 3). */
export class NewlyBroken extends Error {
  override readonly name = 'NewlyBroken';
}

/** The user left a prompt with Ctrl+C. */
export class PromptCancelled extends Error {
  override readonly name = 'PromptCancelled';
  constructor() {
    super('cancelled');
  }
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  if (error instanceof UsageError) return EXIT_USAGE;
  if (error instanceof PromptCancelled) return EXIT_CANCELLED;
  if (error instanceof NewlyBroken) return EXIT_NEWLY_BROKEN;
  return EXIT_FAILURE;
}

/** A write refused for a lock another process held past the busy timeout: the operator may simply run it again. */
export const DATABASE_BUSY =
  'the database is busy: another process held its lock past DATABASE_BUSY_TIMEOUT, and the write it refused changed nothing. Run the command again in a moment.';

/**
 * The one stderr line for a failure. Domain errors carry a message written for people; other errors (a
 * database that cannot be opened, a bad DATABASE_URL) are shown too, since the operator at the terminal
 * is the one who can fix them, with their causes: a failed query's own message names the SQL, its cause
 * says why (the server is unreachable, the file is locked). Folded so scripts can rely on one line, and
 * shown with its control characters escaped: messages quote what was given (a slug, a CSV cell, a name).
 */
export function describeError(error: unknown): string {
  // SQLite's own words name the SQL it refused, not what the operator can do about it.
  if (causeChain(error).some(isSqliteBusy)) return `error: ${DATABASE_BUSY}`;
  const [message, ...causes] = causeChain(error).map((e) => oneLine(e instanceof Error ? e.message : String(e)));
  return visible(
    `error: ${message || 'unknown error'}${causes.length > 0 ? ` (caused by: ${causes.join(': ')})` : ''}`,
  );
}

/** The stack and its causes, for --verbose: each message on one line, escaped, then its frames. */
export function traceOf(error: unknown): string {
  return causeChain(error).map(traceOfOne).join('\ncaused by: ');
}

function traceOfOne(error: unknown): string {
  if (!(error instanceof Error)) return visible(String(error));
  // A stack starts with the message, over as many lines as the message has, then one line per frame.
  const frames = (error.stack ?? '').split('\n').slice(error.message.split('\n').length);
  return [`${error.name}: ${error.message}`, ...frames].map(visible).join('\n');
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  // Bounded: a cause chain can loop.
  for (let e: unknown = error; e != null && chain.length < 5; e = (e as { cause?: unknown }).cause)
    chain.push(withoutQueryValues(e));
  return chain;
}

export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
