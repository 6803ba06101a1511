/** What commands print on stdout: plain text for people, `--json` for scripts. Prompts and errors use stderr. */

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLine(text = ''): void {
  process.stdout.write(`${text}\n`);
}

/** A timestamp as UTC to the second: unambiguous whatever the reader's time zone. */
export function formatTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
}
