/**
 * docs/product.md#what-is-stored's reference lists — the seed of the tags table (migration 0016), which is what the site reads —
 * and the label → value rule. Imports nothing, so islands may use it.
 */
export interface Tag {
  label: string;
  value: string;
}

export const COSTS = ['Free', 'Paid', 'Free/Paid'] as const;
export type Cost = (typeof COSTS)[number];

/** A tag's value is its label lowercased, whitespace replaced by hyphens. */
export function toValue(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, '-');
}

const tags = (labels: readonly string[]): Tag[] =>
  [...new Set(labels)].map((label) => ({ label, value: toValue(label) }));

// The first list named 'Network Engineering' twice; the Set above keeps one.
export const CATEGORIES = tags([
  'Software Engineering',
  'Data Science',
  'Cybersecurity',
  'Network Engineering',
  'Database Administration',
  'Data Analytics',
  'Web Development',
  'Fullstack Development',
  'Artificial Intelligence',
  'Machine Learning',
  'Network Engineering',
]);

export const TECH_STACKS = tags([
  'JavaScript',
  'Java',
  'Python',
  'HTML/CSS',
  'PHP',
  'Node.js',
  'Flutter',
  'TypeScript',
  'Ruby',
  'Rails',
  'Express.js',
]);

export const MATERIAL_TYPES = tags([
  'Video Lectures',
  'Interactive Quizzes',
  'Text-Based Resources',
  'Podcasts',
  'Webinars',
  'Simulations and Virtual Labs',
  'Discussion Forums',
  'Gamified Learning',
  'Infographics and Visual Aids',
  'Online Courses',
]);

/**
 * The kinds of tag, in docs/product.md#what-is-stored's order: the one list every module, the schema and the API's
 * contract read (a content's lists, content_tags.kind, the search's tag filters, the tag screens).
 */
export const TAG_KINDS = ['category', 'techStack', 'type'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

/**
 * What each kind of tag is called, screen by screen, once: docs/product.md#pages names most of them (the
 * search's groups, the home page's cards, the content page's badges, the admin's form, the dashboard's charts),
 * and those stay as the contract has them. Everywhere else one word per kind: Subject, Technology, Format
 * (a chip, a followed tag's kind, the admin's tags and filters).
 */
export const TAG_KIND_NAMES = {
  category: {
    one: 'Subject',
    many: 'Subjects',
    cards: 'Subject Areas',
    badge: 'Subject',
    field: 'Categories',
    chart: 'Categories',
    plural: 'Subjects',
  },
  techStack: {
    one: 'Technology',
    many: 'Technologies',
    cards: 'Technologies',
    badge: 'Tech Stack Offered',
    field: 'Technology Stacks',
    chart: 'Technologies',
    plural: 'Technologies',
  },
  type: {
    one: 'Format',
    many: 'Content Types',
    cards: 'Content Types',
    badge: 'Content Format',
    field: 'Format of the material',
    chart: 'Content Types',
    plural: 'Formats',
  },
} as const satisfies Record<TagKind, Record<string, string>>;

/** A record with one entry per kind of tag, each made by `make`. */
export const perTagKind = <T>(make: (kind: TagKind) => T): Record<TagKind, T> =>
  Object.fromEntries(TAG_KINDS.map((kind) => [kind, make(kind)])) as Record<TagKind, T>;

/** The three lists by kind (the order the tags table was seeded in). */
export const TAXONOMY: Record<TagKind, readonly Tag[]> = {
  category: CATEGORIES,
  techStack: TECH_STACKS,
  type: MATERIAL_TYPES,
};
