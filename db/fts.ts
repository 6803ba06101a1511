/**
 * Turning what a user types into a safe FTS5 query. User text never reaches MATCH unquoted: it is cut into
 * words (letters and digits), each word becomes a quoted string, and the last one a prefix query, so
 * quotes, AND/OR/NOT, '*', '-', parentheses or emoji are plain text.
 */
export const MAX_TERMS = 12;

export function searchWords(input: string): string[] {
  const words = input.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_TERMS).map((w) => w.slice(0, 64));
}

/** All words must match (an explicit AND: FTS5 refuses an implicit one after a parenthesised group); the last one a prefix, since people search as they type. */
export function ftsQuery(words: string[], alternatives: Map<string, string[]> = new Map()): string {
  return words
    .map((word, i) => {
      const options = [word, ...(alternatives.get(word) ?? [])];
      const prefix = i === words.length - 1 && !alternatives.has(word) ? '*' : '';
      const quoted = options.map((o) => `"${o.replaceAll('"', '""')}"${prefix}`);
      return quoted.length > 1 ? `(${quoted.join(' OR ')})` : quoted[0];
    })
    .join(' AND ');
}
