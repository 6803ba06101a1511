import { UsageError } from '../errors.ts';

/**
 * Prompts need a terminal. Without one (a pipe, CI, cron) a prompt would wait forever or read whatever
 * is piped in, so a value that would have been asked for is a usage error naming the option to pass.
 */
export function assertCanAsk(missingOptions: string[]): void {
  if (missingOptions.length === 0 || process.stdin.isTTY) return;
  const s = missingOptions.length > 1 ? 's' : '';
  const names = missingOptions.map((o) => `'${o}'`).join(', ');
  throw new UsageError(`missing required option${s} ${names} (not asked for: stdin is not a terminal)`);
}
