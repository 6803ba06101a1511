/**
 * Search parameters (docs/product.md#pages, #the-rest-api, #numbers), one per facet of db/catalog/facets.ts beside the words,
 * the order and the page. The rule for the search's first parameters: a value the server cannot understand
 * is ignored, i.e. treated as its default — an unknown category, cost or order, rating outside 1–4, a page
 * that is not a positive integer — never a 400. A page past the last one shows the last page. A facet
 * whose entry says `unknown: 'refuse'` is stricter: a value naming none of its choices is kept as typed and
 * refused by refusedSearchParams (the search answers 400 naming the choices); empty is no filter. The
 * response echoes the parameters actually applied (`filters`), so a client can see what was ignored.
 */
import { ADDRESS_ORDER, FACETS, findChoice, type Facet, type FacetOf } from '../facets.ts';
import { cleanText } from '../../validation/text.ts';

export const ORDERS = ['latest', 'oldest', 'topRated', 'lowRated'] as const;
export type Order = (typeof ORDERS)[number];
export const RATING_STEPS = FACETS.find((facet) => facet.key === 'rating')!.steps;
export const MAX_SEARCH_TERM = 200;
/** Results per page: fills the 1, 2, 3 and 4 column grids (docs/product.md#numbers) without a ragged last row. */
export const PAGE_SIZE = 12;

type FacetEntry = (typeof FACETS)[number];
/** A facet's parameter as applied: 'all' when it does not filter. */
type FacetParam<F extends FacetEntry> = F extends { kind: 'flag' }
  ? 'true' | 'false' | 'all'
  : F extends { kind: 'atLeast' }
    ? number | 'all'
    : string;

export type SearchParams = { searchTerm: string } & { [F in FacetEntry as F['key']]: FacetParam<F> } & {
  /** 'relevance' only when a term is searched and no order was chosen. */
  order: Order | 'relevance';
  page: number;
};

type Raw = Record<string, string | string[] | null | undefined> | URLSearchParams;

function read(raw: Raw, key: string): string {
  const value = raw instanceof URLSearchParams ? raw.get(key) : raw[key];
  return cleanText((Array.isArray(value) ? value[0] : value) ?? '');
}

/** Every value given for `key`: repeated parameters, each maybe a comma-separated list. */
function readAll(raw: Raw, key: string): string[] {
  const given = raw instanceof URLSearchParams ? raw.getAll(key) : [raw[key]].flat();
  return given.flatMap((value) =>
    typeof value === 'string' ? value.split(VALUE_SEPARATOR).map((part) => cleanText(part)) : [],
  );
}

/**
 * As long as any value or label of ours: past it, a value is cut one character longer (never echoed or
 * kept whole), which names nothing, as any misspelt one: an unknown tag (the feed's 404, the search's no
 * filter), a refused level or language. Never no filter by itself, which would read as every tag.
 */
const MAX_VALUE_CHARS = 100;

/**
 * Tags and choices may be asked several at a time (Python or JavaScript): a result passes when it has any of
 * them, and the groups combine as before (docs/product.md#pages). The applied parameter holds them sorted,
 * joined by commas ('javascript,python'), so one search has one form; a single value reads as it always did.
 */
export const VALUE_SEPARATOR = ',';
/** Past this many values a group is no longer much of a filter: the rest are ignored. */
export const MAX_VALUES = 10;
export const isMultiValued = (facet: Facet): boolean => facet.kind === 'tags' || facet.kind === 'choice';
/** A group's applied values, in order (none when it is 'all'). */
export const valuesOf = (param: string | number): string[] =>
  param === 'all' ? [] : String(param).split(VALUE_SEPARATOR);
/** The applied form of some values: sorted, each once, at most MAX_VALUES; 'all' when none. */
export const joinValues = (values: readonly string[]): string =>
  [...new Set(values)].sort().slice(0, MAX_VALUES).join(VALUE_SEPARATOR) || 'all';

/**
 * A facet's parameter as applied. A tag value is kept as typed; whether such a tag exists is the catalog's
 * check against the tag rows (db/catalog/catalog-reads.ts), which treats an unknown one as 'all' like any
 * other value it cannot understand. A choice is matched by its value or its label, in any case.
 */
function facetParam(facet: Facet, sent: string): string | number {
  const text = sent.length > MAX_VALUE_CHARS ? cutTooLong(sent) : sent;
  if (text === '' || text === 'all') return 'all';
  if (facet.kind === 'tags' || facet.kind === 'open') return text;
  if (facet.kind === 'flag') return text === 'true' || text === 'false' ? text : 'all';
  if (facet.kind === 'atLeast') return facet.steps.includes(Number(text)) ? Number(text) : 'all';
  const choice = findChoice(facet, text);
  return choice ? choice.value : facet.unknown === 'refuse' ? text : 'all';
}

/** A value cut one character past MAX_VALUE_CHARS, whole characters only (an emoji is two): still too long to name one. */
function cutTooLong(text: string): string {
  const end = MAX_VALUE_CHARS + 1;
  return /[\uD800-\uDBFF]/.test(text[end - 1]!) ? text.slice(0, end + 1) : text.slice(0, end);
}

/** A group that may hold several values: each read as facetParam reads one, those it cannot use left out. */
function multiParam(facet: Facet, texts: string[]): string {
  return joinValues(texts.map((text) => facetParam(facet, text)).filter((value): value is string => value !== 'all'));
}

export function parseSearchParams(raw: Raw): SearchParams {
  // The words as most search boxes send them (`q`: a browser's site search, an address typed by hand) too.
  // Cleaned again after the cut: a cut through an emoji leaves half of it.
  const searchTerm = cleanText((read(raw, 'searchTerm') || read(raw, 'q')).slice(0, MAX_SEARCH_TERM));
  const term = searchTerm === 'all' ? '' : searchTerm;
  const order = read(raw, 'order');
  const page = Number(read(raw, 'page'));
  return {
    searchTerm: term,
    ...Object.fromEntries(
      (FACETS as readonly Facet[]).map((facet) => [
        facet.key,
        isMultiValued(facet) ? multiParam(facet, readAll(raw, facet.key)) : facetParam(facet, read(raw, facet.key)),
      ]),
    ),
    order: (ORDERS as readonly string[]).includes(order)
      ? (order as Order)
      : order === 'newest'
        ? 'latest'
        : term
          ? 'relevance'
          : 'latest',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 1_000_000) : 1,
  } as SearchParams;
}

/**
 * The parameters that name none of their facet's choices where the facet refuses that (FACETS'
 * `unknown: 'refuse'`), each with what is wrong in words: empty when the search may run.
 */
export function refusedSearchParams(params: SearchParams): Record<string, string> {
  const refused: Record<string, string> = {};
  for (const facet of FACETS as readonly Facet[]) {
    if (facet.kind !== 'choice' || facet.unknown !== 'refuse') continue;
    const value = valuesOf(String(params[facet.key as keyof SearchParams])).find(
      (one) => !facet.choices.some((choice) => choice.value === one),
    );
    if (value === undefined) continue;
    const choices = facet.choices.map((choice) => choice.value).join(', ');
    refused[facet.key] = `Unknown ${facet.key} '${value}': use one of ${choices} (or leave it empty for any)`;
  }
  return refused;
}

/** The query string of a search, leaving out defaults (so URLs stay short and canonical), facets in ADDRESS_ORDER. */
export function searchQueryString(params: Partial<SearchParams>): string {
  const query = new URLSearchParams();
  if (params.searchTerm) query.set('searchTerm', params.searchTerm);
  for (const facet of ADDRESS_ORDER) {
    const value = params[facet.key];
    if (value === undefined || value === 'all' || value === '') continue;
    // Several values as repeated parameters: readable, and what an HTML form with checkboxes sends.
    if (isMultiValued(facet)) for (const one of valuesOf(value)) query.append(facet.key, one);
    else query.set(facet.key, String(value));
  }
  // The order is left out only when it is the default: relevance with a search term, latest without one.
  const defaultOrder = params.searchTerm ? 'relevance' : 'latest';
  if (params.order && params.order !== defaultOrder && params.order !== 'relevance') query.set('order', params.order);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A facet's parameter in the applied parameters, typed as its facet says. */
export type ParamOf<K extends FacetEntry['key']> = FacetParam<FacetOf<K>>;
