/**
 * What text a user may store: every text field passes through cleanText before its length and "required"
 * checks, so a value made only of characters nobody can see is empty, and required fields refuse it.
 * Imports nothing (the browser forms and the search page use it too).
 *
 * Why it matters beyond looks: SQLite stores every byte of a TEXT value, but its text functions (length())
 * and the libSQL driver stop at the first NUL: '\u0000Invisible' passed `.trim().min(1)` (a NUL is not
 * whitespace) and then read back as ''.
 */

/** C0 controls except tab, LF and CR (handled by line mode), DEL, and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point: they are refused as invisible text
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Format characters that draw nothing, or reorder what is drawn: the Arabic letter mark, zero-width space,
 * left-to-right / right-to-left marks, bidi embeddings, overrides and isolates, the word joiner and
 * invisible operators, the byte-order mark; and the Hangul fillers, letters that draw as blanks.
 */
const INVISIBLE = /[\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]/g;

/**
 * Zero-width non-joiner and joiner, unless they join two visible non-ASCII characters, as in emoji
 * sequences (👩‍💻) and in Persian and Indic words, where they are spelling. Between ASCII letters they
 * only disguise a name ('ad\u200Dmin').
 */
const STRAY_JOINERS =
  /(?<![^\p{ASCII}\p{White_Space}\p{C}])[\u200C\u200D]|[\u200C\u200D](?![^\p{ASCII}\p{White_Space}\p{C}])/gu;

/** Half of a surrogate pair without its other half: not a character at all. */
const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;

const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;
const TABS_AND_BREAKS = /[\t\n\r\u2028\u2029]+/g;

export interface CleanTextOptions {
  /** Keep tabs and line breaks (as \n): descriptions and review comments. Otherwise each run becomes a space. */
  multiline?: boolean;
}

/** The text with invisible and control characters removed, line breaks as the field allows, trimmed. */
export function cleanText(value: string, { multiline = false }: CleanTextOptions = {}): string {
  const lines = multiline ? value.replace(LINE_BREAKS, '\n') : value.replace(TABS_AND_BREAKS, ' ');
  return lines
    .replace(LONE_SURROGATES, '')
    .replace(CONTROLS, '')
    .replace(INVISIBLE, '')
    .replace(STRAY_JOINERS, '')
    .trim();
}

/** A count with its word: "1 review", "3 reviews", "1,204 contents" (in English, as the product speaks). */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
