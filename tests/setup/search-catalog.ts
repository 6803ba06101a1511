/**
 * A synthetic catalog for the search engine's service tests, with contents written since the word index was
 * built (each scored from its own entry, with no bound from the build): its database, word index and facet table.
 */
import { eq, inArray } from 'drizzle-orm';
import { facetTable } from '../../db/catalog/search/facet-table.ts';
import type { FacetTable } from '../../db/catalog/search/facet-types.ts';
import { currentTextIndex } from '../../db/catalog/search/text-index-held.ts';
import type { TextIndex } from '../../db/catalog/search/text-index.ts';
import { generateSyntheticCatalog } from '../../db/maintenance/seed/synthetic.ts';
import { contents } from '../../db/schema.ts';
import { createTestDb, type TestDb } from './db.ts';

export interface SearchCatalog {
  t: TestDb;
  index: TextIndex;
  table: FacetTable;
}

/** `size` synthetic contents (`seed`), then `written` of them given new words: a description, and one a name. */
export async function searchCatalog(size: number, seed: number, written: number): Promise<SearchCatalog> {
  const t = await createTestDb();
  await generateSyntheticCatalog(t.db, size, { seed });
  await currentTextIndex(t.db);
  const some = await t.db.select({ id: contents.id }).from(contents).limit(written);
  await t.db
    .update(contents)
    .set({ description: 'Data and web learning, a course of data for the web.' })
    .where(
      inArray(
        contents.id,
        some.map((row) => row.id),
      ),
    );
  await t.db.update(contents).set({ name: 'Data Web Learning Course' }).where(eq(contents.id, some[0]!.id));
  return { t, index: await currentTextIndex(t.db), table: await facetTable(t.db) };
}
