/** `skillshelf db …`: the database itself. */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { getDb } from '#db/client.ts';
import { migrateDb } from '#db/migrate.ts';
import { DEMO_ACCOUNTS } from '#db/maintenance/seed/demo.ts';
import {
  backupDatabase,
  databaseStats,
  datedBackupName,
  pruneBackups,
  seedDemoData,
  seedSyntheticData,
  type DatabaseStats,
} from '#db/maintenance/maintenance.ts';
import { actorOf } from '../actor.ts';
import { databaseLabel, openMigratedDb } from '../database.ts';
import { UsageError } from '../errors.ts';
import { examples } from '../help.ts';
import { parseCount } from '../options.ts';
import { printProgress, printJson, printLine } from '../output.ts';
import type { LoadReport } from '#db/maintenance/seed/bulk-load.ts';
import { formatBytes, formatCount, progressBar } from '../progress.ts';
import { plural } from '#db/validation/text.ts';

export function registerDbCommands(program: Command): void {
  const db = program
    .command('db')
    .description('work on the database named by DATABASE_URL')
    .addHelpText('after', DB_HELP);

  db.command('migrate')
    .description('apply the committed migrations (db/migrations); safe to run again')
    .addHelpText('after', MIGRATE_HELP)
    .action(migrate);

  db.command('seed')
    .description(
      'put the demo data (real resources, demo accounts, reviews) into an empty database; or add generated contents with --synthetic',
    )
    .option(
      '--synthetic <n>',
      'add n generated contents (with reviewers and reviews) to any database instead',
      parseCount,
    )
    .addHelpText('after', SEED_HELP)
    .action(seed);

  db.command('backup')
    .argument('<file>', 'where to write the copy: a new file, or a folder (a dated file in it)')
    .description('write a consistent copy of the live database to a file (VACUUM INTO), while the site keeps running')
    .option('--force', 'replace the file if it exists (only once the new copy is complete)')
    .option(
      '--keep <count>',
      'with a folder: then remove its oldest dated backups, keeping the newest <count>',
      parseCount,
    )
    .addHelpText('after', BACKUP_HELP)
    .action(backUp);

  db.command('stats')
    .description('rows per table, file and WAL size, pages, catalog version')
    .option('--json', 'print the statistics as JSON')
    .addHelpText('after', STATS_HELP)
    .action(showStats);
}

const DB_HELP = examples(
  ['bring the default database (file:data/skillshelf.db) up to date', 'npx skillshelf db migrate'],
  ['copy the live database to a file', 'npx skillshelf db backup backups/skillshelf-$(date +%F).db'],
);

const MIGRATE_HELP = examples(
  ['bring the default database up to date', 'npx skillshelf db migrate'],
  ['migrate another file, or a libSQL server', 'DATABASE_URL=file:/srv/skillshelf.db npx skillshelf db migrate'],
);

async function migrate(): Promise<void> {
  const { applied } = await migrateDb(await getDb());
  const what = applied.length > 0 ? `applied ${applied.join(', ')}; ` : '';
  printLine(`Migrated ${databaseLabel()}: ${what}the schema is up to date.`);
}

const SEED_HELP = [
  '\nThe demo data goes only into an empty database (no users, no contents): on any other the command',
  'changes nothing and exits 1. --synthetic adds to whatever is there (for benchmarks), with a progress',
  'bar on stderr when it is a terminal. Into a database file it loads in bulk (indexes and triggers built',
  'after the rows, in one transaction) and prints each phase, its rows/s and memory on stderr.',
  examples(
    ['a demo world to click through', 'npx skillshelf db seed'],
    ['a large catalog for benchmarks', 'DATABASE_URL=file:data/bench.db npx skillshelf db seed --synthetic 100000'],
  ),
].join('\n');

async function seed(options: { synthetic?: number }, command: Command): Promise<void> {
  const database = await openMigratedDb();
  const actor = await actorOf(database, command);
  if (options.synthetic !== undefined) {
    const progress = progressBar('generating');
    const started = performance.now();
    const report = await seedSyntheticData(database, actor, options.synthetic, {
      onProgress: (done, total) => progress.update(done, total),
      // A load of a million runs for minutes: each phase, its speed and the memory then, in a log too.
      onReport: (phase) => {
        progress.finish();
        printProgress(describePhase(phase));
      },
    });
    progress.finish();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    printLine(
      `Added ${plural(report.contents, 'synthetic content')} and ${plural(report.reviews, 'review')} to ${databaseLabel()} in ${seconds} s.`,
    );
    return;
  }
  const report = await seedDemoData(database, actor);
  printLine(
    `Seeded ${databaseLabel()} with the demo data: ${plural(report.contents, 'content')}, ${plural(report.users, 'user')}, ${plural(report.reviews, 'review')}, ${plural(report.submissions, 'submission')} waiting for review.`,
  );
  printLine('Demo accounts:');
  for (const account of DEMO_ACCOUNTS)
    printLine(`  ${account.email}  password ${account.password}${account.isAdmin ? '  (admin)' : ''}`);
}

function describePhase({ phase, rows, seconds, rowsPerSecond, rssBytes, done, total }: LoadReport): string {
  const where =
    done !== undefined && total !== undefined ? `, ${formatCount(done)} of ${formatCount(total)} contents` : '';
  return `${phase}: ${formatCount(rows)} in ${seconds.toFixed(1)} s (${formatCount(Math.round(rowsPerSecond))}/s)${where}, memory ${formatBytes(rssBytes)}`;
}

const BACKUP_HELP = [
  '\nThe copy is one snapshot of the database, taken without stopping the site, and compacted. It works on',
  'a database file (file:…); on a libSQL server (libsql://, http://) use the server’s own backups.',
  'Given a folder, the copy is named skillshelf-<UTC time>.db; --keep removes only files so named.',
  examples(
    ['a dated backup', 'npx skillshelf db backup backups/skillshelf-$(date +%F).db'],
    ['every night from cron, the last 14 kept', 'npx skillshelf db backup /var/backups/skillshelf --keep 14'],
    ['refresh the same file every night (cron)', 'npx skillshelf db backup /var/backups/skillshelf.db --force'],
  ),
].join('\n');

async function backUp(file: string, options: { force?: boolean; keep?: number }): Promise<void> {
  const target = resolve(file);
  const folder = existsSync(target) && statSync(target).isDirectory() ? target : undefined;
  if (options.keep !== undefined && !folder)
    throw new UsageError('--keep needs a folder to keep dated backups in (e.g. /var/backups/skillshelf)');
  // Not openMigratedDb: a backup copies the database as it is, and must not migrate a remote one first.
  const report = await backupDatabase(await getDb(), folder ? join(folder, datedBackupName()) : target, {
    force: options.force === true,
  });
  printLine(`Backed up ${databaseLabel()} to ${report.path} (${formatBytes(report.bytes)}).`);
  if (folder && options.keep !== undefined) {
    const removed = pruneBackups(folder, options.keep);
    if (removed.length) printLine(`Removed ${plural(removed.length, 'older backup')}: ${removed.join(', ')}.`);
  }
}

const STATS_HELP = examples(
  ['how big is the database', 'npx skillshelf db stats'],
  ['the number of contents, in a script', 'npx skillshelf db stats --json | jq .tables.contents'],
);

async function showStats(options: { json?: boolean }): Promise<void> {
  const stats = await databaseStats(await openMigratedDb());
  if (options.json) printJson({ database: databaseLabel(), ...stats });
  else printStats(stats);
}

function printStats(stats: DatabaseStats): void {
  const rows: [string, string][] = [
    ['Database', databaseLabel()],
    ...(stats.fileBytes === null ? [] : ([['File size', formatBytes(stats.fileBytes)]] as [string, string][])),
    ...(stats.walBytes === null ? [] : ([['WAL size', formatBytes(stats.walBytes)]] as [string, string][])),
    [
      'Pages',
      `${formatCount(stats.pageCount)} of ${formatCount(stats.pageSize)} bytes (${formatCount(stats.freePages)} free)`,
    ],
    ['Journal', stats.journalMode],
    ['Migrations', String(stats.migrations)],
    ['Catalog', `version ${stats.catalogVersion}`],
  ];
  for (const [label, value] of rows) printLine(`${label.padEnd(12)}${value}`);
  printLine('Rows');
  const width = Math.max(...Object.keys(stats.tables).map((name) => name.length));
  const counts = Object.values(stats.tables).map(formatCount);
  const countWidth = Math.max(...counts.map((c) => c.length));
  for (const [i, name] of Object.keys(stats.tables).entries())
    printLine(`  ${name.padEnd(width)}  ${counts[i]!.padStart(countWidth)}`);
}
