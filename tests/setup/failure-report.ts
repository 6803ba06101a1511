/**
 * What a failed test's parts (its server, its browser) were doing, beside the failure. The whole is printed
 * where the test fails; the last few lines also join the failure's message, which the run's summary repeats at
 * its end, the part of a CI log that is kept.
 */
import type { TestContext } from 'vitest';

/** How many lines of each part the run's summary repeats. */
const LINES_IN_SUMMARY = 20;

export function reportBesideFailure(
  task: TestContext['task'],
  heading: string,
  lines: string[],
  { briefly = (line: string) => line }: { briefly?: (line: string) => string } = {},
): void {
  console.error(`${heading}, during "${task.name}":\n${lines.length > 0 ? lines.join('\n') : '(nothing)'}`);
  const error = task.result?.errors?.[0];
  if (!error) return;
  const last = lines.slice(-LINES_IN_SUMMARY).map((line) => `  ${briefly(line).slice(0, 200)}`);
  error.message = `${error.message}\n${heading} (last ${last.length} lines):\n${last.join('\n')}`;
}
