/** `skillshelf users …`: accounts, through db/services/users.ts like the API's. */
import type { Command } from 'commander';
import { createUser, toPublicUser } from '#db/services/users.ts';
import { parseInput } from '#db/validation/parse.ts';
import { signUpInput } from '#db/validation/users.ts';
import { openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { printJson, printLine } from '../output.ts';
import { askNewUser } from '../prompts/users.ts';
import { assertCanAsk } from '../prompts/terminal.ts';

interface CreateOptions {
  admin?: boolean;
  name?: string;
  email?: string;
  password?: string;
  json?: boolean;
}

export function registerUserCommands(program: Command): void {
  const users = program
    .command('users')
    .description('manage accounts')
    .addHelpText('after', examples(['create the first administrator, answering prompts', 'npx skillshelf users create --admin']));

  users
    .command('create')
    .description('create an account, asking for whatever is not given as an option')
    .option('--admin', 'make the account an administrator')
    .option('--name <name>', 'the name shown on reviews')
    .option('--email <email>', 'the email to sign in with')
    .option('--password <password>', 'the password (visible in shell history and ps: prefer the prompt)')
    .option('--json', 'print the created user as JSON')
    .addHelpText(
      'after',
      examples(
        ['create an administrator, asking for name, email and password', 'npx skillshelf users create --admin'],
        [
          'create a user from a script: nothing is asked when all three are given',
          "npx skillshelf users create --name 'Ada Lovelace' --email ada@example.com --password \"$PASSWORD\" --json",
        ],
      ),
    )
    .action(async (options: CreateOptions) => {
      const given = { name: options.name, email: options.email, password: options.password };
      const missing = Object.entries(given).filter(([, value]) => value === undefined);
      assertCanAsk(missing.map(([field]) => `--${field}`));
      // A bad option fails before the prompts, not after the user has answered them.
      parseInput(signUpInput.partial(), given);
      const db = await openMigratedDb();
      const user = await createUser(db, await askNewUser(given), { isAdmin: options.admin === true });
      if (options.json) printJson(toPublicUser(user));
      else printLine(`Created ${user.isAdmin ? 'admin' : 'user'} ${user.name} <${user.email}> (id ${user.id})`);
    });
}
