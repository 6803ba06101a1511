/** What commands print on stdout: plain text for people, `--json` for scripts. Prompts and errors use stderr. */

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLine(text = ''): void {
  process.stdout.write(`${text}\n`);
}
