import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { catalogVersion } from './version.ts';

let t: TestDb;
beforeAll(async () => (t = await createTestDb()));
afterAll(() => t.close());

const bump = () => t.db.$client.execute("UPDATE meta SET value = value + 1 WHERE key = 'catalog_version'");

describe('the catalog version every cached page asks for', () => {
  it('is read once for all the callers of the same moment', async () => {
    const execute = t.db.$client.execute.bind(t.db.$client);
    let reads = 0;
    t.db.$client.execute = ((statement: Parameters<typeof execute>[0]) => {
      if (JSON.stringify(statement).includes('catalog_version')) reads++;
      return execute(statement);
    }) as typeof execute;
    try {
      const versions = await Promise.all(Array.from({ length: 10 }, () => catalogVersion(t.db)));
      expect(new Set(versions).size).toBe(1);
      expect(reads).toBe(1);
    } finally {
      t.db.$client.execute = execute;
    }
  });

  it('never misses a change committed before it was asked, even while an earlier read is under way', async () => {
    const before = await catalogVersion(t.db);
    const earlier = catalogVersion(t.db);
    await bump();
    // Asked after the commit: it joins no read that began before it.
    expect(await catalogVersion(t.db)).toBe(before + 1);
    expect(await earlier).toBeGreaterThanOrEqual(before);

    const underWay = catalogVersion(t.db);
    await new Promise((resolve) => setImmediate(resolve));
    await bump();
    expect(await catalogVersion(t.db)).toBe(before + 2);
    expect(await underWay).toBeGreaterThanOrEqual(before + 1);
  });
});
