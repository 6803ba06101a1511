import type { z } from 'zod';
import { invalid } from '../errors.ts';

/**
 * Validates input against a schema and throws a VALIDATION error whose message names the first problem
 * (e.g. 'Email is required'), the one line a form or terminal can show.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw invalid('Invalid input');
  const field = issue.path.join('.');
  const generic = issue.code === 'invalid_type' && /expected/.test(issue.message);
  throw invalid(generic && field ? `${field} is invalid: ${issue.message}` : issue.message);
}
