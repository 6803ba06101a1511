/**
 * Helpers for writes as one batch (decision 004). A batch runs in one write transaction, so a condition
 * checked by its first statement still holds for the rest — and a failed statement undoes all of them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

const GUARD_FAILED = 'malformed JSON';

/**
 * A statement that fails — and so rolls the whole batch back — unless `condition` holds. (SQLite has no
 * RAISE outside triggers; json() of a non-JSON string is the portable way to fail on purpose.)
 */
export function guard(db: Db, condition: SQL) {
  return db.run(sql`SELECT json(CASE WHEN ${condition} THEN '1' ELSE 'guard failed' END)`);
}

export function isGuardFailure(error: unknown): boolean {
  return errorText(error).includes(GUARD_FAILED);
}

/** The column of a UNIQUE constraint an error reports (e.g. 'contents.slug'), if it is one. */
export function uniqueViolation(error: unknown): string | undefined {
  return /UNIQUE constraint failed: ([\w.]+)/.exec(errorText(error))?.[1];
}

function errorText(error: unknown): string {
  let text = '';
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) text += ` ${String((e as Error).message ?? e)}`;
  return text;
}
