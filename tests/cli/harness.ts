/**
 * Runs the real `skillshelf` process (cli/bin.mjs on this Node) against a temporary database file, either
 * with stdin a pipe (as in scripts and CI) or inside a pseudo-terminal made by util-linux `script`, where
 * the prompts are answered the way a person types.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { createClient, type Row } from '@libsql/client';
import { SQLD_AUTH_TOKEN } from '../setup/sqld.ts';
import { databaseAuthToken, databaseUrlIn, releaseDatabaseIn } from '../setup/test-database.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'cli/bin.mjs');

export interface TempDb {
  url: string;
  /** Its own directory, for the files a test writes beside it. */
  dir: string;
  /** One SQL query on the database, through a client of its own (the CLI's process is gone by then). */
  query: (sql: string, args?: (string | number)[]) => Promise<Row[]>;
  remove: () => Promise<void>;
}

/** A new, empty database (not migrated): a file not made yet, or an empty sqld (tests/setup/test-database.ts). */
export async function tempDb(): Promise<TempDb> {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-cli-'));
  const url = await databaseUrlIn(dir);
  return {
    url,
    dir,
    query: async (sql, args = []) => {
      const client = createClient({ url, authToken: databaseAuthToken(url) });
      try {
        return (await client.execute({ sql, args })).rows;
      } finally {
        client.close();
      }
    },
    remove: async () => {
      await releaseDatabaseIn(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The environment of a run: this one, minus what would change the CLI's behaviour, plus the database, the token
 * every sqld the tests start requires (a file ignores it), and `extra`.
 */
function cliEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { SMTP_URL: _smtp, NODE_OPTIONS: _options, ...env } = process.env;
  return { ...env, DATABASE_URL: databaseUrl, DATABASE_AUTH_TOKEN: SQLD_AUTH_TOKEN, NO_COLOR: '1', ...extra };
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with stdin a pipe that is already closed: nothing can be typed, as in a script. */
export function runCli(databaseUrl: string, args: string[], env?: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: cliEnv(databaseUrl, env) });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface TerminalSession {
  /** Waits until the screen shows `pattern` since the last answer, then types `keys`. */
  answer: (pattern: RegExp, keys: string) => Promise<void>;
  /**
   * Waits for the process to end; `screen` is everything it showed, without colours and cursor moves, and
   * `raw` every byte it wrote to the terminal, escape sequences included.
   */
  exit: () => Promise<{ code: number | null; screen: string; raw: string }>;
  kill: () => void;
}

export const ENTER = '\r';
export const CTRL_C = '\x03';

/** Runs the CLI in a pseudo-terminal (`script -qec … /dev/null`), so process.stdin.isTTY is true inside. */
export function runInTerminal(databaseUrl: string, args: string[]): TerminalSession {
  const command = [process.execPath, bin, ...args].map(shellQuote).join(' ');
  const child: ChildProcess = spawn('script', ['-qec', command, '/dev/null'], { cwd: root, env: cliEnv(databaseUrl) });
  let raw = '';
  let seen = 0;
  child.stdout!.on('data', (chunk: Buffer) => (raw += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (raw += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const screen = () => stripVTControlCharacters(raw);

  const waitFor = async (pattern: RegExp): Promise<void> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rest = screen().slice(seen);
      const match = pattern.exec(rest);
      if (match) {
        seen += match.index + match[0].length;
        return;
      }
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`never saw ${pattern} on the screen:\n${screen()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  return {
    answer: async (pattern, keys) => {
      await waitFor(pattern);
      child.stdin!.write(keys);
    },
    exit: async () => ({ code: await exited, screen: screen(), raw }),
    kill: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The nice value of the running `skillshelf` process whose arguments include `words` and whose database is
 * `url` (from /proc: Linux only), or undefined when there is none.
 */
export function niceOfCli(url: string, words: string[]): number | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!command.some((arg) => arg.endsWith('cli/bin.mjs')) || !words.every((word) => command.includes(word)))
        continue;
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATABASE_URL=${url}`)) continue;
      // Field 19 of stat, counted after the command's closing parenthesis (field 2).
      return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    } catch {
      // The process ended while it was read.
    }
  }
  return undefined;
}
