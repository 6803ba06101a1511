/**
 * Text from the database (names, descriptions, emails, mail, audit details) as it may reach a terminal.
 * A terminal obeys the control characters in what it is given: ESC and C1 sequences can hide or erase
 * text, move the cursor to fake output, set the clipboard (OSC 52); bidi overrides and zero-width
 * characters make one string read as another. So every character that is not text for a reader — the
 * Unicode categories Cc (C0, DEL, C1), Cf (format: bidi controls, zero-width characters, …) and the line
 * and paragraph separators — is shown as an escape instead: `\x1b`, `\u202e`, `\n`.
 *
 * A backslash is left as it is: escaping it would double every backslash people type, and `visible` is
 * about what the terminal does, not about telling a typed "\x1b" from an ESC; `--json` gives exact text.
 */

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const INVISIBLE_IN_JSON = /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text on one line, with every control or format character shown as an escape. */
export function visible(text: string): string {
  return text.replace(INVISIBLE, (char) => SHORT[char] ?? escapeOf(char.codePointAt(0)!));
}

/** Several lines (a stack trace, a CSV dump): the line breaks kept, everything else as `visible`. */
export function visibleLines(text: string): string {
  return text.split('\n').map(visible).join('\n');
}

/**
 * JSON (as JSON.stringify writes it) safe on a terminal and still the same JSON: JSON.stringify escapes
 * C0 inside strings but leaves DEL, C1 and format characters raw; here they become \u escapes, which parse
 * back to the same characters. A raw line break can only be the layout's, and stays.
 */
export function visibleJson(json: string): string {
  // Per UTF-16 unit: an astral format character (a tag character) is written as its surrogate pair.
  return json.replace(INVISIBLE_IN_JSON, (char) =>
    char
      .split('')
      .map((unit) => `\\u${hex(unit.charCodeAt(0), 4)}`)
      .join(''),
  );
}

/** At most `width` characters, an ellipsis marking a cut. */
export function truncate(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

function escapeOf(code: number): string {
  if (code <= 0xff) return `\\x${hex(code, 2)}`;
  return code <= 0xffff ? `\\u${hex(code, 4)}` : `\\u{${code.toString(16)}}`;
}

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');
