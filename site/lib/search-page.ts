/**
 * What the search page shows for a set of applied filters: the filter groups with their links and counts,
 * the removable chips, the title and the description. Pure functions of the normalised parameters, so the
 * page stays a template. Every link is a complete search URL (docs/product.md §4: a filter change is a new URL).
 */
import { TAG_KINDS, TAXONOMY, type Tag, type TagKind } from '#db/catalog/taxonomy.ts';
import { RATING_STEPS, searchQueryString, type SearchParams } from '#db/catalog/validation/search.ts';

export type FilterKey = 'category' | 'techStack' | 'type' | 'cost' | 'rating' | 'hasCert';

/** The filter lists of GET /api/contents/filters: the options some content carries. */
export interface FilterLists {
  categories: Tag[];
  techStacks: Tag[];
  types: Tag[];
  costs: readonly string[];
}

/** Per group, option value → number of results it would give with the other filters kept. */
export type FacetCounts = Partial<Record<FilterKey, Record<string, number>>>;

export interface FilterOption {
  value: string;
  label: string;
  count: number;
  active: boolean;
  href: string;
}

export interface FilterGroup {
  key: FilterKey;
  title: string;
  /** The group's link that removes its filter. */
  anyHref: string;
  /** True when one of the group's options is applied. */
  active: boolean;
  options: FilterOption[];
}

export interface FilterChip {
  key: FilterKey | 'searchTerm';
  /** What the chip says: "Subject: Web Development". */
  label: string;
  /** The same search without this filter. */
  href: string;
}

/** A search's URL (defaults left out, see searchQueryString). */
export function searchHref(params: Partial<SearchParams>): string {
  return `/search${searchQueryString(params)}`;
}

/** The same search with one parameter changed, back on page 1. */
export function withParam(filters: SearchParams, key: FilterKey | 'searchTerm' | 'order', value: string | number): string {
  return searchHref({ ...filters, [key]: value, page: 1 } as SearchParams);
}

const TAG_GROUP: Record<TagKind, { title: string; chip: string; list: keyof Omit<FilterLists, 'costs'> }> = {
  category: { title: 'Subjects', chip: 'Subject', list: 'categories' },
  techStack: { title: 'Technologies', chip: 'Technology', list: 'techStacks' },
  type: { title: 'Content Types', chip: 'Content type', list: 'types' },
};

const ratingLabel = (step: number) => `${step} ${step === 1 ? 'star' : 'stars'} & up`;
const CERT_LABEL = { true: 'With certificate', false: 'Without certificate' } as const;

/** A tag's label: from the live lists when given (the tags are rows), else docs/product.md §3's lists, else its value. */
const tagLabel = (kind: TagKind, value: string, lists?: FilterLists) =>
  [...(lists?.[TAG_GROUP[kind].list] ?? []), ...TAXONOMY[kind]].find((t) => t.value === value)?.label ?? value;

/** The label an applied filter value shows under, or undefined when the filter is not applied. */
function appliedLabel(filters: SearchParams, key: FilterKey, lists?: FilterLists): string | undefined {
  const value = filters[key];
  if (value === 'all') return undefined;
  if (key === 'category' || key === 'techStack' || key === 'type') return tagLabel(key, String(value), lists);
  if (key === 'rating') return ratingLabel(Number(value));
  if (key === 'hasCert') return CERT_LABEL[value as 'true' | 'false'];
  return String(value);
}

export function filterGroups(lists: FilterLists, filters: SearchParams, facets: FacetCounts): FilterGroup[] {
  const group = (key: FilterKey, title: string, choices: Array<{ value: string; label: string }>): FilterGroup => {
    const applied = String(filters[key]);
    // An applied value no content carries any more still shows, so it can be seen and removed.
    const all = applied !== 'all' && !choices.some((c) => c.value === applied) ? [...choices, { value: applied, label: appliedLabel(filters, key, lists) ?? applied }] : choices;
    return {
      key,
      title,
      anyHref: withParam(filters, key, 'all'),
      active: applied !== 'all',
      options: all.map((c) => ({ ...c, count: facets[key]?.[c.value] ?? 0, active: c.value === applied, href: withParam(filters, key, c.value) })),
    };
  };
  const tagGroup = (kind: TagKind) => group(kind, TAG_GROUP[kind].title, lists[TAG_GROUP[kind].list]);
  return [
    tagGroup('category'),
    tagGroup('techStack'),
    tagGroup('type'),
    group('cost', 'Costs', lists.costs.map((cost) => ({ value: cost, label: cost }))),
    group('rating', 'Avg Reviews', RATING_STEPS.map((step) => ({ value: String(step), label: ratingLabel(step) }))),
    group('hasCert', 'Certification', (['true', 'false'] as const).map((value) => ({ value, label: CERT_LABEL[value] }))),
  ];
}

const CHIP_PREFIX: Record<FilterKey, string> = {
  category: TAG_GROUP.category.chip,
  techStack: TAG_GROUP.techStack.chip,
  type: TAG_GROUP.type.chip,
  cost: 'Cost',
  rating: 'Rating',
  hasCert: 'Certification',
};

export function filterChips(filters: SearchParams, lists?: FilterLists): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.searchTerm) chips.push({ key: 'searchTerm', label: `Search: ${filters.searchTerm}`, href: withParam(filters, 'searchTerm', '') });
  for (const key of Object.keys(CHIP_PREFIX) as FilterKey[]) {
    const label = appliedLabel(filters, key, lists);
    if (label) chips.push({ key, label: `${CHIP_PREFIX[key]}: ${label}`, href: withParam(filters, key, 'all') });
  }
  return chips;
}

/** What the results are, in words: "Free Python resources", "Results for “sql” in Data Science resources". */
export function searchHeading(filters: SearchParams, lists?: FilterLists): string {
  const tags = TAG_KINDS.flatMap((kind) => appliedLabel(filters, kind, lists) ?? []);
  let subject = tags.length ? `${tags.join(', ')} resources` : 'learning resources';
  if (filters.cost !== 'all') subject = `${filters.cost} ${subject}`;
  const qualifiers = [
    filters.hasCert === 'true' ? 'with a certificate' : filters.hasCert === 'false' ? 'without a certificate' : '',
    filters.rating !== 'all' ? `rated ${filters.rating} stars & up` : '',
  ].filter(Boolean);
  const described = [subject, ...qualifiers].join(' ');
  const narrowed = tags.length > 0 || filters.cost !== 'all' || qualifiers.length > 0;
  const text = filters.searchTerm ? `Results for “${filters.searchTerm}”${narrowed ? ` in ${described}` : ''}` : narrowed ? described : 'All learning resources';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The document title: the heading, plus the page number past the first (each page its own title). */
export const searchTitle = (filters: SearchParams, lists?: FilterLists) =>
  filters.page > 1 ? `${searchHeading(filters, lists)}, page ${filters.page}` : searchHeading(filters, lists);

export function searchDescription(filters: SearchParams, count: number, lists?: FilterLists): string {
  const what = searchHeading(filters, lists);
  if (count === 0) return `${what}: no matches on Skillshelf yet. Clear the filters or submit a resource you know.`;
  return `${what}: ${count} curated ${count === 1 ? 'website' : 'websites'} for learning computer science and IT on Skillshelf, with ratings and reviews.`;
}

/** The hidden fields that carry a search's other parameters through the sort form (order and page are left out). */
export function carriedParams(filters: SearchParams): Array<[string, string]> {
  return [...new URLSearchParams(searchQueryString({ ...filters, order: 'relevance', page: 1 }).slice(1))];
}
