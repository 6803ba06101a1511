/**
 * `npm run db:triggers -- <name>`: a new custom migration (drizzle-kit's) that writes the change feed's
 * triggers again from the facet registry (db/catalog/search/change-triggers.ts). Run it after adding a facet
 * with a column of its own, once `npm run db:generate` has added the column.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { changeFeedTriggersMigration } from '../db/catalog/search/change-triggers.ts';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error(
    'Usage: npm run db:triggers -- <name>   (lower case, digits and _: the migration file is NNNN_<name>.sql)',
  );
  process.exit(2);
}
const folder = fileURLToPath(new URL('../db/migrations/', import.meta.url));
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', `--name=${name}`], { stdio: 'inherit' });
const file = readdirSync(folder)
  .filter((f) => f.endsWith(`_${name}.sql`))
  .sort()
  .at(-1);
if (!file) throw new Error(`drizzle-kit wrote no migration named ${name}`);
writeFileSync(join(folder, file), `${changeFeedTriggersMigration()}\n`);
console.log(`db/migrations/${file}: the change feed's triggers, written from the facet registry`);
