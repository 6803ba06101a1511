/**
 * The facet table of the process's own database file is read a row at a time from its read connection
 * (never a million rows held at once); it must equal the table read as one JSON text, as any other database is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb, openDb, processDatabasePath, type Db } from '../../client.ts';
import { migrateDb } from '../../migrate.ts';
import { generateSyntheticCatalog } from '../../maintenance/seed/synthetic.ts';
import { countFacets } from './counts.ts';
import { facetTable } from './facet-table.ts';

const dir = mkdtempSync(join(tmpdir(), 'skillshelf-facet-rows-'));
const path = join(dir, 'process.db');
let processDb: Db;
let other: Db;

beforeAll(async () => {
  process.env.DATABASE_URL = `file:${path}`;
  processDb = await getDb();
  await migrateDb(processDb);
  await generateSyntheticCatalog(processDb, 1500, { seed: 9, bulkInto: path });
  other = await openDb({ url: `file:${path}` });
}, 60_000);
afterAll(async () => {
  other?.$client.close();
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});

describe('the facet table of the process database', () => {
  it('is read from its own connection, a row at a time, and equals the table read as one text', async () => {
    expect(processDatabasePath()).toBe(path);
    const streamed = await facetTable(processDb);
    const whole = await facetTable(other);
    expect(streamed).not.toBe(whole);
    expect(streamed.size).toBe(1500);
    for (const key of ['seq', 'rating', 'numReviews', 'createdAt', 'codes', 'rowOfSeq'] as const)
      expect(streamed[key]).toEqual(whole[key]);
    expect(countFacets(streamed, {})).toEqual(countFacets(whole, {}));
    expect(countFacets(streamed, { cost: ['Free'] } as never)).toEqual(countFacets(whole, { cost: ['Free'] } as never));
  });
});
