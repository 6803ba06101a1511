/**
 * Suggestions as one types in the top bar (docs/product.md#audience-and-page-frame): the tags whose label has a word starting with
 * the words typed, then the resources whose name Best Match finds for them (decision 040: the same words,
 * stopwords, word forms and corrections as the search, the last word as the start of words), best first, at
 * most 8, chosen in memory. Only the names shown are read, by their rowid: holding every name in memory for
 * them took 195 MB of heap at a million contents (docs/decisions/049). The tags come from the tags' own cached
 * read.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { contents } from '../../schema.ts';
import type { SuggestionShape, SuggestionsShape } from '../contract.ts';
import { TAG_FACETS } from '../facets.ts';
import { listTags, type TagLists } from '../tags/tags.ts';
import { searchQueryString } from '../validation/search.ts';
import { markMatches, markWords, queryWords, wordsOf } from './suggest-marks.ts';
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
const NAME_COLUMNS = { seq: contents.seq, name: contents.name, slug: contents.slug };

/** The names and slugs of the contents `seqs`, in that order; one left out when it is gone meanwhile. */
async function namesOf(db: Db, seqs: number[]): Promise<Array<{ name: string; slug: string }>> {
  if (seqs.length === 0) return [];
  const rows = await db.select(NAME_COLUMNS).from(contents).where(inArray(contents.seq, seqs));
  const bySeq = new Map(rows.map((row) => [row.seq, row]));
  return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
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
  const [lists, wordIndex, table] = await Promise.all([listTags(db), currentTextIndex(db), facetTable(db)]);
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
  const hits = await namesOf(
    db,
    Array.from(rows, (row) => table.seq[row]!),
  );
  return {
    query,
    suggestions: [
      ...tags,
      ...hits.map(
        (hit): SuggestionShape => ({
          kind: 'content',
          label: hit.name,
          href: `/content/${encodeURIComponent(hit.slug)}`,
          marks: markWords(wordsOf(hit.name), words),
        }),
      ),
    ],
  };
}
