/** `skillshelf mail …`: the mail the site sent while no SMTP server was configured. */
import type { Command } from 'commander';
import { config } from '#db/config.ts';
import type { OutboxMessage } from '#db/schema.ts';
import { listOutbox } from '#db/services/mail.ts';
import { openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { parseCount } from '../options.ts';
import { formatTime, printJson, printLine } from '../output.ts';

interface OutboxOptions {
  json?: boolean;
  limit: number;
}

export function registerMailCommands(program: Command): void {
  const mail = program
    .command('mail')
    .description('read the mail kept in the database')
    .addHelpText('after', examples(['read the latest password-reset mail', 'npx skillshelf mail outbox --limit 1']));

  mail
    .command('outbox')
    .description('show the outbox, newest first: mail is kept there instead of sent while SMTP_URL is not set')
    .option('--json', 'print the messages as a JSON array')
    .option('--limit <n>', 'show at most n messages', parseCount, 20)
    .addHelpText(
      'after',
      examples(
        ['read the last 20 messages', 'npx skillshelf mail outbox'],
        ['take the newest reset link in a script', "npx skillshelf mail outbox --json --limit 1 | jq -r '.[0].text'"],
      ),
    )
    .action(async (options: OutboxOptions) => {
      const messages = await listOutbox(await openMigratedDb(), options.limit);
      if (options.json) printJson(messages);
      else if (messages.length === 0) printEmptyOutbox();
      else messages.forEach(printMessage);
    });
}

function printMessage(message: OutboxMessage): void {
  printLine(`${formatTime(message.createdAt)}  to ${message.to}`);
  printLine(`Subject: ${message.subject}`);
  printLine();
  for (const line of message.text.trimEnd().split('\n')) printLine(line && `    ${line}`);
  printLine();
}

function printEmptyOutbox(): void {
  // With SMTP_URL set the site sends mail out, so an empty outbox is expected rather than a symptom.
  printLine(config().SMTP_URL ? 'The outbox is empty: SMTP_URL is set, so mail is sent, not kept here.' : 'The outbox is empty.');
}
