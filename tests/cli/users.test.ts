/** `skillshelf users create`: from a script (all options given), and answering its prompts in a terminal. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_BUSY } from '../../cli/errors.ts';
import { openDatabase } from '../setup/sql.ts';
import { onSqld } from '../setup/test-database.ts';
import { CTRL_C, ENTER, runCli, runInTerminal, tempDb, type TempDb, type TerminalSession } from './harness.ts';

let db: TempDb;
let terminal: TerminalSession | undefined;
beforeEach(async () => (db = await tempDb()));
afterEach(async () => {
  terminal?.kill();
  terminal = undefined;
  await db.remove();
});

const ada = ['--name', 'Ada Lovelace', '--email', 'Ada@Example.com', '--password', 'correct horse'];
const userRows = () => db.query('SELECT id, name, email, is_admin, password_hash FROM users');
const hasStackTrace = (text: string) => /\n\s+at /.test(text);

describe('with every value given as an option', () => {
  it('creates an admin on a brand-new database file', async () => {
    const run = await runCli(db.url, ['users', 'create', '--admin', ...ada]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [row, ...others] = await userRows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', is_admin: 1 });
    expect(run.stdout).toBe(`Created admin Ada Lovelace <ada@example.com> (id ${row!.id})\n`);
  });

  it('stores the password hashed with argon2id, never as typed', async () => {
    await runCli(db.url, ['users', 'create', ...ada]);
    const [row] = await userRows();
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain('correct horse');
  });

  it('without --admin creates a plain user; --json prints the public user', async () => {
    const run = await runCli(db.url, ['users', 'create', ...ada, '--json']);
    expect(run.code).toBe(0);
    const [row] = await userRows();
    expect(JSON.parse(run.stdout)).toEqual({
      _id: row!.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      isAdmin: false,
    });
    expect(row!.is_admin).toBe(0);
  });

  it('a registered email exits 1 with one line and no stack trace', async () => {
    await runCli(db.url, ['users', 'create', ...ada]);
    const run = await runCli(db.url, [
      'users',
      'create',
      '--name',
      'Other',
      '--email',
      'ADA@example.com',
      '--password',
      'another pass',
    ]);
    expect(run).toMatchObject({ code: 1, stdout: '', stderr: 'error: Email is already registered\n' });
    expect(await userRows()).toHaveLength(1);
  });

  it('an invalid email exits 1 naming the problem, and creates nothing', async () => {
    await runCli(db.url, ['db', 'migrate']);
    const run = await runCli(db.url, [
      'users',
      'create',
      '--name',
      'Ada',
      '--email',
      'not-an-email',
      '--password',
      'correct horse',
    ]);
    expect(run).toMatchObject({ code: 1, stderr: 'error: Email is not a valid email address\n' });
    expect(await userRows()).toEqual([]);
  });

  it('a short password exits 1 with the rule it breaks', async () => {
    const run = await runCli(db.url, [
      'users',
      'create',
      '--name',
      'Ada',
      '--email',
      'ada@example.com',
      '--password',
      'short',
    ]);
    expect(run).toMatchObject({ code: 1, stderr: 'error: Password must be at least 8 characters\n' });
  });

  // On a libSQL server the lock's wait is the server's own (5 s a try); a file's lock can be held from here.
  it.skipIf(onSqld)(
    'a database locked by another writer exits 1 saying so in one line, and creates nothing',
    async () => {
      await runCli(db.url, ['db', 'migrate']);
      const holder = await openDatabase(db.url);
      const held = await holder.transaction('write');
      try {
        const run = await runCli(db.url, ['users', 'create', ...ada], { DATABASE_BUSY_TIMEOUT: '300' });
        expect(run).toMatchObject({ code: 1, stdout: '', stderr: `error: ${DATABASE_BUSY}\n` });
        // Its trace names the refused SQL, not the values it was given (a password's hash among them).
        const traced = await runCli(db.url, ['--verbose', 'users', 'create', ...ada], { DATABASE_BUSY_TIMEOUT: '300' });
        expect(traced.stderr).toMatch(/\nError: Failed query: insert into "users" .+\n\s+at /);
        expect(traced.stderr).not.toMatch(/argon2|ada@example\.com|params:/);
      } finally {
        await held.rollback();
        held.close();
        holder.close();
      }
      expect(await userRows()).toEqual([]);
    },
  );

  it('--verbose adds the stack trace', async () => {
    await runCli(db.url, ['users', 'create', ...ada]);
    const run = await runCli(db.url, ['--verbose', 'users', 'create', ...ada]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: Email is already registered\nAppError: Email is already registered\n\s+at /);
  });
});

describe('with values missing and stdin not a terminal', () => {
  it('exits 2 naming the missing options instead of waiting for an answer', async () => {
    const run = await runCli(db.url, ['users', 'create', '--name', 'Ada']);
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "error: missing required options '--email', '--password' (not asked for: stdin is not a terminal)\n",
    });
    expect(hasStackTrace(run.stderr)).toBe(false);
  });

  it('names a single missing option', async () => {
    const run = await runCli(db.url, ['users', 'create', '--name', 'Ada', '--email', 'ada@example.com']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("missing required option '--password'");
  });
});

describe('in a terminal (a pseudo-terminal made by `script`)', () => {
  it('asks for name, email and a hidden password typed twice, then creates the admin', async () => {
    terminal = runInTerminal(db.url, ['users', 'create', '--admin']);
    await terminal.answer(/Name/, `Grace Hopper${ENTER}`);
    await terminal.answer(/Email/, `grace@example.com${ENTER}`);
    await terminal.answer(/Password/, `s3cret-cobol${ENTER}`);
    await terminal.answer(/Repeat password/, `s3cret-cobol${ENTER}`);
    const { code, screen } = await terminal.exit();
    expect(code).toBe(0);
    expect(screen).toMatch(/Created admin Grace Hopper <grace@example.com> \(id \w+\)/);
    expect(screen).toContain('************');
    expect(screen).not.toContain('s3cret-cobol');
    expect(await userRows()).toEqual([
      expect.objectContaining({ name: 'Grace Hopper', email: 'grace@example.com', is_admin: 1 }),
    ]);
  });

  it('asks only for what the options left out', async () => {
    terminal = runInTerminal(db.url, ['users', 'create', '--name', 'Grace Hopper', '--email', 'grace@example.com']);
    await terminal.answer(/Password/, `s3cret-cobol${ENTER}`);
    await terminal.answer(/Repeat password/, `s3cret-cobol${ENTER}`);
    const { code, screen } = await terminal.exit();
    expect(code).toBe(0);
    expect(screen).not.toMatch(/\? Name|\? Email/);
    expect(screen).toContain('Created user Grace Hopper');
  });

  it('refuses an invalid email at its prompt and asks again', async () => {
    terminal = runInTerminal(db.url, ['users', 'create', '--name', 'Grace Hopper', '--password', 's3cret-cobol']);
    await terminal.answer(/Email/, `grace-at-example${ENTER}`);
    await terminal.answer(/Email is not a valid email address/, `${'\x7f'.repeat(16)}grace@example.com${ENTER}`);
    const { code } = await terminal.exit();
    expect(code).toBe(0);
    expect(await userRows()).toEqual([expect.objectContaining({ email: 'grace@example.com' })]);
  });

  it('asks for both passwords again when the repeat does not match', async () => {
    terminal = runInTerminal(db.url, ['users', 'create', '--name', 'Grace Hopper', '--email', 'grace@example.com']);
    await terminal.answer(/Password/, `first-try-1${ENTER}`);
    await terminal.answer(/Repeat password/, `first-try-2${ENTER}`);
    await terminal.answer(/Passwords do not match, try again\.\s+\? Password/, `second-try${ENTER}`);
    await terminal.answer(/Repeat password/, `second-try${ENTER}`);
    expect((await terminal.exit()).code).toBe(0);
  });

  it('Ctrl+C at a prompt exits 130 and creates nothing', async () => {
    terminal = runInTerminal(db.url, ['users', 'create']);
    await terminal.answer(/Name/, CTRL_C);
    const { code, screen } = await terminal.exit();
    expect(code).toBe(130);
    expect(screen).toContain('error: cancelled');
    expect(await userRows()).toEqual([]);
  });
});
