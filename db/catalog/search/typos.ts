/** Near-miss matching for the search fallback: 'javscript' → 'javascript'. Pure functions, no IO. */

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, prevPrev[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** How many edits a word of this length may be off by. */
export const allowedEdits = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);

export interface VocabularyTerm {
  term: string;
  /** Number of documents holding the term. */
  doc: number;
}

/** Up to `limit` indexed terms closest to `word`: fewest edits first, then the most common. */
export function closestTerms(word: string, vocabulary: readonly VocabularyTerm[], limit = 3): string[] {
  const max = allowedEdits(word.length);
  if (max === 0) return [];
  const found: Array<VocabularyTerm & { distance: number }> = [];
  for (const entry of vocabulary) {
    if (entry.term === word || Math.abs(entry.term.length - word.length) > max) continue;
    const distance = editDistance(word, entry.term, max);
    if (distance <= max) found.push({ ...entry, distance });
  }
  return found
    .sort((a, b) => a.distance - b.distance || b.doc - a.doc)
    .slice(0, limit)
    .map((f) => f.term);
}
