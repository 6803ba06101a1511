/**
 * What the server builds in its own ways from the process's database file: the facet table read in parts on
 * its own read connection, the word index built in a worker thread. Each must equal what any other database
 * gets (the table read as one JSON text, the index built on this thread).
 */
import { describe, expect, it } from 'vitest';
import { useProcessDatabase } from '../../../tests/setup/process-database.ts';
import { processDatabasePath } from '../../client.ts';
import { generateSyntheticCatalog } from '../../maintenance/seed/synthetic.ts';
import { countFacets } from './counts.ts';
import { facetTable } from './facet-table.ts';
import { currentTextIndex, textIndexBuilds } from './text-index-held.ts';
import { buildTextIndex } from './text-index.ts';

const database = useProcessDatabase({
  fill: (db, path) => generateSyntheticCatalog(db, 1500, { seed: 9, bulkInto: path }),
  timeoutMs: 60_000,
});

describe('the facet table of the process database', () => {
  it('is read from its own connection, a row at a time, and equals the table read as one text', async () => {
    expect(processDatabasePath()).toBe(database.path);
    const streamed = await facetTable(database.db);
    const whole = await facetTable(database.other);
    expect(streamed).not.toBe(whole);
    expect(streamed.size).toBe(1500);
    for (const key of ['seq', 'rating', 'numReviews', 'createdAt', 'codes', 'rowOfSeq'] as const)
      expect(streamed[key]).toEqual(whole[key]);
    expect(countFacets(streamed, {})).toEqual(countFacets(whole, {}));
    expect(countFacets(streamed, { cost: ['Free'] } as never)).toEqual(countFacets(whole, { cost: ['Free'] } as never));
  });
});

describe('the word index of the process database', () => {
  it('is built in a worker thread and holds what a build on this thread holds', async () => {
    const builds = textIndexBuilds();
    const fromWorker = await currentTextIndex(database.db);
    expect(textIndexBuilds()).toBe(builds + 1);
    const rows = (
      await database.other.$client.execute(
        'SELECT seq, name, tag_labels AS tagLabels, description FROM contents ORDER BY seq',
      )
    ).rows.map(
      (row) => ({ ...row }) as unknown as { seq: number; name: string; tagLabels: string; description: string },
    );
    const here = await buildTextIndex(
      (async function* () {
        yield rows;
      })(),
    );
    expect(fromWorker.size).toBe(1500);
    for (const key of ['seqOf', 'docCounts', 'averageLength', 'termCount'] as const)
      expect(fromWorker[key]).toEqual(here[key]);
    for (let id = 0; id < here.termCount; id++) {
      const term = here.termAt(id);
      expect(fromWorker.termAt(id)).toBe(term);
      expect(fromWorker.termId(term)).toBe(id);
      expect(fromWorker.termsSharingStem(term)).toEqual(here.termsSharingStem(term));
    }
    expect(fromWorker.postingDocs).toEqual(here.postingDocs);
    expect(fromWorker.postingCounts).toEqual(here.postingCounts);
    expect(fromWorker.fieldLengths).toEqual(here.fieldLengths);
  });
});
