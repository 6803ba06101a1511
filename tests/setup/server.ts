/**
 * Starts the real production server (site/server/main.mjs → dist/server/entry.mjs) on a free port and a fresh
 * database (a file, or a sqld of its own: tests/setup/test-database.ts), as `npm start` would, and stops it
 * after the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQLD_AUTH_TOKEN } from './sqld.ts';
import { databaseUrlIn, releaseDatabaseIn } from './test-database.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface TestServer {
  url: string;
  port: number;
  dbUrl: string;
  dir: string;
  process: ChildProcess;
  output: () => string;
  /** Stops the server (SIGTERM) and, unless `keepFiles`, removes its database. */
  stop: (options?: { keepFiles?: boolean }) => Promise<void>;
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill: () => Promise<void>;
}

export interface StartOptions {
  /** Seed the demo world into the new database (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  /** Reuse an existing database directory (e.g. to restart after a crash). */
  dir?: string;
  /** Return once the port takes connections, before the server answers (default: once it answers). */
  untilListening?: boolean;
}

/** Opens and closes a TCP connection to the port: undefined when it was accepted, else the error. */
export function tryConnect(port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error));
  });
}

/** The environment variable naming the seeded demo database the global setup made (tests/setup/global.ts). */
export const SEEDED_DATABASE = 'SKILLSHELF_TEST_SEEDED_DATABASE';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The key test servers encrypt second factors with (32 bytes, base64). */
export const TEST_TWO_FACTOR_KEY = Buffer.alloc(32, 7).toString('base64');

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'skillshelf-test-'));
  const dbUrl = await databaseUrlIn(dir);
  // A new, seeded database file starts as a copy of the one the global setup seeded: the server finds it
  // migrated and seeded, and skips both.
  const seeded = process.env[SEEDED_DATABASE];
  if (seeded && !options.dir && options.seed !== false && !options.env?.DATABASE_URL && dbUrl.startsWith('file:')) {
    const path = dbUrl.slice('file:'.length);
    copyFileSync(seeded, path);
    if (existsSync(`${seeded}-wal`)) copyFileSync(`${seeded}-wal`, `${path}-wal`);
  }
  // A port found free may be taken by another process before the server listens on it: then another port.
  const launch = async (port: number) => {
    const url = `http://127.0.0.1:${port}`;
    let log = '';
    const child = spawn(process.execPath, [join(root, 'site/server/main.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        // Every sqld the tests start requires it, as a deployed one does (a file ignores it): the test's own, or
        // one a test points DATABASE_URL or DATABASE_SYNC_URL at.
        DATABASE_AUTH_TOKEN: SQLD_AUTH_TOKEN,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        SEED_DEMO: options.seed === false ? 'false' : 'true',
        SMTP_URL: '',
        NODE_ENV: 'production',
        // Every test client is 127.0.0.1: per-address limits would throttle the suite itself. Per-account
        // limits stay as configured; tests/api/rate-limits.test.ts checks the production defaults.
        RATE_LIMIT_SIGNIN_IP: '100000/60',
        RATE_LIMIT_SIGNUP_IP: '100000/60',
        RATE_LIMIT_FORGET_IP: '100000/60',
        RATE_LIMIT_RESET_IP: '100000/60',
        RATE_LIMIT_VERIFY_IP: '100000/60',
        // Two-factor sign-in works on every test server (a fixed key: tests/api/two-factor.test.ts).
        TWO_FACTOR_KEY: TEST_TWO_FACTOR_KEY,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (log += chunk));
    child.stderr!.on('data', (chunk) => (log += chunk));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Server exited (${child.exitCode}):\n${log}`);
      if (options.untilListening) {
        if (!(await tryConnect(port))) break;
        if (Date.now() > deadline) throw new Error(`Server did not listen within 30 s:\n${log}`);
        await new Promise((r) => setTimeout(r, 2));
        continue;
      }
      try {
        const response = await fetch(`${url}/api/test`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`Server did not start within 30 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return { port, url, child, exited, output: () => log };
  };
  let launched: Awaited<ReturnType<typeof launch>> | undefined;
  for (let tries = 1; !launched; tries++) {
    try {
      launched = await launch(await freePort());
    } catch (error) {
      if (tries === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
  const { port, url, child, exited, output } = launched;

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    port,
    dbUrl,
    dir,
    process: child,
    output,
    stop: async ({ keepFiles = false } = {}) => {
      await end('SIGTERM');
      if (keepFiles || options.dir) return;
      await releaseDatabaseIn(dir);
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
  };
}
