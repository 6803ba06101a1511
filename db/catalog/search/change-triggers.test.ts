import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { FIELD_FACETS } from '../facets.ts';
import { CHANGE_TRIGGER_NAMES, changeFeedTriggers, changeFeedTriggersMigration } from './change-triggers.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

describe("the change feed's triggers", () => {
  it('in a migrated database, are the ones the facet registry writes (npm run db:triggers writes the migration when not)', async () => {
    const rows = await t.db.$client.execute({
      sql: `SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${CHANGE_TRIGGER_NAMES.map(() => '?').join(', ')}) ORDER BY name`,
      args: [...CHANGE_TRIGGER_NAMES],
    });
    const stored = rows.rows.map((row) => oneLine(String(row.sql)));
    expect(stored.sort()).toEqual(changeFeedTriggers().map(oneLine).sort());
  });

  it("log every facet's own column before and after a change", () => {
    const [insert, update, remove] = changeFeedTriggers();
    for (const facet of FIELD_FACETS) {
      expect(insert).toContain(`'${facet.column}', NEW.${facet.column}`);
      expect(update).toContain(`'${facet.column}', OLD.${facet.column}`);
      expect(remove).toContain(`'${facet.column}', OLD.${facet.column}`);
    }
  });

  it("as a migration, drop and create all three and reset the feed, in drizzle's statement breaks", () => {
    const statements = changeFeedTriggersMigration().split('--> statement-breakpoint\n');
    expect(statements).toHaveLength(7);
    expect(statements.at(-1)).toContain("VALUES ('reset')");
  });
});
