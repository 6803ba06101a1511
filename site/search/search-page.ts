/**
 * What the search page shows for a set of applied filters: the filter groups with their links and counts,
 * the removable chips, the title and the description. Pure functions of the normalised parameters, so the
 * page stays a template. Every link is a complete search URL (docs/product.md#how-things-change: a filter change is a new URL).
 */
import {
  choiceLabel,
  FACETS,
  FIELD_FACETS,
  type Facet,
  type FacetKey,
  type FilterLists,
  type TagFacet,
} from '#db/catalog/facets.ts';
import { TAXONOMY, type TagKind } from '#db/catalog/taxonomy.ts';
import {
  isMultiValued,
  joinValues,
  searchQueryString,
  valuesOf,
  type SearchParams,
} from '#db/catalog/validation/search.ts';

export type { FilterLists } from '#db/catalog/facets.ts';
export type FilterKey = FacetKey;

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
  /** Open at first: applied, or one of the most used groups (OPEN_AT_FIRST). */
  startsOpen: boolean;
  /** Its options combine (any of them passes), each toggled on its own; else choosing one replaces another. */
  multiple: boolean;
  options: FilterOption[];
  /** The options shown at first: the TOP_OPTIONS that give the most results, and any applied; the rest behind "Show more". */
  shownAtFirst: FilterOption[];
  more: FilterOption[];
}

/** The groups most searches use, open at first so that "free + beginner" takes no click to find. */
const OPEN_AT_FIRST: ReadonlySet<FilterKey> = new Set<FilterKey>(['category', 'level', 'cost']);
/** Options a group shows before its "Show more". */
export const TOP_OPTIONS = 6;

/** The options shown at first (in their own order): the TOP_OPTIONS giving the most results, and those applied. */
function splitOptions(options: FilterOption[]): { shownAtFirst: FilterOption[]; more: FilterOption[] } {
  if (options.length <= TOP_OPTIONS + 1) return { shownAtFirst: options, more: [] };
  const top = new Set([...options].sort((a, b) => b.count - a.count).slice(0, TOP_OPTIONS));
  return {
    shownAtFirst: options.filter((option) => top.has(option) || option.active),
    more: options.filter((option) => !top.has(option) && !option.active),
  };
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
export function withParam(
  filters: SearchParams,
  key: FilterKey | 'searchTerm' | 'order',
  value: string | number,
): string {
  return searchHref({ ...filters, [key]: value, page: 1 } as SearchParams);
}

/** A tag's label: from the live lists when given (the tags are rows), else docs/product.md#what-is-stored's lists, else its value. */
function tagLabel(kind: TagKind, value: string, lists?: FilterLists): string {
  const { list } = (FACETS as readonly Facet[]).find((facet): facet is TagFacet => facet.key === kind)!;
  return (
    [...((lists?.[list as keyof FilterLists] as Tag[] | undefined) ?? []), ...TAXONOMY[kind]].find(
      (t) => t.value === value,
    )?.label ?? value
  );
}

type Tag = { value: string; label: string };

/** A facet's options as the sidebar offers them: the filters answer's (the options some content carries), or every step and side. */
function choicesOf(facet: Facet, lists: FilterLists): Tag[] {
  if (facet.kind === 'atLeast')
    return facet.steps.map((step) => ({ value: String(step), label: facet.stepLabel(step) }));
  if (facet.kind === 'flag')
    return (['true', 'false'] as const).map((value) => ({ value, label: facet.labels[value] }));
  const listed = (lists[facet.list as keyof FilterLists] ?? []) as ReadonlyArray<string | Tag>;
  return listed.map((option) =>
    typeof option === 'string'
      ? { value: option, label: facet.kind === 'choice' ? choiceLabel(facet, option) : option }
      : option,
  );
}

/** The values a group applies (none when it does not filter). */
const appliedValues = (filters: SearchParams, facet: Facet): string[] =>
  valuesOf(filters[facet.key as FilterKey] as string | number);

/** The label an applied value of a facet shows under. */
function valueLabel(facet: Facet, value: string, lists?: FilterLists): string {
  if (facet.kind === 'tags') return tagLabel(facet.key, value, lists);
  if (facet.kind === 'atLeast') return facet.stepLabel(Number(value));
  if (facet.kind === 'flag') return facet.labels[value as 'true' | 'false'];
  if (facet.kind === 'open') return value;
  return choiceLabel(facet, value);
}

/** The labels of a group's applied values, joined as words ("Python or Javascript"); undefined when it does not filter. */
function appliedLabel(filters: SearchParams, facet: Facet, lists?: FilterLists): string | undefined {
  const labels = appliedValues(filters, facet).map((value) => valueLabel(facet, value, lists));
  return labels.length ? labels.join(' or ') : undefined;
}

/**
 * An option of a group: whether it is applied, and its link. In a group that takes several values the link
 * adds it to those applied, or takes it out when it is one of them; elsewhere it replaces the applied one
 * ('all': the group's Any).
 */
export function optionLink(filters: SearchParams, key: FilterKey, value: string): { active: boolean; href: string } {
  const facet = (FACETS as readonly Facet[]).find((f) => f.key === key)!;
  const applied = appliedValues(filters, facet);
  if (value === 'all') return { active: applied.length === 0, href: withParam(filters, key, 'all') };
  const active = applied.includes(value);
  const next = isMultiValued(facet)
    ? joinValues(active ? applied.filter((v) => v !== value) : [...applied, value])
    : value;
  return { active, href: withParam(filters, key, next) };
}

/**
 * The sidebar's groups, one per facet in FACETS' order, each option with its count and link. In a group that
 * takes several values an option's link adds it to those applied, or takes it out when it is one of them;
 * elsewhere it replaces the applied one.
 */
export function filterGroups(lists: FilterLists, filters: SearchParams, facets: FacetCounts): FilterGroup[] {
  return (FACETS as readonly Facet[]).map((facet) => {
    const key = facet.key as FilterKey;
    const applied = appliedValues(filters, facet);
    const choices = choicesOf(facet, lists);
    // An applied value no content carries any more still shows, so it can be seen and removed.
    const gone = applied
      .filter((value) => !choices.some((c) => c.value === value))
      .map((value) => ({ value, label: valueLabel(facet, value, lists) }));
    const options = [...choices, ...gone].map((c) => {
      return { ...c, count: facets[key]?.[c.value] ?? 0, ...optionLink(filters, key, c.value) };
    });
    return {
      key,
      title: facet.title,
      anyHref: withParam(filters, key, 'all'),
      active: applied.length > 0,
      startsOpen: applied.length > 0 || OPEN_AT_FIRST.has(key),
      multiple: isMultiValued(facet),
      options,
      ...splitOptions(options),
    };
  });
}

/** The applied filters as chips, in FACETS' order, one per value, each linking to the search without it. */
export function filterChips(filters: SearchParams, lists?: FilterLists): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.searchTerm)
    chips.push({
      key: 'searchTerm',
      label: `Search: ${filters.searchTerm}`,
      href: withParam(filters, 'searchTerm', ''),
    });
  for (const facet of FACETS as readonly Facet[]) {
    const key = facet.key as FilterKey;
    const applied = appliedValues(filters, facet);
    for (const value of applied)
      chips.push({
        key,
        label: `${facet.chip}: ${valueLabel(facet, value, lists)}`,
        href: withParam(filters, key, joinValues(applied.filter((v) => v !== value))),
      });
  }
  return chips;
}

/**
 * The filters the search's words name, as chips that add them ("Filter: Python"): SearchResult's
 * `suggestedFilters`, each a link to the same search with it applied, back on page 1.
 */
export function suggestedChips(
  filters: SearchParams,
  suggested: ReadonlyArray<{ key: string; value: string; label: string }>,
): FilterChip[] {
  return suggested.map(({ key, value, label }) => ({
    key: key as FilterKey,
    label: `Filter: ${label}`,
    href: optionLink(filters, key as FilterKey, value).href,
  }));
}

/** What the results are, in words: "Free Python resources", "Results for “sql” in Data Science resources". */
export function searchHeading(filters: SearchParams, lists?: FilterLists): string {
  const tags = (FACETS as readonly Facet[]).flatMap((facet) =>
    facet.kind === 'tags' ? (appliedLabel(filters, facet, lists) ?? []) : [],
  );
  let subject = tags.length ? `${tags.join(', ')} resources` : 'learning resources';
  if (filters.cost !== 'all') subject = `${valuesOf(filters.cost).join(' or ')} ${subject}`;
  const qualifiers = [
    // The facets that are fields of their own: "at beginner level", … (db/catalog/facets.ts `heading`).
    ...FIELD_FACETS.flatMap((facet) => {
      const label = appliedLabel(filters, facet);
      return label ? [facet.field.heading(label)] : [];
    }),
    filters.hasCert === 'true' ? 'with a certificate' : filters.hasCert === 'false' ? 'without a certificate' : '',
    filters.rating !== 'all' ? `rated ${filters.rating} stars & up` : '',
  ].filter(Boolean);
  const described = [subject, ...qualifiers].join(' ');
  const narrowed = tags.length > 0 || filters.cost !== 'all' || qualifiers.length > 0;
  const text = filters.searchTerm
    ? `Results for “${filters.searchTerm}”${narrowed ? ` in ${described}` : ''}`
    : narrowed
      ? described
      : 'All learning resources';
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

/** The filter drawer's button to the results: "Show 12 results", "Show 1 result". */
export const showResultsLabel = (count: number) => `Show ${count} ${count === 1 ? 'result' : 'results'}`;

/** The hidden fields that carry a search's other parameters through the sort form (order and page are left out). */
export function carriedParams(filters: SearchParams): Array<[string, string]> {
  return [...new URLSearchParams(searchQueryString({ ...filters, order: 'relevance', page: 1 }).slice(1))];
}

/**
 * The filters new words keep when they are searched from the search page's own box or the top bar's there: the
 * search's parameters but its words, order and page (new words are ranked by Best Match, from their first page).
 * Pass the filters the page applied (withoutRefused), so a value it left out is not sent again.
 */
export function keptFilters(filters: SearchParams): Array<[string, string]> {
  return carriedParams({ ...filters, searchTerm: '' });
}

/** The one tag a search asks for, when it asks for exactly one (its page offers Follow, and a feed of its own). */
export function singleTag(
  filters: SearchParams,
  lists?: FilterLists,
): { kind: TagKind; value: string; label: string } | undefined {
  const asked = (FACETS as readonly Facet[]).flatMap((facet) =>
    facet.kind === 'tags'
      ? appliedValues(filters, facet).map((value) => ({
          kind: facet.key as TagKind,
          value,
          label: valueLabel(facet, value, lists),
        }))
      : [],
  );
  return asked.length === 1 ? asked[0] : undefined;
}

/**
 * A search asked with a value a fixed-list filter does not know (`level=expert`), for a person: that filter
 * left out (the API refuses it with a 400, the page searches without it), and a quiet note of what was left
 * out and what the filter takes. `refused` is refusedSearchParams' answer.
 */
export function withoutRefused(
  asked: SearchParams,
  refused: Readonly<Record<string, string>>,
): { filters: SearchParams; notes: string[] } {
  const filters = { ...asked };
  const notes: string[] = [];
  for (const facet of FACETS as readonly Facet[]) {
    if (!(facet.key in refused) || facet.kind !== 'choice') continue;
    const given = valuesOf(String(asked[facet.key as keyof SearchParams]));
    const unknown = given.filter((one) => !facet.choices.some((choice) => choice.value === one));
    (filters as Record<string, unknown>)[facet.key] = 'all';
    notes.push(
      `${unknown.map((one) => `“${one}”`).join(', ')} is not a ${facet.title.toLowerCase()} we know (${facet.choices
        .map((choice) => choice.label)
        .join(', ')}): showing every ${facet.title.toLowerCase()}.`,
    );
  }
  return { filters, notes };
}
