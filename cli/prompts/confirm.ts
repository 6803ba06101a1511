import { UsageError } from '../errors.ts';
import { visible } from '../terminal-text.ts';
import { ask, context } from './ask.ts';

/**
 * A yes/no before a change: `--yes` answers it; in a terminal it is asked (default no); without a terminal
 * (a script, cron) nothing can answer, so it is a usage error rather than a silent yes. The question may
 * quote a name from the database: shown with its control characters escaped.
 */
export async function confirmChange(message: string, options: { yes?: boolean | undefined }): Promise<boolean> {
  if (options.yes) return true;
  if (!process.stdin.isTTY)
    throw new UsageError("this changes data: pass '--yes' to confirm (not asked: stdin is not a terminal)");
  return ask(({ confirm }) => confirm({ message: visible(message), default: false }, context));
}
