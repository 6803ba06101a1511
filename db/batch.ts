/**
 * Helpers for writes as one batch (decision 004). A batch runs in one write transaction, so a condition
 * checked by its first statement still holds for the rest — and a failed statement undoes all of them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The constraint that refuses a guard whose condition does not hold (migration 0019). */
const GUARD_CONSTRAINT = 'batch_guard_condition_holds';

/**
 * The first statement of a batch that must write nothing unless `condition` holds: it writes the condition
 * into the batch_guard row, whose CHECK refuses a false one. The batch then stops there and is rolled back,
 * and isGuardFailure recognises the error.
 */
export function guard(db: Db, condition: SQL) {
  return db.run(
    sql`INSERT INTO batch_guard (id, held) VALUES (1, CASE WHEN ${condition} THEN 1 ELSE 0 END) ON CONFLICT (id) DO UPDATE SET held = excluded.held`,
  );
}

export function isGuardFailure(error: unknown): boolean {
  return errorText(error).includes(`CHECK constraint failed: ${GUARD_CONSTRAINT}`);
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
