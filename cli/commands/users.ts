/** `skillshelf users …`: accounts, through the services in db/accounts like the API's. */
import type { Command } from 'commander';
import { createUserByAdmin, listAllUsers, sendPasswordResetByAdmin, setAdmin } from '#db/accounts/user-admin.ts';
import { mailTransport } from '#db/operations/mail.ts';
import { deliverDueMail } from '#db/operations/mail-sender.ts';
import { toPublicUser } from '#db/accounts/users.ts';
import { resetTwoFactor } from '#db/accounts/two-factor.ts';
import type { PublicUserShape } from '#db/accounts/contract.ts';
import { parseInput } from '#db/validation/parse.ts';
import { signUpInput } from '#db/accounts/validation/users.ts';
import { actorOf } from '../actor.ts';
import { openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { formatTime, printJson, printLine } from '../output.ts';
import { plural } from '#db/validation/text.ts';
import { askNewUser } from '../prompts/users.ts';
import { assertCanAsk } from '../prompts/terminal.ts';
import { visible } from '../terminal-text.ts';

export function registerUserCommands(program: Command): void {
  const users = program.command('users').description('manage accounts').addHelpText('after', USERS_HELP);

  users
    .command('list')
    .description('every account, newest first')
    .option('--json', 'print the users as a JSON array')
    .addHelpText('after', LIST_HELP)
    .action(listUsers);

  users
    .command('create')
    .description('create an account, asking for whatever is not given as an option')
    .option('--admin', 'make the account an administrator')
    .option('--name <name>', 'the name shown on reviews')
    .option('--email <email>', 'the email to sign in with')
    .option('--password <password>', 'the password (visible in shell history and ps: prefer the prompt)')
    .option('--json', 'print the created user as JSON')
    .addHelpText('after', CREATE_HELP)
    .action(createUser);

  users
    .command('promote')
    .argument('<email>', 'the account’s email')
    .description('make a user an administrator')
    .option('--json', 'print the user as JSON')
    .addHelpText('after', roleHelp('promote', 'make Grace an admin'))
    .action(promoteUser);

  users
    .command('demote')
    .argument('<email>', 'the account’s email')
    .description('take administrator rights away (never from the last admin)')
    .option('--json', 'print the user as JSON')
    .addHelpText('after', roleHelp('demote', 'Grace is no longer an admin'))
    .action(demoteUser);

  users
    .command('reset-password')
    .argument('<email>', 'the account’s email')
    .description('send the user a password-reset link, the mail of the site’s “forgot password” form')
    .addHelpText('after', RESET_PASSWORD_HELP)
    .action(sendPasswordReset);

  users
    .command('reset-2fa')
    .argument('<email>', 'the account’s email')
    .description('remove the second factor of an account whose owner lost their app and recovery codes')
    .addHelpText('after', RESET_2FA_HELP)
    .action(resetSecondFactor);
}

const RESET_2FA_HELP = [
  '\nThe authenticator app’s key and the recovery codes are removed and every session of the account ends:',
  'its owner signs in with the password alone, or, an admin where TWO_FACTOR_ADMINS is required, sets up a',
  'new app at that sign-in. Recorded in the audit log. Check who asks first: this is what a thief would ask for.',
  examples(['Grace lost her phone', 'npx skillshelf users reset-2fa grace@example.com']),
].join('\n');

async function resetSecondFactor(email: string, _options: unknown, command: Command): Promise<void> {
  const db = await openMigratedDb();
  printLine((await resetTwoFactor(db, await actorOf(db, command), email)).message);
}

const USERS_HELP = examples([
  'create the first administrator, answering prompts',
  'npx skillshelf users create --admin',
]);

const LIST_HELP = examples(
  ['who has an account', 'npx skillshelf users list'],
  ['the admins’ emails, in a script', "npx skillshelf users list --json | jq -r '.[] | select(.isAdmin) | .email'"],
);

async function listUsers(options: { json?: boolean }): Promise<void> {
  const list = await listAllUsers(await openMigratedDb());
  if (options.json) return printJson(list);
  if (list.length === 0)
    return printLine('There are no users yet: create the first admin with `npx skillshelf users create --admin`.');
  // Padded as shown: an escaped control character is wider than the character.
  const emails = list.map((u) => visible(u.email));
  const width = Math.max(...emails.map((email) => email.length));
  for (const [i, user] of list.entries())
    printLine(
      `${emails[i]!.padEnd(width)}  ${user.isAdmin ? 'admin' : 'user '}  ${formatTime(new Date(user.createdAt))}  ${user.name}`,
    );
  printLine(`${plural(list.length, 'user')}, ${plural(list.filter((u) => u.isAdmin).length, 'admin')}.`);
}

const CREATE_HELP = examples(
  ['create an administrator, asking for name, email and password', 'npx skillshelf users create --admin'],
  [
    'create a user from a script: nothing is asked when all three are given',
    'npx skillshelf users create --name \'Ada Lovelace\' --email ada@example.com --password "$PASSWORD" --json',
  ],
);

interface CreateOptions {
  admin?: boolean;
  name?: string;
  email?: string;
  password?: string;
  json?: boolean;
}

async function createUser(options: CreateOptions, command: Command): Promise<void> {
  const given = { name: options.name, email: options.email, password: options.password };
  const missing = Object.entries(given).filter(([, value]) => value === undefined);
  assertCanAsk(missing.map(([field]) => `--${field}`));
  // A bad option fails before the prompts, not after the user has answered them.
  parseInput(signUpInput.partial(), given);
  const db = await openMigratedDb();
  const actor = await actorOf(db, command);
  const user = await createUserByAdmin(db, actor, await askNewUser(given), { isAdmin: options.admin === true });
  if (options.json) printJson(toPublicUser(user));
  else printLine(`Created ${user.isAdmin ? 'admin' : 'user'} ${user.name} <${user.email}> (id ${user.id})`);
}

const roleHelp = (name: string, what: string) =>
  [
    '\nThe user’s sessions end (their rights changed): they sign in again. Recorded in the audit log.',
    examples([what, `npx skillshelf users ${name} grace@example.com`]),
  ].join('\n');

const promoteUser = (email: string, options: { json?: boolean }, command: Command) =>
  changeRole(email, true, options, command);
const demoteUser = (email: string, options: { json?: boolean }, command: Command) =>
  changeRole(email, false, options, command);

async function changeRole(
  email: string,
  isAdmin: boolean,
  options: { json?: boolean },
  command: Command,
): Promise<void> {
  const db = await openMigratedDb();
  const user = await setAdmin(db, await actorOf(db, command), email, isAdmin);
  if (options.json) printJson(user);
  else printLine(`${describe(user)} is ${user.isAdmin ? 'an admin' : 'not an admin'}.`);
}

const RESET_PASSWORD_HELP = [
  '\nThe mail goes out over SMTP at once when SMTP_URL is set (when that fails, the server tries again later);',
  'otherwise it is kept in the outbox table, where `skillshelf mail outbox` shows it (with the link). The link',
  'works for RESET_TOKEN_MINUTES (60 by default), until the password or the email changes.',
  examples(
    ['send Grace a reset link', 'npx skillshelf users reset-password grace@example.com'],
    [
      'without SMTP: read the link yourself',
      'npx skillshelf users reset-password grace@example.com && npx skillshelf mail outbox --limit 1',
    ],
  ),
].join('\n');

async function sendPasswordReset(email: string, _options: unknown, command: Command): Promise<void> {
  const db = await openMigratedDb();
  const user = await sendPasswordResetByAdmin(db, await actorOf(db, command), email);
  if (mailTransport() === 'outbox') {
    return printLine(
      `Put a password-reset mail for ${describe(user)} in the outbox (SMTP_URL is not set): read it with \`npx skillshelf mail outbox --limit 1\`.`,
    );
  }
  // Sent now rather than left to the server's sender; the server may have taken it first.
  const delivery = (await deliverDueMail(db)).find((d) => d.to === user.email);
  if (delivery?.status === 'sent') return printLine(`Sent a password-reset link to ${describe(user)} over SMTP.`);
  printLine(
    delivery
      ? `Could not send the password-reset mail to ${describe(user)} (${delivery.error}): ${delivery.status === 'failed' ? 'gave up' : 'the server will try again'}.`
      : `Queued a password-reset mail for ${describe(user)}: the server is sending it.`,
  );
  printLine('`npx skillshelf mail outbox --limit 1` shows where it is.');
}

const describe = (user: PublicUserShape) => `${user.name} <${user.email}>`;
