/**
 * Search parameters (docs/product.md §2, §7, §9). The rule, the same for every parameter: a value the server cannot
 * understand is ignored, i.e. treated as its default — an unknown category, cost or order, rating outside
 * 1–4, a page that is not a positive integer — never a 400. A page past the last one shows the last page.
 * The response echoes the parameters actually applied (`filters`), so a client can see what was ignored.
 */
import { COSTS, type Cost } from '../taxonomy.ts';
import { cleanText } from '../../validation/text.ts';

export const ORDERS = ['latest', 'oldest', 'topRated', 'lowRated'] as const;
export type Order = (typeof ORDERS)[number];
export const RATING_STEPS = [4, 3, 2, 1] as const;
export const MAX_SEARCH_TERM = 200;
/** Results per page: fills the 1, 2, 3 and 4 column grids (docs/product.md §9) without a ragged last row. */
export const PAGE_SIZE = 12;

export interface SearchParams {
  searchTerm: string;
  category: string;
  techStack: string;
  type: string;
  cost: Cost | 'all';
  hasCert: 'true' | 'false' | 'all';
  rating: number | 'all';
  /** 'relevance' only when a term is searched and no order was chosen. */
  order: Order | 'relevance';
  page: number;
}

type Raw = Record<string, string | string[] | null | undefined> | URLSearchParams;

function read(raw: Raw, key: string): string {
  const value = raw instanceof URLSearchParams ? raw.get(key) : raw[key];
  return cleanText((Array.isArray(value) ? value[0] : value) ?? '');
}

/**
 * A tag value as typed; whether such a tag exists is the catalog's check against the tag rows
 * (db/catalog/catalog-reads.ts), which treats an unknown one as 'all' like any other value it cannot understand.
 */
const tagValue = (value: string) => (value && value.length <= 100 ? value : 'all');

export function parseSearchParams(raw: Raw): SearchParams {
  // Cleaned again after the cut: a cut through an emoji leaves half of it.
  const searchTerm = cleanText(read(raw, 'searchTerm').slice(0, MAX_SEARCH_TERM));
  const term = searchTerm === 'all' ? '' : searchTerm;
  const cost = read(raw, 'cost');
  const hasCert = read(raw, 'hasCert');
  const rating = Number(read(raw, 'rating'));
  const order = read(raw, 'order');
  const page = Number(read(raw, 'page'));
  return {
    searchTerm: term,
    category: tagValue(read(raw, 'category')),
    techStack: tagValue(read(raw, 'techStack')),
    type: tagValue(read(raw, 'type')),
    cost: (COSTS as readonly string[]).includes(cost) ? (cost as Cost) : 'all',
    hasCert: hasCert === 'true' || hasCert === 'false' ? hasCert : 'all',
    rating: (RATING_STEPS as readonly number[]).includes(rating) ? rating : 'all',
    order: (ORDERS as readonly string[]).includes(order) ? (order as Order) : order === 'newest' ? 'latest' : term ? 'relevance' : 'latest',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 1_000_000) : 1,
  };
}

/** The query string of a search, leaving out defaults (so URLs stay short and canonical). */
export function searchQueryString(params: Partial<SearchParams>): string {
  const query = new URLSearchParams();
  if (params.searchTerm) query.set('searchTerm', params.searchTerm);
  for (const key of ['category', 'techStack', 'type', 'cost', 'hasCert'] as const) {
    const value = params[key];
    if (value && value !== 'all') query.set(key, value);
  }
  if (params.rating && params.rating !== 'all') query.set('rating', String(params.rating));
  // The order is left out only when it is the default: relevance with a search term, latest without one.
  const defaultOrder = params.searchTerm ? 'relevance' : 'latest';
  if (params.order && params.order !== defaultOrder && params.order !== 'relevance') query.set('order', params.order);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}
