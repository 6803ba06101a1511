/** `skillshelf db …`: the database itself. */
import type { Command } from 'commander';
import { databaseLabel, openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { printLine } from '../output.ts';

export function registerDbCommands(program: Command): void {
  const db = program
    .command('db')
    .description('work on the database named by DATABASE_URL')
    .addHelpText('after', examples(['bring the default database (file:data/skillshelf.db) up to date', 'npx skillshelf db migrate']));

  db.command('migrate')
    .description('apply the committed migrations (db/migrations); safe to run again')
    .addHelpText(
      'after',
      examples(
        ['bring the default database up to date', 'npx skillshelf db migrate'],
        ['migrate another file, or a libSQL server', 'DATABASE_URL=file:/srv/skillshelf.db npx skillshelf db migrate'],
      ),
    )
    .action(async () => {
      await openMigratedDb();
      printLine(`Migrated ${databaseLabel()}: the schema is up to date.`);
    });
}
