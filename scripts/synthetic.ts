/**
 * Generates a synthetic catalog into DATABASE_URL (migrating it first):
 *   DATABASE_URL=file:data/bench.db node scripts/synthetic.ts 100000 [--tags 1000]
 * --tags: a vocabulary of that many tags per kind (default: docs/product.md#what-is-stored's lists).
 */
import { parseArgs } from 'node:util';
import { getDb, processDatabasePath } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { generateSyntheticCatalog } from '../db/maintenance/seed/synthetic.ts';

const { values, positionals } = parseArgs({ options: { tags: { type: 'string' } }, allowPositionals: true });
const total = Number(positionals[0] ?? 10_000);
const tagsPerKind = values.tags === undefined ? undefined : Number(values.tags);
if (
  !Number.isInteger(total) ||
  total < 1 ||
  (tagsPerKind !== undefined && !(Number.isInteger(tagsPerKind) && tagsPerKind >= 1))
) {
  console.error('usage: node scripts/synthetic.ts <number of contents> [--tags <tags per kind>]');
  process.exit(2);
}
const db = await getDb();
await migrateDb(db);
const started = performance.now();
const file = processDatabasePath();
const result = await generateSyntheticCatalog(db, total, {
  ...(tagsPerKind ? { tagsPerKind } : {}),
  // A database file is loaded in bulk (docs/decisions/049); a libSQL server through the triggers.
  ...(file ? { bulkInto: file } : {}),
  onProgress: (done, all) => process.stderr.write(`\r${done}/${all} contents`),
});
process.stderr.write('\n');
console.log(
  `Generated ${result.contents} contents and ${result.reviews} reviews in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
