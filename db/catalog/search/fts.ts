/**
 * Turning what a user types into a safe FTS5 query. User text never reaches MATCH unquoted: it is cut into
 * words, each word becomes a quoted string, and the last one a prefix query, so quotes, AND/OR/NOT, '*',
 * '-', parentheses or emoji are plain text.
 *
 * A word is letters and digits with any '+' and '#' it carries — the index tokenizes the same way
 * (migration 0011: tokenchars '+#') — so 'c++', 'c#' and 'f#' are words of their own rather than 'c' or
 * 'f', which would match nearly everything as a prefix.
 */
export const MAX_TERMS = 12;

const WORD = /[\p{L}\p{N}+#]*[\p{L}\p{N}][\p{L}\p{N}+#]*/gu;

export function searchWords(input: string): string[] {
  const words = input.toLowerCase().normalize('NFKC').match(WORD) ?? [];
  return words.slice(0, MAX_TERMS).map((w) => w.slice(0, 64));
}

/**
 * Whether the last word is still being typed, and so matched as a prefix: not when the input ends in a
 * symbol ('c++', 'c#') or the word follows a dot ('.net', 'node.js'), where it names a thing exactly.
 */
export function lastWordIsPrefix(input: string): boolean {
  const text = input.normalize('NFKC').trimEnd();
  return /[\p{L}\p{N}]$/u.test(text) && !/\.[\p{L}\p{N}]+$/u.test(text);
}

/**
 * All words must match (an explicit AND: FTS5 refuses an implicit one after a parenthesised group); the
 * last one a prefix unless `prefixLast` is false, since people search as they type.
 */
export function ftsQuery(words: string[], alternatives: Map<string, string[]> = new Map(), prefixLast = true): string {
  return words
    .map((word, i) => {
      const options = [word, ...(alternatives.get(word) ?? [])];
      const prefix = prefixLast && i === words.length - 1 && !alternatives.has(word) ? '*' : '';
      const quoted = options.map((o) => `"${o.replaceAll('"', '""')}"${prefix}`);
      return quoted.length > 1 ? `(${quoted.join(' OR ')})` : quoted[0];
    })
    .join(' AND ');
}
