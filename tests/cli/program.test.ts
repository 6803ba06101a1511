/** The program as a whole: usage errors, help, version, and how failures are reported. */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Command, CommanderError } from 'commander';
import { buildProgram } from '../../cli/index.ts';
import { runCli, tempDb, type TempDb } from './harness.ts';

let db: TempDb;
beforeEach(async () => (db = await tempDb()));
afterEach(() => db.remove());

const lines = (text: string) => text.trimEnd().split('\n');

describe('usage errors exit 2 with one line on stderr', () => {
  it('an unknown command', async () => {
    const run = await runCli(db.url, ['dbb']);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual(["error: unknown command 'dbb' (Did you mean db?)"]);
    expect(run.stdout).toBe('');
  });

  it('an unknown option', async () => {
    const run = await runCli(db.url, ['db', 'migrate', '--frobnicate']);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual(["error: unknown option '--frobnicate'"]);
  });

  it('an unknown subcommand of a group', async () => {
    const run = await runCli(db.url, ['users', 'creat']);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual(["error: unknown command 'creat' (Did you mean create?)"]);
  });

  it('a group without its subcommand shows the group help on stderr', async () => {
    const run = await runCli(db.url, ['db']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: skillshelf db');
  });
});

describe('help', () => {
  // Every command of the program, read from its own tree: a new command cannot miss its help.
  const walk = (command: Command, path: string[]): string[][] => [
    path,
    ...command.commands.flatMap((sub) => walk(sub, [...path, sub.name()])),
  ];
  const commands = walk(buildProgram(), []);

  it('covers every command', () => {
    expect(commands.length).toBeGreaterThanOrEqual(25);
  });

  /** `--help` of `command` read in this process, through the program's own parsing: its exit code and what it printed. */
  async function helpOf(command: string[]): Promise<{ code: number; stdout: string }> {
    const program = buildProgram();
    let stdout = '';
    const capture = (each: Command) => {
      each.configureOutput({ writeOut: (text) => (stdout += text) });
      for (const sub of each.commands) capture(sub);
    };
    capture(program);
    try {
      await program.parseAsync([...command, '--help'], { from: 'user' });
      return { code: 0, stdout };
    } catch (error) {
      if (error instanceof CommanderError) return { code: error.exitCode, stdout };
      throw error;
    }
  }

  // Read in this process: one process per command took a second each. The process's own exit is checked below.
  it.each(commands.map((c) => [c.join(' ') || '(program)', c] as const))(
    '--help of %s has Examples and exits 0',
    async (_, command) => {
      const help = await helpOf(command);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: skillshelf${command.map((c) => ` ${c}`).join('')} [options]`);
      expect(help.stdout).toMatch(/\nExamples:\n {2}# .+\n {2}\$ .*npx skillshelf /);
    },
  );

  it('the process prints the same help and exits 0', async () => {
    const command = ['submissions', 'review'];
    const run = await runCli(db.url, [...command, '--help']);
    expect(run).toMatchObject({ code: 0, stdout: (await helpOf(command)).stdout });
  });

  it('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const run = await runCli(db.url, ['--version']);
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n` });
  });
});

describe('failures of the operation exit 1', () => {
  it('a configuration error is one line', async () => {
    const run = await runCli('', ['db', 'migrate']);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(/^error: Invalid configuration: DATABASE_URL/);
  });

  it('a database that cannot be opened is one line', async () => {
    const run = await runCli(`file:${db.dir}`, ['db', 'migrate']);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(/^error: /);
  });
});
