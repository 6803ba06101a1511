/**
 * Tags from other vocabularies, as an import meets them: "Php", "React.js", {label: "Sql", value: "sql"},
 * "Other". Each is looked up in the import's --map first (the admin's own choices, null dropping a tag),
 * then folded onto one of our tags (case and punctuation do not count, plus a few aliases for spellings
 * nobody would map by hand). What matches nothing is an unknown tag, and settleUnknownTag is the one place
 * that decides what becomes of it.
 *
 * Our tags are rows (db/catalog/tags/tags.ts): the import's resolver (creatingResolver) creates an unknown one
 * — once, however many rows carry it — and the importer writes the new rows before the contents; under
 * --no-create-tags the row is refused instead. A resolver that cannot create (taxonomyResolver alone)
 * leaves the tag out of its row with a warning.
 */
import { perTagKind, TAG_KINDS, TAXONOMY, toValue, type Tag, type TagKind } from '../taxonomy.ts';
import { cleanText } from '../../validation/text.ts';
import { properSpelling } from './proper-names.ts';

export type TagMatch = { tag: Tag } | { unknown: string };
/** Foreign tags (folded) → our tag, or null to drop them, per kind: an import's --map file (db/imports/tag-map.ts). */
export type TagMap = Record<TagKind, Map<string, Tag | null>>;

export const EMPTY_TAG_MAP: TagMap = perTagKind(() => new Map());

/** A tag made for a label, `again` when an earlier row of the same import already made it. */
export type TagCreation = { tag: Tag; again?: true } | { refused: string };

/** Our tags, as an import sees them. */
export interface TagResolver {
  /** Our tag for a label or value written elsewhere, or unknown. */
  resolve(kind: TagKind, labelOrValue: string): TagMatch;
  /** A new tag of ours for a label that matched nothing, or why there cannot be one. */
  create(kind: TagKind, label: string): TagCreation;
}

/**
 * What two spellings of one tag share: 'React.js', 'react-js' and 'REACTJS' → 'reactjs'. + and # are
 * spelled out first, so C, C++ and C# stay three tags.
 */
export function foldTag(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replaceAll('+', 'plus')
    .replaceAll('#', 'sharp')
    .replace(/[^a-z0-9]+/g, '');
}

/** 'podcasts' and 'podcast', 'online courses' and 'online course' are one tag. */
const singular = (key: string) => (key.length > 3 && key.endsWith('s') ? key.slice(0, -1) : key);

/**
 * Other spellings of a tag (folded) → its label. An alias counts only while its tag exists in our lists:
 * 'reactjs' → 'React' waits for a React tag.
 */
const ALIASES: Record<TagKind, Record<string, string>> = {
  category: {
    // Near-duplicates another directory writes beside ours.
    dataanalysis: 'Data Analytics',
    softwaredevelopment: 'Software Engineering',
    ml: 'Machine Learning',
    ai: 'Artificial Intelligence',
    fullstack: 'Fullstack Development',
    webdev: 'Web Development',
    cybersec: 'Cybersecurity',
    infosec: 'Cybersecurity',
    cloudcomputing: 'Cloud',
    datastructuresalgorithm: 'Algorithms',
    datastructuresandalgorithm: 'Algorithms',
    computerscience: 'Computer Science Fundamentals',
    mobile: 'Mobile Development',
  },
  techStack: {
    js: 'JavaScript',
    ecmascript: 'JavaScript',
    ts: 'TypeScript',
    node: 'Node.js',
    html: 'HTML/CSS',
    html5: 'HTML/CSS',
    css: 'HTML/CSS',
    css3: 'HTML/CSS',
    express: 'Express.js',
    rubyonrails: 'Rails',
    ror: 'Rails',
    python3: 'Python',
    react: 'React',
    reactjs: 'React',
    golang: 'Go',
    csharp: 'C#',
    cplusplus: 'C++',
    cpp: 'C++',
    postgresql: 'SQL',
    mysql: 'SQL',
    k8s: 'Kubernetes',
  },
  type: {
    videocourse: 'Video Lectures',
    mooc: 'Online Courses',
    videos: 'Video Lectures',
    quizzes: 'Interactive Quizzes',
    codinggame: 'Gamified Learning',
    codingchallenge: 'Coding Practice',
  },
};

/**
 * What directories write for "no tag of this kind": never a tag, whatever the kind (folded). An import's
 * --map may still map one onto a tag of ours.
 */
const PLACEHOLDER_TAGS = new Set([
  'other',
  'others',
  'none',
  'na',
  'notapplicable',
  'misc',
  'miscellaneous',
  'unknown',
  'general',
  'null',
  'nil',
  'tbd',
]);

/** Whether a tag as written says "no tag": "Other", "None", "N/A", "Misc"… */
export const isPlaceholderTag = (text: string) => PLACEHOLDER_TAGS.has(foldTag(text));

/** Why a resolver over a fixed list (taxonomyResolver alone) cannot create. */
const NO_OPEN_TAXONOMY = 'no new tags in a fixed list';

/**
 * Our tags (the live rows, db/catalog/tags/tags.ts; docs/product.md#what-is-stored's lists when none are given), matched by folded
 * label or value, singular or plural, and aliases.
 */
export function taxonomyResolver(lists: Record<TagKind, readonly Tag[]> = TAXONOMY): TagResolver {
  const index = Object.fromEntries(
    TAG_KINDS.map((kind) => {
      const byKey = new Map<string, Tag>();
      for (const tag of lists[kind])
        for (const key of [foldTag(tag.label), foldTag(tag.value)]) byKey.set(key, tag).set(singular(key), tag);
      for (const [alias, label] of Object.entries(ALIASES[kind])) {
        // An alias stands in for a tag we lack ('mooc' → Online Courses), never over one we have.
        const tag = byKey.get(foldTag(label));
        if (tag && !byKey.has(alias)) byKey.set(alias, tag);
      }
      return [kind, byKey];
    }),
  ) as Record<TagKind, Map<string, Tag>>;
  return {
    resolve(kind, labelOrValue) {
      const key = foldTag(labelOrValue);
      const tag = key ? (index[kind].get(key) ?? index[kind].get(singular(key))) : undefined;
      return tag ? { tag } : { unknown: labelOrValue };
    },
    create: () => ({ refused: NO_OPEN_TAXONOMY }),
  };
}

/** A new tag's label: as written, cleaned and cut to the length of tags. */
const MAX_TAG_LABEL = 100;

/**
 * Our tags plus the ones this import creates: an unknown label becomes a new tag (its value by the usual
 * rule), reported once and then matched like any other by the rows after it. `created` lists them for the
 * importer to write (never in a dry run).
 */
export function creatingResolver(
  lists: Record<TagKind, readonly Tag[]>,
): TagResolver & { created: Array<{ kind: TagKind; tag: Tag }> } {
  const base = taxonomyResolver(lists);
  const created: Array<{ kind: TagKind; tag: Tag }> = [];
  const createdByKey = new Map<string, Tag>();
  return {
    created,
    resolve(kind, labelOrValue) {
      const match = base.resolve(kind, labelOrValue);
      if ('tag' in match) return match;
      const tag = createdByKey.get(`${kind}:${foldTag(labelOrValue)}`);
      return tag ? { tag } : match;
    },
    create(kind, label) {
      const clean = properSpelling(cleanText(label).slice(0, MAX_TAG_LABEL).trim());
      const value = toValue(clean);
      if (!foldTag(clean)) return { refused: 'a tag needs a letter or a digit' };
      const key = `${kind}:${foldTag(clean)}`;
      const made = createdByKey.get(key);
      if (made) return { tag: made, again: true };
      const tag = { label: clean, value };
      createdByKey.set(key, tag);
      created.push({ kind, tag });
      return { tag };
    },
  };
}

// A row's tags --------------------------------------------------------------------------------------------

/** How one import reads tags. */
export interface TagRules {
  resolver: TagResolver;
  map: TagMap;
  /** false (--no-create-tags): a tag that matches none of ours refuses its row. */
  createTags: boolean;
  /** Tags read so far, by kind and spelling. */
  readings: Map<string, TagReading>;
}

export function tagRules(resolver: TagResolver, map: TagMap, createTags: boolean): TagRules {
  return { resolver, map, createTags, readings: new Map() };
}

export interface RowTags {
  tags: Tag[];
  /** Unknown tags, as written (cleaned, shortened): dropped, or the reason the row is refused. */
  unknown: string[];
  warnings: string[];
  problems: string[];
}

const MAX_TAGS = 50;
const MAX_TAG_CHARS = 100;
export const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/**
 * A row's tags of one kind, as our tags: from a list (or one) of labels, values, or {label, value} pairs;
 * blank or null is none. Each is mapped, folded or settled as unknown.
 */
export function resolveRowTags(kind: TagKind, raw: unknown, rules: TagRules): RowTags {
  const result: RowTags = { tags: [], unknown: [], warnings: [], problems: [] };
  const items = raw === undefined || raw === null || raw === '' ? [] : Array.isArray(raw) ? raw : [raw];
  if (items.length > MAX_TAGS) {
    result.problems.push(`${kind} has too many tags (at most ${MAX_TAGS})`);
    return result;
  }
  for (const item of items) {
    const reading = readTag(kind, item, rules);
    if ('problem' in reading) {
      result.problems.push(reading.problem);
      if (reading.last) return result;
    } else if ('unknown' in reading) settleUnknownTag(kind, reading.unknown, rules, result);
    else if ('tag' in reading && !result.tags.some((t) => t.value === reading.tag.value)) result.tags.push(reading.tag);
  }
  return result;
}

/** What one tag as written comes to: ours, nothing (blank, or dropped by the map), unknown, or a problem. */
type TagReading = { tag: Tag } | { none: true } | { unknown: string } | { problem: string; last?: true };

/** Read once per spelling and import: a catalog repeats a few dozen tags over all its rows. */
function readTag(kind: TagKind, item: unknown, rules: TagRules): TagReading {
  const spelling = tagSpelling(item);
  if (spelling === undefined)
    return { problem: `${kind} must be a list of tags: labels, or {"label", "value"} pairs`, last: true };
  const id = `${kind}\u0000${spelling}`;
  let reading = rules.readings.get(id);
  if (!reading) {
    const names = tagNames(item as string | { label?: string; value?: string });
    if (names.length === 0) reading = { none: true };
    else if (names.some((name) => name.length > MAX_TAG_CHARS))
      reading = { problem: `a ${kind} tag is longer than ${MAX_TAG_CHARS} characters` };
    else {
      const tag = findTag(kind, names, rules);
      reading = tag ? { tag } : tag === null ? { none: true } : { unknown: names[0]! };
    }
    rules.readings.set(id, reading);
  }
  return reading;
}

/** A tag as written, as one string (label and value apart), or undefined when it is not a tag at all. */
function tagSpelling(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const { label, value } = item as Record<string, unknown>;
  if ((label !== undefined && typeof label !== 'string') || (value !== undefined && typeof value !== 'string'))
    return undefined;
  return `${label ?? ''}\u0000${value ?? ''}\u0000`;
}

/** A tag's label and value as text people can see; either may be missing. */
function tagNames(item: string | { label?: string; value?: string }): string[] {
  const names = typeof item === 'string' ? [item] : [item.label, item.value];
  return names.map((name) => (name === undefined ? '' : cleanText(name))).filter(Boolean);
}

function findTag(kind: TagKind, names: string[], rules: TagRules): Tag | null | undefined {
  for (const name of names) {
    const mapped = rules.map[kind].get(foldTag(name));
    if (mapped !== undefined) return mapped;
  }
  for (const name of names) {
    const match = rules.resolver.resolve(kind, name);
    if ('tag' in match) return match.tag;
  }
  return names.every(isPlaceholderTag) ? null : undefined;
}

/**
 * The one place that decides what an unknown tag does to its row: created (when the resolver can), else
 * dropped with a warning so the row still imports; under --no-create-tags, a problem that refuses the row.
 */
function settleUnknownTag(kind: TagKind, label: string, rules: TagRules, into: RowTags): void {
  const name = shown(label);
  if (into.unknown.some((known) => foldTag(known) === foldTag(name))) return;
  if (!rules.createTags) {
    into.unknown.push(name);
    into.problems.push(
      `unknown ${kind} '${name}': map it with --map, or import without --no-create-tags to leave it out`,
    );
    return;
  }
  const created = rules.resolver.create(kind, label);
  if ('tag' in created) {
    // Said by the importer on the row that writes it (db/imports/catalog-import.ts): a row refused later writes none.
    if (!into.tags.some((t) => t.value === created.tag.value)) into.tags.push(created.tag);
    return;
  }
  into.unknown.push(name);
  into.warnings.push(`unknown ${kind} '${name}' left out (${created.refused}): map it with --map`);
}

/** Words too common in tag labels to make two tags alike ("Web Development", "Game Development"). */
const COMMON_WORDS = new Set([
  'and',
  'the',
  'of',
  'for',
  'to',
  'in',
  'development',
  'programming',
  'engineering',
  'course',
  'courses',
  'learning',
  'online',
  'tutorial',
  'tutorials',
  'resources',
  'basics',
  'js',
]);

/** The distinctive words of a label, each cut to its first five letters ("Analysis" and "Analytics" meet). */
const stems = (label: string) =>
  label
    .toLowerCase()
    .split(/[^a-z0-9+#]+/)
    .filter((word) => word.length > 1 && !COMMON_WORDS.has(word))
    .map((word) => word.slice(0, 5));

/** Tags of ours that a new label may duplicate: those sharing a distinctive word (its first five letters). */
export function nearTags(label: string, ours: readonly Tag[]): string[] {
  const mine = new Set(stems(label));
  if (mine.size === 0) return [];
  return ours.filter((tag) => stems(tag.label).some((stem) => mine.has(stem))).map((tag) => tag.label);
}
