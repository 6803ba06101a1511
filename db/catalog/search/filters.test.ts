/**
 * The byte per seq a ranked search with filters reads (seqsPassing) is kept per filters and patched with the
 * rows edited or added since: it must equal the contents passing the filters in a table read afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { openDb } from '../../client.ts';
import { generateSyntheticCatalog } from '../../maintenance/seed/synthetic.ts';
import { facetTable } from './facet-table.ts';
import type { FacetFilters, FacetTable } from './facet-types.ts';
import { compile, passing, seqsPassing } from './filters.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await generateSyntheticCatalog(t.db, 1500, { seed: 31 });
}, 60_000);
afterAll(() => t.close());

/** The seqs the map marks. */
function marked(map: Uint8Array): number[] {
  const seqs: number[] = [];
  for (const [seq, on] of map.entries()) if (on) seqs.push(seq);
  return seqs;
}

/** The seqs of the rows passing the filters, by the table's own rule. */
function passingSeqs(table: FacetTable, filters: FacetFilters): number[] {
  const passes = passing(table, compile(table, filters));
  const seqs: number[] = [];
  for (let row = 0; row < table.size; row++) if (passes(row)) seqs.push(table.seq[row]!);
  return seqs.sort((a, b) => a - b);
}

describe('the contents passing a search’s filters', () => {
  it('are kept per filters and follow the rows edited or added since, as a table read afresh', async () => {
    const table = await facetTable(t.db);
    const category = table.tags.category.values[0]!;
    const cases: FacetFilters[] = [
      { cost: ['Free'] },
      { category: [category] },
      { cost: ['Free'], hasCert: 1 },
      { rating: 4 },
    ];
    const before = cases.map((filters) => seqsPassing(table, filters));
    const exec = (sql: string) => t.db.$client.execute(sql);
    // Costs and certificates turned over, ratings moved, contents copied: edits in place and rows added.
    await exec(
      "UPDATE contents SET cost = CASE cost WHEN 'Free' THEN 'Paid' ELSE 'Free' END, has_cert = 1 - has_cert WHERE seq % 7 = 0",
    );
    await exec('UPDATE contents SET rating = 5, num_reviews = num_reviews + 1 WHERE seq % 11 = 0');
    await exec(`INSERT INTO contents(id, name, slug, url, url_key, cost, has_cert, description, category, tech_stack, type, tag_labels, tag_key, rating, num_reviews, created_at, updated_at)
      SELECT 'copy-' || seq, name || ' copy', slug || '-copy', url, NULL, 'Free', 1, description, category, tech_stack, type, tag_labels, tag_key, rating, num_reviews, created_at + 1, updated_at
      FROM contents WHERE seq % 13 = 0`);
    await exec(`INSERT INTO content_tags(content_id, kind, value, label)
      SELECT c.id, t.kind, t.value, t.label FROM contents c JOIN contents o ON c.id = 'copy-' || o.seq JOIN content_tags t ON t.content_id = o.id`);
    const kept = await facetTable(t.db);
    expect(kept).toBe(table);
    const fresh = await openDb({ url: t.url });
    try {
      const anew = await facetTable(fresh);
      for (const [k, filters] of cases.entries()) {
        const after = seqsPassing(kept, filters);
        // Patched in place, not made again.
        expect(after).toBe(before[k]);
        expect(marked(after), JSON.stringify(filters)).toEqual(passingSeqs(anew, filters));
      }
    } finally {
      fresh.$client.close();
    }
  });
});
