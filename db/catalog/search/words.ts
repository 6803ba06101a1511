/**
 * The words of a text as Best Match indexes and queries them (decision 040): one tokenizer for the index and
 * the query, so a word typed is the word indexed. Pure functions, no IO.
 *
 * - Lowercased, compatibility-normalised, diacritics removed ('Café' → 'cafe').
 * - A word is letters and digits with the '+' and '#' it carries ('c++', 'c#'), so a symbol is a word of its
 *   own, not 'c'.
 * - A dotted name is a word too, beside its parts: '.NET' → '.net' and 'net'; 'Node.js' → 'node.js', 'node',
 *   'js'. The whole name matches exactly, a part matches as any word does.
 */
import { stemmer } from 'stemmer';

/** Letters and digits with their '+' and '#' (as the full-text index's tokenchars: migration 0011). */
const WORD = /[\p{L}\p{N}+#]*[\p{L}\p{N}][\p{L}\p{N}+#]*/gu;
/** A run of word characters and dots: a dotted name when a dot sits inside it or leads it ('.net'). */
const RUN = /[\p{L}\p{N}+#.]+/gu;

/** The longest word kept: a 64-character run is no word anyone searches for. */
const WORD_MAX = 64;

/** Lowercased, compatibility-normalised, without diacritics; ASCII text (most of it) only lowercased. */
export const normalise = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, controls included, needs no normalising
  /^[\u0000-\u007f]*$/.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .normalize('NFKC')
        .toLowerCase();

/** The dotted name a run holds, if any: its trailing dots (a full stop) and all but one leading dot dropped. */
function dottedName(run: string): string | undefined {
  const name = run.replace(/\.+$/, '').replace(/^\.{2,}/, '');
  return /\./.test(name) && /\p{L}/u.test(name) && /[\p{L}\p{N}]$/u.test(name) ? name.slice(0, WORD_MAX) : undefined;
}

/** A text's words, in order, each dotted name followed by its parts. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const [run] of normalise(text).matchAll(RUN)) {
    const dotted = dottedName(run);
    if (dotted) words.push(dotted);
    for (const [word] of run.matchAll(WORD)) words.push(word.slice(0, WORD_MAX));
  }
  return words;
}

/**
 * Words too common to tell resources apart: they are not words to match, though they still help rank a phrase
 * ('automate the boring stuff'). English function words, and the verbs of asking for learning that every
 * query of a learning directory could carry.
 */
export const STOPWORDS = new Set(
  (
    'a an and are as at be by can do does for from get getting how i in into is it its me my of on or so ' +
    'that the their then there these this to use using want what when where which who why will with you your ' +
    'learn learner learners start started starting teach taught need needs make way ways best good'
  ).split(' '),
);

/**
 * Words that name a kind, a level, a cost or a certificate rather than a topic: they rank what they name
 * higher (decision 040), but a resource lacking them is not missing a word of the query.
 */
export const FACET_ONLY_WORDS = new Set(
  (
    'free paid cheap beginner beginners novice newbie newbies intermediate advanced expert basics basic intro introduction introductory ' +
    'course courses class classes mooc moocs tutorial tutorials guide guides book books ebook ebooks video videos lecture lectures ' +
    'podcast podcasts certificate certificates certification certifications certified online interactive'
  ).split(' '),
);

const stems = new Map<string, string>();

/** A word's stem (Porter's): 'networks' and 'networking' → 'network'. Symbols and dotted names are their own. */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = /^[a-z]+$/.test(word) && word.length > 3 ? stemmer(word) : word;
    if (stems.size > 100_000) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}
