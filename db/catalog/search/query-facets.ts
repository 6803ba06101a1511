/**
 * The words of a search that name a filter: "free python course for beginners" names cost Free, the
 * technology Python, the type Online Courses and the level Beginner. The ranking counts them as a boost,
 * and the search page offers each as a one-tap filter (SearchResult's `suggestedFilters`).
 *
 * An option is named by its label's words, consecutive and in any case ("machine learning", "node.js",
 * "c++"), singular or plural ("courses"), run together or apart ("nodejs", "java script"); or by a word
 * people type for it (SYNONYMS: "videos" → the video type, "intro" → Beginner). The options are the
 * registry's (db/catalog/facets.ts): the active tags of each kind, each choice, a flag's two sides.
 */
import { FACETS, type Facet, type FacetKey } from '../facets.ts';
import type { Tag, TagKind } from '../taxonomy.ts';
import type { SearchParams } from '../validation/search.ts';
import type { FacetCounts } from './facet-types.ts';

/** The active tags of each kind, as listTags answers them. */
export type ActiveTags = Readonly<Record<TagKind, readonly Tag[]>>;

/** A filter option a query names, with the query's words (lowercased, as typed) that named it. */
export interface NamedFacet {
  key: FacetKey;
  value: string;
  label: string;
  words: string[];
}

/** A filter the search page offers as a chip: an option the words name that the search does not filter on yet. */
export type SuggestedFilter = Omit<NamedFacet, 'words'>;

/** At most this many options per query: past it the chips would crowd the results. */
const MAX_NAMED = 5;

/**
 * Words people type for an option, beside its label, singular (plurals fold onto them; 'newbies' and 'quizzes'
 * are listed, the folding misses them). `to` names the option: a choice's or flag's value, or, for tags, a tag
 * by its label or a word of it, the first that exists (tags are rows, so a target may be missing: its words
 * then name nothing). A label always wins over these ("mooc" names a MOOC tag if there is one, else the course
 * type). Left out: words that mean something else in a search ("class" is also Python's).
 */
const SYNONYMS: ReadonlyArray<{ key: FacetKey; words: readonly string[]; to: readonly string[] }> = [
  { key: 'type', words: ['video', 'lecture', 'youtube'], to: ['video'] },
  { key: 'type', words: ['course', 'mooc'], to: ['online courses', 'course'] },
  { key: 'type', words: ['book', 'ebook', 'textbook'], to: ['book', 'text'] },
  { key: 'type', words: ['podcast', 'audio'], to: ['podcast'] },
  { key: 'type', words: ['interactive'], to: ['interactive', 'practice'] },
  { key: 'type', words: ['exercise', 'practice'], to: ['practice', 'interactive'] },
  { key: 'type', words: ['quiz', 'quizzes'], to: ['quizzes', 'quiz'] },
  { key: 'type', words: ['forum'], to: ['forum'] },
  { key: 'type', words: ['lab', 'simulation'], to: ['lab', 'simulation'] },
  { key: 'type', words: ['game', 'gamified'], to: ['gamified', 'game'] },
  { key: 'techStack', words: ['js'], to: ['javascript'] },
  { key: 'techStack', words: ['ts'], to: ['typescript'] },
  { key: 'techStack', words: ['node'], to: ['node.js'] },
  { key: 'techStack', words: ['express'], to: ['express.js'] },
  { key: 'techStack', words: ['golang'], to: ['go'] },
  { key: 'techStack', words: ['cpp', 'cplusplus'], to: ['c++'] },
  { key: 'techStack', words: ['csharp'], to: ['c#'] },
  { key: 'techStack', words: ['dotnet'], to: ['.net'] },
  { key: 'techStack', words: ['py', 'python3'], to: ['python'] },
  { key: 'techStack', words: ['reactjs'], to: ['react'] },
  { key: 'techStack', words: ['k8s'], to: ['kubernetes'] },
  { key: 'techStack', words: ['postgres', 'postgresql', 'mysql', 'sqlite'], to: ['sql'] },
  { key: 'category', words: ['ml'], to: ['machine learning'] },
  { key: 'category', words: ['ai'], to: ['artificial intelligence'] },
  { key: 'category', words: ['fullstack'], to: ['fullstack development'] },
  { key: 'category', words: ['webdev'], to: ['web development'] },
  { key: 'category', words: ['security', 'infosec', 'cybersec'], to: ['cybersecurity'] },
  { key: 'cost', words: ['freemium'], to: ['Free/Paid'] },
  {
    key: 'level',
    words: ['newbie', 'newbies', 'novice', 'intro', 'introduction', 'introductory', 'basic', 'starter'],
    to: ['beginner'],
  },
  { key: 'level', words: ['expert'], to: ['advanced'] },
  { key: 'hasCert', words: ['certificate', 'certification', 'certified', 'cert'], to: ['true'] },
];

/**
 * Words too common to name a tag on their own: a tag labelled "Go" or "IT" is not named by "go" or "it"
 * ("where to go next", "learn it fast"), only by its synonyms or a longer label.
 */
const STOPWORDS = new Set(
  (
    'a about after all also an and any are as at be been before but by can could did do does doing for from get go ' +
    'had has have how i if in into is it its just me more most my new no not now of on one only or our out over ' +
    'so some than that the their them then there these they this those to too up us use using very was we were ' +
    'what when where which while who why will with without you your'
  ).split(' '),
);

interface Option {
  key: FacetKey;
  value: string;
  label: string;
}

/** What the query's words are looked up in: each option by its label's keys, and by its other names. */
interface NameIndex {
  labels: Map<string, Option[]>;
  others: Map<string, Option[]>;
  /** The longest key: a run of words longer than it names nothing. */
  longest: number;
}

/**
 * A word: letters and digits with the '+' and '#' it carries ("c++", "c#"), and dots between or before
 * its letters (".net", "node.js"); anything else separates words ("html/css", "text-based").
 */
const WORD = /\.?[\p{L}\p{N}][\p{L}\p{N}+#]*(?:\.[\p{L}\p{N}][\p{L}\p{N}+#]*)*/gu;

const wordsOf = (text: string): string[] => text.toLowerCase().normalize('NFKC').match(WORD) ?? [];

/** 'courses' → 'course', 'libraries' → 'library'; only plain words, so 'c++' or 'node.js' stay as they are. */
function singular(word: string): string {
  if (!/^\p{L}{4,}$/u.test(word) || !word.endsWith('s') || word.endsWith('ss')) return word;
  return word.length > 4 && word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.slice(0, -1);
}

/** Words run together, the dots inside them dropped: 'node js', 'node.js' and 'nodejs' are one key; '.net' keeps its dot. */
function runTogether(words: readonly string[]): string {
  const joined = words.join('');
  return joined.includes('.', 1) ? words.map((word) => word[0] + word.slice(1).replaceAll('.', '')).join('') : joined;
}

/** The keys some words are looked up by: as typed, and each made singular. */
function keysOf(words: readonly string[]): string[] {
  const asTyped = runTogether(words);
  const singulars = runTogether(words.map(singular));
  return singulars === asTyped ? [asTyped] : [asTyped, singulars];
}

function addKeys(map: Map<string, Option[]>, keys: readonly string[], option: Option): void {
  for (const key of keys) {
    const options = map.get(key) ?? [];
    if (!options.some((o) => o.key === option.key && o.value === option.value)) options.push(option);
    map.set(key, options);
  }
}

/** Every option of the registry a query may name: the active tags, each choice, a flag's sides. */
function optionsOf(facet: Facet, tags: ActiveTags): Option[] {
  const key = facet.key as FacetKey;
  if (facet.kind === 'tags') return tags[facet.key].map(({ value, label }) => ({ key, value, label }));
  if (facet.kind === 'choice') return facet.choices.map(({ value, label }) => ({ key, value, label }));
  if (facet.kind === 'flag')
    return (['true', 'false'] as const).map((value) => ({ key, value, label: facet.labels[value] }));
  return [];
}

/**
 * Where a synonym's `to` finds its option: a choice or flag by value; a tag by its label, else by a word of
 * its label, the first tag that has it.
 */
function synonymTargets(options: readonly Option[], byValue: boolean): (to: string) => Option | undefined {
  if (byValue) return (to) => options.find((option) => option.value === to);
  const byLabel = new Map<string, Option>();
  const byWord = new Map<string, Option>();
  for (const option of options) {
    const words = wordsOf(option.label);
    for (const key of keysOf(words)) if (!byLabel.has(key)) byLabel.set(key, option);
    for (const word of words) for (const key of keysOf([word])) if (!byWord.has(key)) byWord.set(key, option);
  }
  return (to) => {
    const key = runTogether(wordsOf(to));
    return byLabel.get(key) ?? byWord.get(key);
  };
}

function buildIndex(tags: ActiveTags): NameIndex {
  const index: NameIndex = { labels: new Map(), others: new Map(), longest: 0 };
  for (const facet of FACETS as readonly Facet[]) {
    const options = optionsOf(facet, tags);
    for (const option of options) addLabel(index, option);
    addSynonyms(index, facet, options);
  }
  for (const key of [...index.labels.keys(), ...index.others.keys()])
    index.longest = Math.max(index.longest, key.length);
  return index;
}

/** A label is a name of its option (one stopword alone is not), and each of a label of alternatives ("HTML/CSS") is too. */
function addLabel(index: NameIndex, option: Option): void {
  const words = wordsOf(option.label);
  if (words.length === 0 || isStopword(words)) return;
  addKeys(index.labels, keysOf(words), option);
  const parts = option.label.split('/').map(wordsOf);
  if (parts.length > 1)
    for (const part of parts) if (part.length && !isStopword(part)) addKeys(index.others, keysOf(part), option);
}

const isStopword = (words: readonly string[]) => words.length === 1 && STOPWORDS.has(words[0]!);

/** The words people type for the facet's options (SYNONYMS), each naming the first of its targets that exists. */
function addSynonyms(index: NameIndex, facet: Facet, options: readonly Option[]): void {
  const synonyms = SYNONYMS.filter((s) => s.key === facet.key);
  if (synonyms.length === 0) return;
  const targetOf = synonymTargets(options, facet.kind !== 'tags');
  for (const synonym of synonyms) {
    const target = synonym.to.map(targetOf).find(Boolean);
    if (target) for (const word of synonym.words) addKeys(index.others, keysOf([word]), target);
  }
}

/**
 * The index of a set of tag lists, built once: listTags answers the same lists until the tags change. Lists
 * read afresh (the catalog's caches off) that name the same tags reuse the last index: comparing them is
 * a few microseconds, building it a few hundred.
 */
const indexes = new WeakMap<ActiveTags, NameIndex>();
let last: { tags: ActiveTags; index: NameIndex } | undefined;
function nameIndex(tags: ActiveTags): NameIndex {
  let index = indexes.get(tags);
  if (!index) {
    index = last && sameTags(last.tags, tags) ? last.index : buildIndex(tags);
    indexes.set(tags, index);
    last = { tags, index };
  }
  return index;
}

/** Whether two sets of tag lists hold the same tags, in the same order, with the same labels. */
function sameTags(a: ActiveTags, b: ActiveTags): boolean {
  const kinds = Object.keys(a) as TagKind[];
  if (kinds.length !== Object.keys(b).length) return false;
  return kinds.every((kind) => {
    const x = a[kind];
    const y = b[kind];
    return y?.length === x.length && x.every((tag, i) => tag.value === y[i]!.value && tag.label === y[i]!.label);
  });
}

/** Each option once: a run's keys (as typed, singular) may find the same one twice. */
const unique = (options: Option[]): Option[] => [...new Set(options)];

/**
 * The longest run of words from `start` that names something, a label before another name of the same
 * length; undefined when none does.
 */
function longestName(
  index: NameIndex,
  words: readonly string[],
  start: number,
): { end: number; options: Option[] } | undefined {
  let best: { end: number; options: Option[] } | undefined;
  for (let end = start + 1; end <= words.length; end++) {
    const keys = keysOf(words.slice(start, end));
    if (keys.every((key) => key.length > index.longest)) break;
    const byLabel = keys.flatMap((key) => index.labels.get(key) ?? []);
    const options = byLabel.length ? byLabel : keys.flatMap((key) => index.others.get(key) ?? []);
    if (options.length) best = { end, options: unique(options) };
  }
  return best;
}

/**
 * The filter options the words of `query` name, each once, in the order the query names them, at most five.
 * Words are read left to right, the longest name first ("machine learning" is one subject, not a word of
 * two), so a word names at most one thing (or several of the same name in different facets).
 */
export function facetsNamedBy(query: string, tags: ActiveTags): NamedFacet[] {
  const index = nameIndex(tags);
  const words = wordsOf(query);
  const named = new Map<string, NamedFacet>();
  for (let start = 0; start < words.length; ) {
    const name = longestName(index, words, start);
    if (!name) {
      start++;
      continue;
    }
    const naming = words.slice(start, name.end);
    for (const option of name.options) {
      const id = `${option.key}\n${option.value}`;
      const seen = named.get(id);
      if (seen) seen.words.push(...naming.filter((word) => !seen.words.includes(word)));
      else if (named.size < MAX_NAMED) named.set(id, { ...option, words: naming });
    }
    start = name.end;
  }
  return [...named.values()];
}

/**
 * The filters a search's words name that it could still apply: not on a facet it already filters (a chip
 * narrows the results, never widens them: a second tag of a group would pass either), and only where that
 * leaves some result (`counts`: what each option gives with the other filters kept).
 */
export function suggestedFilters(params: SearchParams, counts: FacetCounts, tags: ActiveTags): SuggestedFilter[] {
  const applied = params as unknown as Record<string, unknown>;
  const count = (key: FacetKey, value: string) =>
    (counts as Record<string, Record<string, number> | undefined>)[key]?.[value] ?? 0;
  return facetsNamedBy(params.searchTerm, tags)
    .filter(({ key, value }) => applied[key] === 'all' && count(key, value) > 0)
    .map(({ key, value, label }) => ({ key, value, label }));
}
