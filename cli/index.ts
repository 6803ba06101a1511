/**
 * The `skillshelf` program. Command groups live in cli/commands (one file each); how failures become
 * one stderr line and an exit code lives in cli/errors.ts.
 */
import { Command, CommanderError } from 'commander';
import { closeDb, workOnThePrimary } from '#db/client.ts';
import pkg from '../package.json' with { type: 'json' };
import { registerAuditCommand } from './commands/audit.ts';
import { registerCatalogCommands } from './commands/catalog.ts';
import { registerContentCommands } from './commands/contents.ts';
import { registerDbCommands } from './commands/db.ts';
import { registerDigestCommands } from './commands/digest.ts';
import { registerLinkCommands } from './commands/links.ts';
import { registerMailCommands } from './commands/mail.ts';
import { registerSubmissionCommands } from './commands/submissions.ts';
import { registerTagCommands } from './commands/tags.ts';
import { registerUserCommands } from './commands/users.ts';
import { describeError, EXIT_OK, exitCodeOf, oneLine, traceOf } from './errors.ts';
import { examples } from './help.ts';
import { visible } from './terminal-text.ts';

export function buildProgram(): Command {
  const program = new Command('skillshelf')
    .description(pkg.description)
    .version(pkg.version)
    .option('--verbose', 'print the stack trace of an error')
    .option(
      '--as <email>',
      'record changes in the audit log as done by this admin (default: your operating-system user name)',
    )
    // Set before the groups are added, which inherit them: commander throws instead of exiting (run() picks
    // the exit code) and its own errors, suggestions included, come out as one line, quoting the
    // arguments they name with control characters escaped.
    .exitOverride()
    .configureOutput({ outputError: (message, write) => write(`${visible(oneLine(message))}\n`) })
    .addHelpText(
      'after',
      examples(
        ['create the first administrator', 'npx skillshelf users create --admin'],
        ['review the submission queue', 'npx skillshelf submissions review'],
        [
          'approve as a named admin (recorded in the audit log)',
          'npx skillshelf --as admin@example.com submissions approve --all --yes',
        ],
        ['work on another database', 'DATABASE_URL=file:/srv/skillshelf.db npx skillshelf db migrate'],
        ['help on one command', 'npx skillshelf users create --help'],
      ),
    );
  registerDbCommands(program);
  registerSubmissionCommands(program);
  registerCatalogCommands(program);
  registerContentCommands(program);
  registerTagCommands(program);
  registerLinkCommands(program);
  registerUserCommands(program);
  registerMailCommands(program);
  registerDigestCommands(program);
  registerAuditCommand(program);
  return program;
}

/** Runs the command line and returns the exit code; nothing below calls process.exit. */
export async function run(argv: string[]): Promise<number> {
  // A command works on the primary: the server processes' replica files are theirs alone.
  workOnThePrimary();
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return EXIT_OK;
  } catch (error) {
    // Commander has already printed its own errors (configureOutput above), and help or --version.
    if (!(error instanceof CommanderError)) {
      process.stderr.write(`${describeError(error)}\n`);
      if (program.opts().verbose) process.stderr.write(`${traceOf(error)}\n`);
    }
    return exitCodeOf(error);
  } finally {
    await closeDb();
  }
}
