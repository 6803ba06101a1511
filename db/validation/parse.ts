import type { z } from 'zod';
import { invalid } from '../errors.ts';

/** A zod issue in words a form or terminal can show ('Email is required'; a bare type error names its field). */
function wordsOf(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  const generic = issue.code === 'invalid_type' && /expected/.test(issue.message);
  return generic && field ? `${field} is invalid: ${issue.message}` : issue.message;
}

/**
 * Validates input against a schema and throws a VALIDATION error: its message is the first problem, the one
 * line a REST client reads; its fields name every problem by path, the first per field, for a form to show
 * each beside its field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [first] = result.error.issues;
  if (!first) throw invalid('Invalid input');
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (path && !(path in fields)) fields[path] = wordsOf(issue);
  }
  throw invalid(wordsOf(first), Object.keys(fields).length > 0 ? fields : undefined);
}
