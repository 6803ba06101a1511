/** `skillshelf digest …`: the weekly digest of followed tags (decision 036), for a cron line instead of the servers' loop. */
import type { Command } from 'commander';
import { sendDigests, type DigestRun } from '#db/shelf/digest.ts';
import { openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { printJson, printLine } from '../output.ts';
import { plural } from '#db/validation/text.ts';

export function registerDigestCommands(program: Command): void {
  const digest = program
    .command('digest')
    .description('the weekly digest of what is new in the tags users follow')
    .addHelpText(
      'after',
      examples(['queue this week’s digests from cron (safe to repeat)', 'npx skillshelf digest send']),
    );

  digest
    .command('send')
    .description(
      "queue this week's digest for every subscriber who has not had it and has something new (at most one a user a week)",
    )
    .option('--dry-run', 'count what would be sent, and queue nothing')
    .option('--json', 'print the counts as JSON')
    .addHelpText(
      'after',
      examples(
        ['send this week’s digests (safe to repeat: a user gets one a week)', 'npx skillshelf digest send'],
        ['see how many would go out', 'npx skillshelf digest send --dry-run'],
        ['a weekly cron line, Monday 07:00', '0 7 * * 1  cd /srv/skillshelf && npx skillshelf digest send'],
      ),
    )
    .action(send);
}

async function send(options: { dryRun?: boolean; json?: boolean }): Promise<void> {
  const run = await sendDigests(await openMigratedDb(), { dryRun: options.dryRun });
  if (options.json) return printJson(run);
  printLine(describeRun(run, Boolean(options.dryRun)));
}

export function describeRun(run: DigestRun, dryRun: boolean): string {
  const sent = plural(run.sent, 'digest');
  return [
    `${run.week}: ${dryRun ? `${sent} would be queued` : `${sent} queued`}`,
    `${run.alreadySent} already sent this week`,
    `${run.nothingNew} with nothing new`,
  ].join('; ');
}
