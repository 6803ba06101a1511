/**
 * The home page's "Top rated in {subject}" (decision 037): the best rated contents of the subjects most
 * contents carry. Each is a search page (category filter, top rated order), so it declares its list and a
 * review refreshes it within the staleness bound like any list.
 */
import type { Db } from '../client.ts';
import { searchContents } from './catalog-reads.ts';
import type { ApiContent } from './content-rows.ts';
import type { Tag } from './taxonomy.ts';
import { parseSearchParams } from './validation/search.ts';

export interface TopRated {
  subject: Tag;
  contents: ApiContent[];
}

/** For each of the given subjects (most popular first), its best rated reviewed contents; a subject with none is left out. */
export async function topRatedBySubject(db: Db, subjects: readonly Tag[], limit: number): Promise<TopRated[]> {
  const sections = await Promise.all(
    subjects.map(async (subject) => {
      const page = await searchContents(db, parseSearchParams(new URLSearchParams({ category: subject.value, order: 'topRated' })));
      return { subject, contents: page.contents.filter((content) => content.numReviews > 0).slice(0, limit) };
    }),
  );
  return sections.filter((section) => section.contents.length > 0);
}
