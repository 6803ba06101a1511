/**
 * The home page's "Top rated in {subject}" (decision 037): the best rated contents of the subjects most
 * contents carry. Each is the head of a list (category filter, top rated order) that declares only the rows
 * it shows: a review refreshes it, within the staleness bound, only when it moves a content into, out of or
 * within them.
 */
import type { Db } from '../client.ts';
import { listHead } from './catalog-reads.ts';
import type { ContentShape } from './contract.ts';
import type { Tag } from './taxonomy.ts';
import { parseSearchParams } from './validation/search.ts';

export interface TopRated {
  subject: Tag;
  contents: ContentShape[];
}

/** For each of the given subjects (most popular first), its best rated reviewed contents; a subject with none is left out. */
export async function topRatedBySubject(db: Db, subjects: readonly Tag[], limit: number): Promise<TopRated[]> {
  const sections = await Promise.all(
    subjects.map(async (subject) => {
      const head = await listHead(
        db,
        parseSearchParams(new URLSearchParams({ category: subject.value, order: 'topRated' })),
        limit,
      );
      return { subject, contents: head.filter((content) => content.numReviews > 0) };
    }),
  );
  return sections.filter((section) => section.contents.length > 0);
}
