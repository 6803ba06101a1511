/**
 * A catalog larger than one answer of a libSQL server: sqld limits an answer's size (--max-response-size,
 * 10 MB by default), and the facet table of 100k contents is 11 MB as one text, so it is read in parts within
 * one snapshot (db/catalog/search/fast-paths.ts). Here 10,000 contents (about 1.1 MB) on a sqld that answers
 * at most 800 kB, restored from a file made locally (seeding over HTTP takes much longer).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/client.ts';
import { searchContents } from '../../db/catalog/catalog-reads.ts';
import { parseSearchParams } from '../../db/catalog/validation/search.ts';
import { generateSyntheticCatalog } from '../../db/maintenance/seed/synthetic.ts';
import { migrateDb } from '../../db/migrate.ts';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, startSqld, type Sqld } from '../setup/sqld.ts';

describe.skipIf(!hasSqld)(`a catalog larger than one answer of sqld${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-large-catalog-'));
  let sqld: Sqld;
  let db: Db;
  beforeAll(async () => {
    const local = await openDb({ url: `file:${join(dir, 'made.db')}` });
    await migrateDb(local);
    await generateSyntheticCatalog(local, 10_000, { seed: 7 });
    await local.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    local.$client.close();
    mkdirSync(join(dir, 'sqld', 'data.sqld', 'dbs', 'default'), { recursive: true });
    copyFileSync(join(dir, 'made.db'), join(dir, 'sqld', 'data.sqld', 'dbs', 'default', 'data'));
    sqld = await startSqld({ dir: join(dir, 'sqld'), args: ['--max-response-size', '800KB'] });
    db = await openDb({ url: sqld.url, authToken: SQLD_AUTH_TOKEN });
  }, 120_000);
  afterAll(async () => {
    db?.$client.close();
    await sqld?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is searched whole, where one answer could not hold it: every content counted, each facet summing to the catalog', async () => {
    await expect(
      db.$client.execute(
        'SELECT json_group_array(json_array(seq, cost, has_cert, rating, num_reviews, created_at, tag_key)) FROM contents',
      ),
    ).rejects.toThrow(/TOOBIG|too big|too large/i);
    const shown = Number((await db.$client.execute('SELECT count(*) FROM contents')).rows[0]![0]);
    expect(shown).toBe(10_000);
    const result = await searchContents(db, parseSearchParams(new URLSearchParams('order=latest')));
    expect(result.countContents).toBe(shown);
    expect(Object.values(result.facets.cost).reduce((a, b) => a + b, 0)).toBe(shown);
  });
});
