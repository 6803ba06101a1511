/**
 * Generates a synthetic catalog into DATABASE_URL (migrating it first):
 *   DATABASE_URL=file:data/bench.db node scripts/synthetic.ts 100000
 */
import { getDb } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { generateSyntheticCatalog } from '../db/seed/synthetic.ts';

const total = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(total) || total < 1) {
  console.error('usage: node scripts/synthetic.ts <number of contents>');
  process.exit(2);
}
const db = await getDb();
await migrateDb(db);
const started = performance.now();
const result = await generateSyntheticCatalog(db, total, {
  onProgress: (done, all) => process.stderr.write(`\r${done}/${all} contents`),
});
process.stderr.write('\n');
console.log(`Generated ${result.contents} contents and ${result.reviews} reviews in ${((performance.now() - started) / 1000).toFixed(1)} s`);
