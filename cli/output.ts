/**
 * What commands print on stdout: plain text for people, `--json` for scripts. Prompts and errors use stderr.
 * Both print functions make database text safe for a terminal (cli/terminal-text.ts), so no command can
 * forget to.
 */
import { visible, visibleJson } from './terminal-text.ts';

/** Exact JSON, with control and format characters as \u escapes. */
export function printJson(value: unknown): void {
  process.stdout.write(`${visibleJson(JSON.stringify(value, null, 2))}\n`);
}

/** One line: any control character in `text` (a line break too) is shown escaped. */
export function printLine(text = ''): void {
  process.stdout.write(`${visible(text)}\n`);
}

/** A line about a long job's progress, on stderr: stdout keeps the command's result for scripts. */
export function printProgress(text: string): void {
  process.stderr.write(`${visible(text)}\n`);
}

/** A timestamp as UTC to the second: unambiguous whatever the reader's time zone. */
export function formatTime(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' UTC');
}
