/**
 * The public catalog: faceted search with full-text matching, the filter lists, and a content's page.
 * Every query is indexed; a page of results costs a fixed number of statements whatever its size (the
 * version, the full-text matches, the page's rows), the rest is the in-memory facet table.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { AppError, invalid, invalidField, notFound } from '../errors.ts';
import { contents, progress, reviews, saves, type Content } from '../schema.ts';
import { TAG_KINDS, type TagKind } from './taxonomy.ts';
import { FACETS, type Facet, type FilterLists } from './facets.ts';
import {
  isMultiValued,
  joinValues,
  PAGE_SIZE,
  parseSearchParams,
  refusedSearchParams,
  valuesOf,
  type SearchParams,
} from './validation/search.ts';
import { cachedRead } from './search/cached-reads.ts';
import { declare, type ListShown } from './search/deps.ts';
import { rowKey } from './search/orders.ts';
import { listTags, searchTags, type CurrentTagValue } from './tags/tags.ts';
import { toApiContent } from './content-rows.ts';
import type { ContentShape, SearchResultShape } from './contract.ts';
import { countFacets } from './search/counts.ts';
import { rememberMatchedRows } from './search/step-counts.ts';
import { facetTable } from './search/facet-table.ts';
import type { FacetCounts, FacetFilters, FacetTable, Matches } from './search/facet-types.ts';
import { analyzeQuery, bestMatches } from './search/best-match.ts';
import { currentTextIndex } from './search/text-index-held.ts';
import { wordsOf } from './search/words.ts';
import { pageRows } from './search/pages.ts';
import { facetsNamedBy, suggestedFilters, type ActiveTags, type NamedFacet } from './search/query-facets.ts';

export type { FacetCounts } from './search/facet-types.ts';

/**
 * A page of the search, as the contract's SearchResult, its counts and parameters typed by the facets (the
 * contract's are built from them, so it types them loosely): the parameters applied after normalisation
 * (see db/catalog/validation/search.ts).
 */
export type SearchResult = Omit<SearchResultShape, 'facets' | 'filters'> & {
  facets: FacetCounts;
  filters: SearchParams;
};

/** The search's filters as the facet table tests them. */
function facetFilters(params: SearchParams): FacetFilters {
  const filters: Record<string, string | number | string[]> = {};
  for (const facet of FACETS as readonly Facet[]) {
    const value = params[facet.key as keyof SearchParams] as string | number;
    if (value === 'all') continue;
    if (facet.kind === 'flag') filters[facet.key] = value === 'true' ? 1 : 0;
    else if (isMultiValued(facet)) filters[facet.key] = valuesOf(value);
    else filters[facet.key] = value;
  }
  return filters as FacetFilters;
}

/** The content rows of a page, by seq, in the order given: one statement for the whole page. */
export async function contentsBySeqs(db: Db, seqs: number[]): Promise<Content[]> {
  if (seqs.length === 0) return [];
  const rows = await db.select().from(contents).where(inArray(contents.seq, seqs));
  const bySeq = new Map(rows.map((r) => [r.seq, r]));
  return seqs.map((seq) => bySeq.get(seq)).filter((r): r is Content => Boolean(r));
}

const emptyFacets = (): FacetCounts =>
  Object.fromEntries(
    FACETS.map((facet) => [facet.key, facet.kind === 'flag' ? { true: 0, false: 0 } : {}]),
  ) as FacetCounts;

/** A filter option the words name, as the facet table tests it (a flag's side as 0 or 1). */
const namedAsFilter = ({ key, value }: NamedFacet): FacetFilters => {
  const facet = (FACETS as readonly Facet[]).find((entry) => entry.key === key)!;
  return { [key]: facet.kind === 'flag' ? (value === 'true' ? 1 : 0) : [value] } as FacetFilters;
};

/**
 * The contents the words find, ranked by Best Match (db/catalog/search/best-match.ts, decision 040), from the
 * word index kept by the change feed. Filters do not take part in matching: a word found only outside them is
 * a real "no results", not a typo.
 */
async function findMatches(
  db: Db,
  table: FacetTable,
  params: SearchParams,
  rankFilters: FacetFilters | undefined,
  tags: ActiveTags | undefined,
): Promise<{ matches?: Matches; correctedTerm?: string; missingWords?: string[]; nothing?: true }> {
  // Typed, but nothing searchable ('%', '_', '!!'): nothing matches it — not the whole catalog.
  if (wordsOf(params.searchTerm).length === 0) return params.searchTerm.trim() ? { nothing: true } : {};
  const index = await currentTextIndex(db);
  // The filters the words name rank what passes them higher ("free python course": cost Free, Python, a course).
  const named = tags ? facetsNamedBy(params.searchTerm, tags).map(namedAsFilter) : [];
  // A relevance page ranks only what its page, or one before it, may show.
  const shown = rankFilters ? params.page * PAGE_SIZE : undefined;
  const found = bestMatches(
    index,
    table,
    analyzeQuery(index, params.searchTerm, false),
    rankFilters,
    named,
    undefined,
    shown,
  );
  return {
    matches: found.matches,
    ...(found.correctedTerm ? { correctedTerm: found.correctedTerm } : {}),
    ...(found.missingWords.length ? { missingWords: found.missingWords } : {}),
  };
}

/**
 * The parameters with each tag value as the tag has it now (a value renamed or merged away follows its
 * tag), and every value no tag ever had set to 'all' (ignored, as documented).
 */
function withKnownTags(params: SearchParams, current: CurrentTagValue): SearchParams {
  const asked = TAG_KINDS.filter((kind) => params[kind] !== 'all');
  if (asked.length === 0) return params;
  const known = { ...params };
  for (const kind of asked)
    known[kind] = joinValues(valuesOf(params[kind]).flatMap((value) => current(kind, value) ?? []));
  return known;
}

/**
 * A page of the search and the counts of every filter option. A parameter that names none of its facet's
 * choices, where the facet refuses that (db/catalog/validation/search.ts), is a VALIDATION error naming them.
 */
export async function searchContents(db: Db, asked: SearchParams): Promise<SearchResult> {
  const refused = refusedSearchParams(asked);
  const [problem] = Object.values(refused);
  if (problem) throw invalid(problem, refused);
  // The tag rows, read once for what needs them: the tag filters, and the filters the words name.
  const tags = asked.searchTerm || TAG_KINDS.some((kind) => asked[kind] !== 'all') ? await searchTags(db) : undefined;
  const params = tags ? withKnownTags(asked, tags.current) : asked;
  return cachedRead(db, `search:${JSON.stringify(params)}`, async () => {
    // Counts and the page both come from the in-memory table (db/catalog/search/); SQL reads the
    // full-text matches (ranking only those a relevance page can show), and then only the page's rows.
    const table = await facetTable(db);
    const filters = facetFilters(params);
    const { matches, correctedTerm, missingWords, nothing } = await findMatches(
      db,
      table,
      params,
      params.order === 'relevance' ? filters : undefined,
      tags?.active,
    );
    if (nothing)
      return {
        contents: [],
        page: 1,
        pages: 1,
        countContents: 0,
        facets: emptyFacets(),
        filters: { ...params, page: 1 },
        suggestedFilters: [],
      };
    const { facets, count } = countFacets(table, filters, matches?.rows);
    if (matches) rememberMatchedRows(table, matches.seqs, matches.rows);
    const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
    const page = Math.min(params.page, pages);
    const pageOfRows = count ? pageRows(table, filters, params.order, (page - 1) * PAGE_SIZE, PAGE_SIZE, matches) : [];
    const seqs = pageOfRows.map((i) => table.seq[i]!);
    const list: ListShown = {
      filters,
      order: params.order,
      words: Boolean(matches),
      ...(matches ? { matched: matches.seqs } : {}),
      ...(matches?.contenders ? { contenders: matches.contenders } : {}),
      counts: true,
      full: pageOfRows.length === PAGE_SIZE,
      top: page === 1,
    };
    if (pageOfRows.length)
      Object.assign(list, { first: rowKey(table, pageOfRows[0]!), last: rowKey(table, pageOfRows.at(-1)!) });
    // The suggested filters show the tags' labels: a change of tags refreshes the answer.
    declare({ lists: [list], cards: seqs, ...(params.searchTerm ? { tags: true } : {}) });
    const rows = await contentsBySeqs(db, seqs);
    return {
      contents: rows.map(toApiContent),
      page,
      pages,
      countContents: count,
      facets,
      filters: { ...params, page },
      ...(correctedTerm ? { correctedTerm } : {}),
      ...(missingWords ? { missingWords } : {}),
      suggestedFilters: tags && params.searchTerm ? suggestedFilters(params, facets, tags.active) : [],
    };
  });
}

/** The whole catalog as a list: what a count of all contents, or of each option, shows. */
const EVERY_CONTENT: ListShown = { filters: {}, order: 'latest', words: false, counts: true, full: false };

/**
 * How many contents there are, and how many carry each tag (the home page's tag cards). It declares those
 * counts only: a review, which moves a content's stars and not its tags, leaves it as it is.
 */
export async function tagCounts(db: Db): Promise<{ total: number; counts: Pick<FacetCounts, TagKind> }> {
  return cachedRead(db, 'tag-counts', async () => {
    declare({ lists: [{ ...EVERY_CONTENT, countsOf: TAG_KINDS }] });
    const { facets, count } = countFacets(await facetTable(db), {});
    return {
      total: count,
      counts: Object.fromEntries(TAG_KINDS.map((kind) => [kind, facets[kind]])) as Pick<FacetCounts, TagKind>,
    };
  });
}

/**
 * The first `limit` contents of a list with no words, without its counts: what a shelf shows (the home
 * page's "Top rated in"). It declares that window only, so a review refreshes it only when it moves a
 * content into it, out of it or within it, where a search page of the same filters also counts the stars.
 */
export async function listHead(db: Db, params: SearchParams, limit: number): Promise<ContentShape[]> {
  return cachedRead(db, `head:${JSON.stringify(params)}:${limit}`, async () => {
    const table = await facetTable(db);
    const filters = facetFilters(params);
    const order = params.order === 'relevance' ? 'latest' : params.order;
    const rows = pageRows(table, filters, order, 0, limit);
    const list: ListShown = { filters, order, words: false, counts: false, full: rows.length === limit };
    if (rows.length) Object.assign(list, { first: rowKey(table, rows[0]!), last: rowKey(table, rows.at(-1)!) });
    const seqs = rows.map((i) => table.seq[i]!);
    declare({ lists: [list], cards: seqs });
    return (await contentsBySeqs(db, seqs)).map(toApiContent);
  });
}

/** The filters answer: db/catalog/facets.ts FilterLists. */
export type CatalogFilters = FilterLists;

/**
 * The filter options that at least one content carries (docs/product.md#the-rest-api GET /api/contents/filters), read off the
 * facet table of this catalog version: its tag lists hold exactly the values some content carries, and its
 * unfiltered counts say which choices some content has. (One SQL probe per tag cost 30 ms at 1,000 tags per
 * kind; as one row with a column per tag, it broke SQLite's limit of 2,000 columns.)
 */
export async function listFilters(db: Db): Promise<CatalogFilters> {
  return cachedRead(db, 'filters', async () => {
    declare({ offered: true });
    const [lists, table] = await Promise.all([listTags(db), facetTable(db)]);
    const carried = (kind: TagKind, value: string) => {
      const j = table.tags[kind].indexOfValue.get(value);
      return j !== undefined && table.tags[kind].carriers[j]! > 0;
    };
    const { facets } = countFacets(table, {});
    const answer: Record<string, unknown> = {};
    for (const facet of FACETS as readonly Facet[]) {
      if (facet.kind === 'tags') answer[facet.list] = lists[facet.key].filter((tag) => carried(facet.key, tag.value));
      // The texts some content has, most contents first, then by name.
      if (facet.kind === 'open')
        answer[facet.list] = Object.entries((facets as Record<string, Record<string, number>>)[facet.key] ?? {})
          .filter(([, n]) => n > 0)
          .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
          .map(([value]) => ({ value, label: value }));
      if (facet.kind !== 'choice') continue;
      const had = facet.choices.filter(
        (choice) => ((facets as Record<string, Record<string, number>>)[facet.key]![choice.value] ?? 0) > 0,
      );
      answer[facet.list] =
        facet.listed === 'values'
          ? had.map((choice) => choice.value)
          : had.map(({ value, label }) => ({ value, label }));
    }
    return answer as CatalogFilters;
  });
}

export interface ApiReview {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  /** How many users found it helpful. */
  helpful: number;
  createdAt: string;
  /** Its author marked the content done (a content page's reviews say so). */
  finished?: boolean;
}

export const toApiReview = (r: typeof reviews.$inferSelect): ApiReview => ({
  _id: r.id,
  name: r.name,
  rating: r.rating,
  comment: r.comment,
  helpful: r.helpful,
  createdAt: r.createdAt.toISOString(),
});

/** How many learners keep a content: saved it, and marked it done. */
export interface Learners {
  saves: number;
  finished: number;
}

export type ContentWithReviews = ContentShape & {
  reviews: Array<ApiReview & { finished: boolean }>;
  learners: Learners;
};

/**
 * A content with its reviews, newest first (docs/product.md#the-rest-api GET /api/contents/slug/{slug}), each
 * saying whether its author finished the content, and its learners. A save of it refreshes it (a 'saved'
 * change names its content: deps.ts), within the staleness bound; a progress mark, which logs no change, shows
 * with the next save or change of the content.
 */
export async function getContentBySlug(db: Db, slug: string): Promise<ContentWithReviews> {
  if (slug.length > 200) throw notFound('Content not found');
  return cachedRead(db, `slug:${slug}`, async () => {
    const [row] = await db.select().from(contents).where(eq(contents.slug, slug));
    if (!row) throw notFound('Content not found');
    declare({ subjects: [row.seq] });
    const done = and(eq(progress.contentId, row.id), eq(progress.state, 'done'));
    const [list, [learners]] = await Promise.all([
      db
        .select({
          review: reviews,
          // Spelt out: inside a subquery drizzle would name both user_id columns without their tables.
          finished: sql<number>`EXISTS (SELECT 1 FROM progress p WHERE p.content_id = reviews.content_id AND p.user_id = reviews.user_id AND p.state = 'done')`,
        })
        .from(reviews)
        .where(eq(reviews.contentId, row.id))
        .orderBy(desc(reviews.createdAt), desc(reviews.id)),
      db
        .select({
          saves: sql<number>`(SELECT count(*) FROM ${saves} WHERE ${saves.contentId} = ${row.id})`,
          finished: sql<number>`(SELECT count(*) FROM ${progress} WHERE ${done})`,
        })
        // One row, found by its key: the counts are read beside it.
        .from(contents)
        .where(eq(contents.seq, row.seq)),
    ]);
    return {
      ...toApiContent(row),
      reviews: list.map(({ review, finished }) => ({ ...toApiReview(review), finished: Boolean(finished) })),
      learners: { saves: Number(learners?.saves ?? 0), finished: Number(learners?.finished ?? 0) },
    };
  });
}

/** The review a user wrote of a content, if any (the content page shows it instead of the form). */
/** The name of the content with this slug, for its generated image tile; undefined when there is none. */
export async function contentNameBySlug(db: Db, slug: string): Promise<string | undefined> {
  const [row] = await db.select({ name: contents.name }).from(contents).where(eq(contents.slug, slug));
  return row?.name;
}

export async function findUserReview(db: Db, contentId: string, userId: string): Promise<ApiReview | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.contentId, contentId), eq(reviews.userId, userId)));
  return row ? toApiReview(row) : undefined;
}

/** Every content's slug and last change, a page at a time (sitemaps: at most 50,000 URLs per file). */
export async function sitemapEntries(
  db: Db,
  offset: number,
  limit: number,
): Promise<Array<{ slug: string; updatedAt: string }>> {
  return cachedRead(db, `sitemap:${offset}:${limit}`, async () => {
    declare({ everything: true });
    const rows = await db
      .select({ slug: contents.slug, updatedAt: contents.updatedAt })
      .from(contents)
      .orderBy(contents.seq)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
  });
}

export async function countAllContents(db: Db): Promise<number> {
  return cachedRead(db, 'count', async () => {
    declare({ lists: [EVERY_CONTENT] });
    return (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM contents`))[0]?.n ?? 0;
  });
}

/** A tag a feed is for: its kind, value and label. */
export interface FeedTag {
  kind: TagKind;
  value: string;
  label: string;
}

/**
 * The newest contents carrying any of the tags asked for (the search's tag parameters; none: the whole
 * catalog), for a feed: cached like a search's list, so a content published in one of them refreshes it.
 * A tag that does not exist is a 404, not the whole catalog.
 */
export async function latestContentsTagged(
  db: Db,
  asked: SearchParams,
  limit: number,
): Promise<{ contents: ContentShape[]; tags: FeedTag[] }> {
  const { active, current } = await searchTags(db);
  const params = withKnownTags(asked, current);
  const tags: FeedTag[] = [];
  for (const kind of TAG_KINDS) {
    const values = valuesOf(params[kind]);
    if (values.length < valuesOf(asked[kind]).length) throw notFound('Tag not found');
    for (const value of values)
      tags.push({ kind, value, label: active[kind].find((tag) => tag.value === value)?.label ?? value });
  }
  if (tags.length === 0) return { contents: await latestContents(db, limit), tags };
  const onlyTags = Object.fromEntries(TAG_KINDS.map((kind) => [kind, params[kind]]));
  const contentsShown = await cachedRead(db, `feed:${JSON.stringify(onlyTags)}:${limit}`, async () => {
    const table = await facetTable(db);
    // Only the tags filter: every other facet as the search's defaults leave it.
    const filters = facetFilters({ ...parseSearchParams({}), ...onlyTags });
    const rows = pageRows(table, filters, 'latest', 0, limit);
    const list: ListShown = { filters, order: 'latest', words: false, counts: false, full: rows.length === limit };
    if (rows.length) Object.assign(list, { first: rowKey(table, rows[0]!), last: rowKey(table, rows.at(-1)!) });
    const seqs = rows.map((i) => table.seq[i]!);
    declare({ lists: [list], cards: seqs });
    return (await contentsBySeqs(db, seqs)).map(toApiContent);
  });
  return { contents: contentsShown, tags };
}

/** Newest contents, for the feed and sitemap. */
export async function latestContents(db: Db, limit: number): Promise<ContentShape[]> {
  return cachedRead(db, `latest:${limit}`, async () => {
    const rows = await db.select().from(contents).orderBy(desc(contents.createdAt), desc(contents.seq)).limit(limit);
    const key = (r: Content) => ({
      seq: r.seq,
      rating: r.rating,
      numReviews: r.numReviews,
      createdAt: r.createdAt.getTime(),
    });
    const list: ListShown = { filters: {}, order: 'latest', words: false, counts: false, full: rows.length === limit };
    if (rows.length) Object.assign(list, { first: key(rows[0]!), last: key(rows.at(-1)!) });
    declare({ lists: [list], cards: rows.map((r) => r.seq) });
    return rows.map(toApiContent);
  });
}

/** The most resources one comparison holds; a comparison needs two. */
export const MAX_COMPARED = 4;

/** The slugs a comparison names: repeated or comma-separated, blanks and repeats left out, in their order. */
export function comparedSlugs(given: string | readonly string[] | null | undefined): string[] {
  const parts = [given ?? []].flat().flatMap((one) => one.split(','));
  return [...new Set(parts.map((one) => one.trim().toLowerCase()).filter(Boolean))];
}

/**
 * Two to four contents side by side (docs/product.md#compare), in the order named, each with its learners:
 * through the content pages' cached reads, so a comparison follows their changes. Fewer than two or more
 * than four is a 400; a slug no content has, a 404 naming it. The Compare page passes `least: 1`: a
 * comparison being made, one resource waiting for the next, after its other one was removed there.
 */
export async function compareContents(
  db: Db,
  given: string | readonly string[] | null | undefined,
  { least = 2 }: { least?: 1 | 2 } = {},
) {
  const slugs = comparedSlugs(given);
  if (slugs.length < least || slugs.length > MAX_COMPARED)
    throw invalidField(
      'slugs',
      `Compare 2 to ${MAX_COMPARED} resources: name them by their slugs (${slugs.length} given)`,
    );
  const contents = await Promise.all(
    slugs.map(async (slug) => {
      try {
        const { reviews: _reviews, ...content } = await getContentBySlug(db, slug);
        return content;
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND')
          throw notFound(`No resource '${slug.slice(0, 120)}' to compare`);
        throw error;
      }
    }),
  );
  return { contents };
}
