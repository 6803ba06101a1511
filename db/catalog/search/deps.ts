/**
 * What a cached answer shows, so a change invalidates only the answers it touches (decision 023; the idea
 * of surrogate keys and Rails' per-record cache keys): the content a page is about, the contents it shows as
 * cards, the result lists it shows (their filters, order and window), the tag rows, or everything.
 *
 * A cached read or page records its dependencies when it is made: a read says what it shows (`declare`), and
 * a read or a page made inside `collect` gathers the dependencies of every read it used, cached or not.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CHOICE_FACETS, FACET_TABLE_COLUMNS, FACETS, type Facet, type FacetKey } from '../facets.ts';
import type { Order } from '../validation/search.ts';
import type { CatalogChange } from './changes.ts';
import type { FacetFilters, FacetValues } from './facet-types.ts';
import { failedFacets, optionsOf } from './facet-kinds.ts';
import { compareKeys, reviewsWeight, type RowKey } from './orders.ts';
import { holdsSeq } from './sorted-seqs.ts';

/** A list of results an answer shows: its filters and order, and where its page starts and ends. */
export interface ListShown {
  filters: FacetFilters;
  order: Order | 'relevance';
  /** Words matched the full-text index: whether a content matches them is not known from its facets. */
  words: boolean;
  /** The seqs of the contents matching the words, ascending, when known: a change to any other leaves the list as it is. */
  matched?: Int32Array;
  /**
   * Best Match: the seqs of the matches whose reviews could lift them into the page, ascending, when the ranking
   * told them (decision 058). A review raising any other match leaves the page's rows as they are.
   */
  contenders?: Int32Array;
  /** The answer shows counts (the total, the sidebar's facets), not only the rows. */
  counts: boolean;
  /**
   * The groups whose counts it shows, beside the total (the home page's tag cards: the tags only); absent,
   * every group's. A review, which moves a content's step of stars, then moves none of them.
   */
  countsOf?: readonly FacetKey[];
  /** The first and last rows shown, in the list's order (none when it showed no row). */
  first?: RowKey;
  last?: RowKey;
  /** The page was full: a row sorting after its last cannot enter it. */
  full: boolean;
  /** It is the list's first page: no row sorts before its first. */
  top?: boolean;
}

export interface Deps {
  /** The contents the answer is about (a content page): a change to one of them drops it at once. */
  subjects?: number[];
  /** Contents shown as cards: a change to one refreshes the answer (within the staleness bound). */
  cards?: number[];
  lists?: ListShown[];
  /** It shows tag rows (labels, the tags offered). */
  tags?: boolean;
  /** It shows which tags and choices some content carries (the filters offered). */
  offered?: boolean;
  /** It shows something of every content (sitemap, feed): any change refreshes it. */
  everything?: boolean;
  /** The learners' public lists it shows (a list's page, by id): a change to one drops it at once (decision 033). */
  userLists?: string[];
  /** It names every public list (the sitemap): a change to any list drops it at once. */
  publicLists?: boolean;
  /** It counts recent saves (the home page's most saved): a save refreshes it, within the staleness bound (decision 037). */
  saves?: boolean;
}

/**
 * What a change does to an answer: nothing; move only the counts of its steps of stars ('counts': a review, on
 * a list it neither enters, leaves nor reorders, which a page may patch in place rather than render again);
 * move only the reviews of the content it is about ('reviews': its rating, count and reviews, which a content
 * page may have rendered again alone, at once); refresh it (a review's change: it may be served stale
 * meanwhile); or drop it now.
 */
export type Effect = 'none' | 'counts' | 'reviews' | 'stale' | 'dead';

const STRENGTH: Record<Effect, number> = { none: 0, counts: 1, reviews: 2, stale: 3, dead: 4 };
const stronger = (a: Effect, b: Effect): Effect => (STRENGTH[b] > STRENGTH[a] ? b : a);

const collectors = new AsyncLocalStorage<Deps[]>();

/** Records what the answer being made shows, for the read or page being made around it. */
export function declare(deps: Deps): void {
  collectors.getStore()?.push(deps);
}

/** Runs `make`, gathering the dependencies every read it uses declares; they are declared outward too. */
export async function collect<T>(make: () => Promise<T>): Promise<{ value: T; deps: Deps }> {
  const gathered: Deps[] = [];
  const value = await collectors.run(gathered, make);
  const deps = mergeDeps(gathered);
  declare(deps);
  return { value, deps };
}

export function mergeDeps(all: Deps[]): Deps {
  const merged: Deps = {};
  for (const d of all) {
    if (d.subjects?.length) (merged.subjects ??= []).push(...d.subjects);
    if (d.cards?.length) (merged.cards ??= []).push(...d.cards);
    if (d.lists?.length) (merged.lists ??= []).push(...d.lists);
    if (d.tags) merged.tags = true;
    if (d.offered) merged.offered = true;
    if (d.everything) merged.everything = true;
    if (d.userLists?.length) (merged.userLists ??= []).push(...d.userLists);
    if (d.publicLists) merged.publicLists = true;
    if (d.saves) merged.saves = true;
  }
  return merged;
}

/** The columns whose change moves what the filters offer: the tags some content carries, the choices and open texts some content has. */
const OFFERED_COLUMNS = [
  'tag_key',
  ...CHOICE_FACETS.map((facet) => facet.column),
  ...(FACETS as readonly Facet[]).flatMap((facet) => (facet.kind === 'open' ? [facet.column] : [])),
] as Array<keyof FacetValues>;

/** An answer that declared nothing is assumed to show everything: it is refreshed by any change. */
export const isEmptyDeps = (d: Deps) =>
  !d.subjects?.length &&
  !d.cards?.length &&
  !d.lists?.length &&
  !d.tags &&
  !d.offered &&
  !d.everything &&
  !d.userLists?.length &&
  !d.publicLists &&
  !d.saves;

type Group = FacetKey;
const ALL_GROUPS: readonly Group[] = FACETS.map((facet) => facet.key);

/** The groups of the list's filters a content with these facet values fails (none: it is in the list, words aside). */
export const failedGroups = (filters: FacetFilters, v: FacetValues): Group[] => failedFacets(filters, v);

/** A content's option in each group, worked out once per change: every cached list asks for the same. */
const optionsByValues = new WeakMap<FacetValues, Record<Group, string>>();
function optionsOfValues(v: FacetValues): Record<Group, string> {
  let options = optionsByValues.get(v);
  if (!options) optionsByValues.set(v, (options = optionsOf(v)));
  return options;
}

/**
 * What a content adds to a list's counts (decision 007's rule), given the groups of the list's filters it
 * fails: passing every filter, its option in every group and the total; failing one filter, its option in
 * that group only; failing more, nothing.
 */
function countedAs(list: ListShown, v: FacetValues | undefined, failed: Group[], stepsAside = false): string {
  if (!v || failed.length > 1) return '';
  const shown = list.countsOf ?? ALL_GROUPS;
  const options = optionsOfValues(v);
  const groups = failed.length ? failed.filter((group) => shown.includes(group)) : ['total', ...shown];
  const optionOf = (g: string) => (g === 'total' ? '' : stepsAside && STEP_GROUPS.has(g) ? '*' : options[g as Group]);
  return groups.map((g) => `${g}=${optionOf(g)}`).join(';');
}

/** The groups of steps (the stars' average): the only counts a review moves on a list it stays in or out of. */
export const STEP_GROUPS: ReadonlySet<string> = new Set(
  (FACETS as readonly Facet[]).flatMap((facet) => (facet.kind === 'atLeast' ? [facet.key] : [])),
);

/**
 * Whether the counts a change moves on a list are only those of its steps of stars: a review's change, counted
 * in the same groups before and after, on a list without words or whose matches are known (its counts are of
 * them).
 */
const movesOnlySteps = (list: ListShown, change: CatalogChange, failedBefore: Group[], failedAfter: Group[]) =>
  (!list.words || list.matched !== undefined) &&
  isRatingOnly(change) &&
  countedAs(list, change.before, failedBefore, true) === countedAs(list, change.after, failedAfter, true);

const keyOf = (seq: number, v: FacetValues): RowKey => ({
  seq,
  rating: Number(v.rating),
  numReviews: Number(v.num_reviews),
  createdAt: Number(v.created_at),
});

/** Whether a row that stays in the list, with its sort key changed from `a` to `b`, moves the page's rows. */
function movesWindow(list: ListShown, a: RowKey, b: RowKey): boolean {
  // Best Match weighs the reviews in (decision 040): a matched content whose weight rises may enter the page,
  // if it is among those the ranking found could (decision 058). One not shown on a first page (its cards are
  // checked before) whose weight does not rise stays below it.
  if (list.order === 'relevance') {
    const [before, after] = [reviewsWeight(a.rating, a.numReviews), reviewsWeight(b.rating, b.numReviews)];
    if (after > before) return list.contenders === undefined || a.seq < 0 || holdsSeq(list.contenders, a.seq);
    return after < before && !list.top;
  }
  const order = list.order;
  if (compareKeys(order, a, b) === 0) return false;
  if (!list.first || !list.last) return !list.full;
  const before = (k: RowKey) => compareKeys(order, k, list.first!) < 0;
  const after = (k: RowKey) => list.full && compareKeys(order, k, list.last!) > 0;
  return !((before(a) && before(b)) || (after(a) && after(b)));
}

function listEffect(list: ListShown, change: CatalogChange): Effect {
  const { before, after, contentSeq } = change;
  if (!before && !after) return 'none';
  // Words: a content that does not match them, and whose text did not change, is not in the list nor its counts.
  if (
    list.matched &&
    change.kind === 'update' &&
    !change.textChanged &&
    contentSeq !== null &&
    !holdsSeq(list.matched, contentSeq)
  )
    return 'none';
  const failedBefore = before ? failedGroups(list.filters, before) : [];
  const failedAfter = after ? failedGroups(list.filters, after) : [];
  const countedBefore = list.counts ? countedAs(list, before, failedBefore) : '';
  const countedAfter = list.counts ? countedAs(list, after, failedAfter) : '';
  let counts: Effect = 'none';
  if (countedBefore !== countedAfter) {
    if (!movesOnlySteps(list, change, failedBefore, failedAfter)) return 'stale';
    counts = 'counts';
  }
  const inBefore = before !== undefined && failedBefore.length === 0;
  const inAfter = after !== undefined && failedAfter.length === 0;
  if (inBefore !== inAfter) return 'stale';
  // Words: a content whose text changed may now match them, or no longer (in the rows or in the counts).
  if (list.words && change.textChanged && (inBefore || countedBefore)) return 'stale';
  if (!inBefore) return counts;
  return movesWindow(list, keyOf(contentSeq ?? -1, before!), keyOf(contentSeq ?? -1, after!)) ? 'stale' : counts;
}

/** Whether a list is a relevance page of words that content `seq` matches. */
const ranksWords = (list: ListShown, seq: number) =>
  list.order === 'relevance' && list.matched !== undefined && holdsSeq(list.matched, seq);

/**
 * What a change to the content a page is about does to it, or undefined when it is about another. A save:
 * its learners (within the staleness bound). A review, a vote, or an edit of no facet nor text (the page
 * tells which, as it renders): its reviews. Anything else: all of it, at once.
 */
function subjectEffect(deps: Deps, change: CatalogChange): Effect | undefined {
  if (change.contentSeq === null || !deps.subjects?.includes(change.contentSeq)) return undefined;
  if (change.kind === 'saved') return 'stale';
  return isRatingOnly(change) ? 'reviews' : 'dead';
}

function changeEffect(deps: Deps, change: CatalogChange): Effect {
  // A retag rewrote the labels (and maybe the values) of a tag's carriers, unnamed: anything may show one.
  if (change.kind === 'reset' || change.kind === 'retag') return 'dead';
  const subject = subjectEffect(deps, change);
  if (subject) return subject;
  // A save: what counts saves (the home page's most saved), within the staleness bound.
  if (change.kind === 'saved') return deps.saves ? 'stale' : 'none';
  const seq = change.contentSeq;
  // A learner's list: its own page, and (above) the page of a content it gained or lost, which counts its public lists.
  // A co-saved pair crossed the threshold: the pages of its two contents (above), nothing else.
  if (change.kind === 'related') return 'none';
  if (change.kind === 'list')
    return deps.publicLists || (change.listId !== undefined && deps.userLists?.includes(change.listId))
      ? 'dead'
      : 'none';
  if (deps.everything) return change.kind === 'shown' ? 'none' : 'stale';
  if (change.kind === 'tags') return deps.tags ? 'stale' : 'none';
  // A link turned broken or back moves its content in Best Match (decision 040): last, or back in its place.
  if (change.kind === 'shown')
    return seq !== null && deps.lists?.some((list) => ranksWords(list, seq)) ? 'stale' : 'none';
  return contentEffect(deps, change, seq);
}

/** What a change to a content's facets or text does to an answer: through its cards, the filters offered, its lists. */
function contentEffect(deps: Deps, change: CatalogChange, seq: number | null): Effect {
  if (seq !== null && deps.cards?.includes(seq)) return 'stale';
  if (deps.offered && movesOffered(change)) return 'stale';
  let effect: Effect = 'none';
  for (const list of deps.lists ?? []) if ((effect = stronger(effect, listEffect(list, change))) === 'stale') break;
  return effect;
}

/** Whether a change may move the filters offered: a content added or removed, or one of OFFERED_COLUMNS changed. */
const movesOffered = ({ before, after }: CatalogChange) =>
  !before || !after || OFFERED_COLUMNS.some((column) => before[column] !== after[column]);

/**
 * Whether a change moved only a content's rating and review count: what reviews do, the one stream of
 * writes that comes all day. Such a change may leave the lists it moves a moment stale; any other change
 * (an edit, a new or deleted content, a tag) drops what it touches at once.
 */
export function isRatingOnly(change: CatalogChange): boolean {
  const { before, after } = change;
  if (change.kind !== 'update' || change.textChanged || !before || !after) return false;
  return FACET_TABLE_COLUMNS.every(
    (column) => column === 'seq' || column === 'rating' || column === 'num_reviews' || before[column] === after[column],
  );
}

/** Whether an answer a change touches may be served stale meanwhile (a review, a save), or must be dropped now. */
const mayServeStale = (change: CatalogChange) => change.kind === 'saved' || isRatingOnly(change);

/**
 * What a run of changes does to an answer with these dependencies: the strongest of their effects. Its own
 * reviews beside any other effect drop it: they are to be shown at once, and the rest of the page with them.
 */
export function effectOf(deps: Deps, changes: readonly CatalogChange[]): Effect {
  let strongest: Effect = 'none';
  let reviews = false;
  for (const change of changes) {
    let effect: Effect = isEmptyDeps(deps) ? 'stale' : changeEffect(deps, change);
    if (effect === 'stale' && !mayServeStale(change)) effect = 'dead';
    if (effect === 'dead') return 'dead';
    if (effect === 'reviews') reviews = true;
    strongest = stronger(strongest, effect);
  }
  return reviews && strongest !== 'reviews' ? 'dead' : strongest;
}
