/**
 * Where the words typed in the top bar's search box stand in what it suggests (docs/product.md#audience-and-page-frame):
 * Best Match chooses which names to offer (suggestions.ts); this marks where the typed words start each name's
 * words, and a tag's label.
 */

/** Words: runs of letters and digits, in any script. */
const WORD = /[\p{L}\p{N}]+/gu;

export interface Word {
  /** Lowercased. */
  text: string;
  /** Where it starts in the original text (UTF-16 offsets). */
  start: number;
  /** Its length in the original text. */
  length: number;
}

/** The words of a text, lowercased, with where each stands in it. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD))
    words.push({ text: match[0].toLowerCase(), start: match.index, length: match[0].length });
  return words;
}

/**
 * Where each query word starts a word of the text, as [start, end) offsets in the text, in order and merged;
 * undefined when a query word starts none (the text does not match).
 */
export function markMatches(
  text: string | readonly Word[],
  query: readonly string[],
): Array<[number, number]> | undefined {
  const words = typeof text === 'string' ? wordsOf(text) : text;
  const marks: Array<[number, number]> = [];
  for (const q of query) {
    const word = words.find((w) => w.text.startsWith(q));
    if (!word) return undefined;
    // Lowercasing keeps the length of nearly every word; where it does not, the whole word is marked.
    const length = word.text.length === word.length ? q.length : word.length;
    marks.push([word.start, word.start + length]);
  }
  marks.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const mark of marks) {
    const last = merged.at(-1);
    if (last && mark[0] <= last[1]) last[1] = Math.max(last[1], mark[1]);
    else merged.push([...mark]);
  }
  return merged;
}

/** Where the query words that start a word of the text stand in it, merged: those that start none are skipped. */
export function markWords(text: readonly Word[], query: readonly string[]): Array<[number, number]> {
  return query
    .flatMap((q) => markMatches(text, [q]) ?? [])
    .reduce<Array<[number, number]>>((merged, mark) => {
      const at = merged.findIndex((other) => mark[0] <= other[1] && other[0] <= mark[1]);
      if (at === -1) merged.push([...mark]);
      else merged[at] = [Math.min(merged[at]![0], mark[0]), Math.max(merged[at]![1], mark[1])];
      return merged;
    }, [])
    .sort((a, b) => a[0] - b[0]);
}

/** The words of a query as matched: lowercased, at most 8, the text cut at `max` characters first. */
export function queryWords(text: string, max = 100): string[] {
  return wordsOf(text.slice(0, max))
    .map((w) => w.text)
    .slice(0, 8);
}
