/**
 * Suggestions as one types in the top bar (docs/product.md#audience-and-page-frame): the tags whose label has a word starting with
 * the words typed, then the resources whose name Best Match finds for them (decision 040: the same words,
 * stopwords, word forms and corrections as the search, the last word as the start of words), best first, at
 * most 8, answered from memory. The names are read once (suggest-index.ts) and then follow the catalog's
 * change feed like the facet table (decision 023): a content inserted, edited or deleted is put in, read
 * again or taken out by itself; a review, which moves only a rating and a count, costs nothing. The tags
 * come from the tags' own cached read.
 */
import { gt, inArray } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { contents } from '../../schema.ts';
import type { SuggestionShape, SuggestionsShape } from '../contract.ts';
import { TAG_FACETS } from '../facets.ts';
import { listTags, type TagLists } from '../tags/tags.ts';
import { searchQueryString } from '../validation/search.ts';
import type { CatalogChange } from './changes.ts';
import { followFeed } from './follows-feed.ts';
import { markMatches, markWords, queryWords, SuggestIndex } from './suggest-index.ts';
import { analyzeQuery, bestMatches, NAME_ONLY } from './best-match.ts';
import { facetTable } from './facet-table.ts';
import { pageRows } from './pages.ts';
import { currentTextIndex } from './text-index-held.ts';

/** At most this many suggestions, tags among them. */
export const SUGGESTION_LIMIT = 8;
/** Tags take at most this many of them, so resources are always offered too. */
const TAG_LIMIT = 3;
/** Fewer characters typed suggest nothing. */
export const SUGGEST_MIN_CHARS = 2;
/** The words typed are read up to this many characters. */
export const SUGGEST_MAX_CHARS = 100;
/** Changes applied one by one at most per call; more (an import seen at once) read the names again. */
const APPLY_LIMIT = 5_000;

/** How many times this process read every name (a test checks that edits and reviews cause none). */
let reads = 0;
export const suggestIndexReads = () => reads;

const NAME_PAGE_ROWS = 5_000;
const NAME_COLUMNS = { seq: contents.seq, name: contents.name, slug: contents.slug };

/** Whether a change may have moved a content's name or slug: anything but a review's new rating or count. */
function mayRename(change: CatalogChange): boolean {
  if (change.kind !== 'update') return change.kind === 'insert' || change.kind === 'delete';
  if (change.textChanged) return true;
  const { before, after } = change;
  return (
    !before ||
    !after ||
    (before.rating === after.rating && before.num_reviews === after.num_reviews && before.tag_key === after.tag_key)
  );
}

/** The names for the catalog as it is now, kept by the feed. */
const currentIndex = followFeed<SuggestIndex>({
  name: 'suggestIndex',
  build: async (db) => {
    reads++;
    const index = new SuggestIndex();
    // A page at a time, in seq order: a million names read at once were a million row objects held together.
    for (let after = 0; ; ) {
      const page = await db
        .select(NAME_COLUMNS)
        .from(contents)
        .where(gt(contents.seq, after))
        .orderBy(contents.seq)
        .limit(NAME_PAGE_ROWS);
      await index.load(page);
      if (page.length < NAME_PAGE_ROWS) break;
      after = page.at(-1)!.seq;
    }
    return index;
  },
  apply: async (db, index, changes) => {
    const touched = new Set<number>();
    for (const change of changes) if (change.contentSeq !== null && mayRename(change)) touched.add(change.contentSeq);
    if (touched.size === 0) return;
    const rows = await db
      .select(NAME_COLUMNS)
      .from(contents)
      .where(inArray(contents.seq, [...touched]));
    for (const seq of touched) index.remove(seq);
    for (const row of rows) index.put(row.seq, row);
  },
  rebuildFor: (_, changes) => changes.length > APPLY_LIMIT,
});

/**
 * Builds the index ahead of the first suggestion (a server calls it once it listens): at 100k contents the
 * build takes a second or more, which the first person to type would otherwise wait for. It yields as it goes.
 */
export async function prepareSuggestions(db: Db): Promise<void> {
  await currentIndex(db);
}

function tagSuggestions(lists: TagLists, words: readonly string[]): SuggestionShape[] {
  const found: SuggestionShape[] = [];
  for (const facet of TAG_FACETS) {
    for (const tag of lists[facet.key]) {
      if (!markMatches(tag.label, words)) continue;
      found.push({
        kind: 'tag',
        label: tag.label,
        group: facet.chip,
        href: `/search${searchQueryString({ [facet.key]: tag.value })}`,
      });
      if (found.length === TAG_LIMIT) return found;
    }
  }
  return found;
}

/**
 * Up to 8 suggestions for what was typed: tags first, then resources, each with where it leads. Any text is
 * taken: control characters, markup and regex characters are only not letters or digits; fewer than 2
 * characters, or no word in them, suggest nothing.
 */
export async function suggest(db: Db, typed: unknown): Promise<SuggestionsShape> {
  const query = (typeof typed === 'string' ? typed : '').slice(0, SUGGEST_MAX_CHARS).trim();
  const words = queryWords(query, SUGGEST_MAX_CHARS);
  if (query.length < SUGGEST_MIN_CHARS || words.length === 0) return { query, suggestions: [] };
  const [lists, names, wordIndex, table] = await Promise.all([
    listTags(db),
    currentIndex(db),
    currentTextIndex(db),
    facetTable(db),
  ]);
  const tags = tagSuggestions(lists, words);
  const found = bestMatches(
    wordIndex,
    table,
    analyzeQuery(wordIndex, query, true),
    {},
    [],
    NAME_ONLY,
    SUGGESTION_LIMIT,
  );
  const rows = pageRows(table, {}, 'relevance', 0, SUGGESTION_LIMIT - tags.length, found.matches);
  const hits = rows.flatMap((row) => names.entry(table.seq[row]!) ?? []);
  return {
    query,
    suggestions: [
      ...tags,
      ...hits.map(
        (hit): SuggestionShape => ({
          kind: 'content',
          label: hit.name,
          href: `/content/${encodeURIComponent(hit.slug)}`,
          marks: markWords(hit.words, words),
        }),
      ),
    ],
  };
}
