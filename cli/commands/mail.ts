/** `skillshelf mail …`: the outbox every mail goes through, with its delivery state, and sending it by hand. */
import type { Command } from 'commander';
import { invalid } from '#db/errors.ts';
import { listOutbox, mailTransport, type OutboxMessage } from '#db/operations/mail.ts';
import { deliverDueMail, type Delivery } from '#db/operations/mail-sender.ts';
import { openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { parseCount } from '../options.ts';
import { formatTime, printJson, printLine } from '../output.ts';
import { plural } from '#db/validation/text.ts';

export function registerMailCommands(program: Command): void {
  const mail = program
    .command('mail')
    .description('the outbox: every mail the site sends, and where it is')
    .addHelpText('after', examples(['read the latest password-reset mail', 'npx skillshelf mail outbox --limit 1']));

  mail
    .command('outbox')
    .description(
      'show the outbox, newest first: every mail the site sends, with where it is (kept there while SMTP_URL is not set)',
    )
    .option('--json', 'print the messages as a JSON array')
    .option('--limit <n>', 'show at most n messages', parseCount, 20)
    .addHelpText('after', OUTBOX_HELP)
    .action(showOutbox);

  mail
    .command('send')
    .description(
      'send the mail that is due now over SMTP, without waiting for the server (which does it in the background)',
    )
    .option('--json', 'print what became of each mail as a JSON array')
    .addHelpText(
      'after',
      examples(['deliver waiting mail now, e.g. after the SMTP server was down', 'npx skillshelf mail send']),
    )
    .action(sendDueMail);
}

const OUTBOX_HELP = [
  '\nStatus: kept (SMTP_URL is not set: the outbox is its only copy), pending (waiting for its first or next',
  'attempt), sending, sent (its body is then dropped: a reset link is kept only until it is delivered), or failed',
  '(after MAIL_MAX_ATTEMPTS). The server sends pending mail in the background.',
  examples(
    ['read the last 20 messages', 'npx skillshelf mail outbox'],
    ['take the newest reset link in a script', "npx skillshelf mail outbox --json --limit 1 | jq -r '.[0].text'"],
    [
      'mail that could not be delivered',
      'npx skillshelf mail outbox --json | jq \'.[] | select(.status == "failed")\'',
    ],
  ),
].join('\n');

async function showOutbox(options: { json?: boolean; limit: number }): Promise<void> {
  const messages = await listOutbox(await openMigratedDb(), options.limit);
  if (options.json) printJson(messages);
  else if (messages.length === 0) printLine('The outbox is empty.');
  else messages.forEach(printMessage);
}

async function sendDueMail(options: { json?: boolean }): Promise<void> {
  if (mailTransport() !== 'smtp') throw invalid('SMTP_URL is not set: mail is kept in the outbox, not sent');
  const deliveries = await deliverDueMail(await openMigratedDb());
  if (options.json) return printJson(deliveries);
  for (const d of deliveries) printLine(describeDelivery(d));
  printLine(
    deliveries.length === 0
      ? 'No mail is due.'
      : `${plural(deliveries.filter((d) => d.status === 'sent').length, 'mail')} sent.`,
  );
}

function printMessage(message: OutboxMessage): void {
  printLine(`${formatTime(message.createdAt)}  to ${message.to}`);
  printLine(`Subject: ${message.subject}`);
  printLine(`Status: ${describeStatus(message)}`);
  printLine();
  if (message.status === 'sent') printLine('    (the body is not kept once sent)');
  else for (const line of message.text.trimEnd().split('\n')) printLine(line && `    ${line}`);
  printLine();
}

function describeStatus(message: OutboxMessage): string {
  switch (message.status) {
    case 'kept':
      return 'kept here, not sent (SMTP_URL was not set)';
    case 'pending':
      return message.attempts === 0
        ? 'waiting to be sent'
        : `attempt ${message.attempts} failed (${message.lastError}); the next one after ${formatTime(message.nextAttemptAt)}`;
    case 'sending':
      return `being sent (attempt ${message.attempts})`;
    case 'sent':
      return `sent ${formatTime(message.sentAt ?? message.createdAt)} (attempt ${message.attempts})`;
    case 'failed':
      return `not sent: gave up after ${message.attempts} attempts (${message.lastError})`;
  }
}

/** One line on what became of a mail sent by hand. */
function describeDelivery(delivery: Delivery): string {
  if (delivery.status === 'sent') return `Sent the mail to ${delivery.to}.`;
  const next = delivery.status === 'failed' ? 'gave up (MAIL_MAX_ATTEMPTS)' : 'it will be tried again';
  return `Could not send the mail to ${delivery.to}: ${delivery.error}; ${next}.`;
}
