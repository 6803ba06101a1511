import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/setup/db.ts';
import { guard, isGuardFailure, uniqueViolation } from './batch.ts';
import { meta } from './schema.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const counters = () => t.db.select().from(meta).where(sql`${meta.key} LIKE 'test-%'`).orderBy(meta.key);
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('a guarded batch', () => {
  it('writes every statement when the condition holds, as often as it runs', async () => {
    for (const n of [1, 2]) {
      await t.db.batch([guard(t.db, sql`1 = 1`), t.db.insert(meta).values({ key: `test-${n}`, value: n })]);
    }
    expect(await counters()).toEqual([
      { key: 'test-1', value: 1 },
      { key: 'test-2', value: 2 },
    ]);
  });

  it('writes nothing when the condition fails, not even the statements around the guard', async () => {
    await t.db.insert(meta).values({ key: 'test-kept', value: 1 });
    const error = await failureOf(
      t.db.batch([
        t.db.insert(meta).values({ key: 'test-before', value: 1 }),
        guard(t.db, sql`EXISTS (SELECT 1 FROM ${meta} WHERE ${meta.key} = 'test-missing')`),
        t.db.update(meta).set({ value: 2 }).where(eq(meta.key, 'test-kept')),
        t.db.insert(meta).values({ key: 'test-after', value: 1 }),
      ]),
    );
    expect(isGuardFailure(error)).toBe(true);
    expect(await counters()).toEqual([{ key: 'test-kept', value: 1 }]);
  });

  it('is not confused with other failures: malformed JSON, a taken key', async () => {
    const json = await failureOf(t.db.batch([guard(t.db, sql`1 = 1`), t.db.run(sql`SELECT json('not json')`)]));
    expect(json).toBeInstanceOf(Error);
    expect(isGuardFailure(json)).toBe(false);
    await t.db.insert(meta).values({ key: 'test-taken', value: 1 });
    const taken = await failureOf(
      t.db.batch([guard(t.db, sql`1 = 1`), t.db.insert(meta).values({ key: 'test-taken', value: 2 })]),
    );
    expect(isGuardFailure(taken)).toBe(false);
    expect(uniqueViolation(taken)).toBe('meta.key');
  });
});
