/** Runs the real `skillshelf` process (cli/bin.mjs on this Node) against a temporary database file. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Row } from '@libsql/client';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'cli/bin.mjs');

export interface TempDb {
  url: string;
  path: string;
  /** One SQL query on the file, through a client of its own (the CLI's process is gone by then). */
  query: (sql: string, args?: (string | number)[]) => Promise<Row[]>;
  remove: () => void;
}

/** A database URL whose file does not exist yet. */
export function tempDb(): TempDb {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-cli-'));
  const path = join(dir, 'x.db');
  const url = `file:${path}`;
  return {
    url,
    path,
    query: async (sql, args = []) => {
      const client = createClient({ url });
      try {
        return (await client.execute({ sql, args })).rows;
      } finally {
        client.close();
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The environment of a run: this one, minus what would change the CLI's behaviour, plus the database. */
function cliEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const { SMTP_URL: _smtp, NODE_OPTIONS: _options, ...env } = process.env;
  return { ...env, DATABASE_URL: databaseUrl, NO_COLOR: '1' };
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with stdin a pipe that is already closed: nothing can be typed, as in a script. */
export function runCli(databaseUrl: string, args: string[]): Promise<Run> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: cliEnv(databaseUrl) });
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
