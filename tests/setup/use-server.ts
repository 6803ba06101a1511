/**
 * A test file's server in one line: `const { server, api } = useServer()` starts the real server before the
 * file's tests (beforeAll, registered where it is called: before the hooks written after it) and stops it after
 * them. `server` and `api` can be taken apart at once and used inside hooks and tests; they reach the server
 * once it has started.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { reportBesideFailure } from './failure-report.ts';
import { apiClient, type ApiClient } from './http.ts';
import { startServer, type StartOptions, type TestServer } from './server.ts';
import { databaseOutputOf } from './test-database.ts';

/** How much of a server's output a failed test shows. */
const SERVER_LINES_SHOWN = 40;

/** A request's log line as its time, answer, path and duration; any other line as it is. */
function briefLogLine(line: string): string {
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const at = new Date(Number(entry.time)).toISOString().slice(11, 23);
    if (entry.path) return `${at} ${entry.status} ${entry.method} ${entry.path} ${entry.ms} ms`;
    return `${at} ${String(entry.msg ?? line)}`;
  } catch {
    return line;
  }
}

export interface UsedServer {
  /** The started server (its url, dbUrl, output…), from the file's first hook on. */
  readonly server: TestServer;
  /** A client of it (tests/setup/http.ts). */
  readonly api: ApiClient;
  /** Its address; read it inside a hook or test (`server.url` can be taken apart early). */
  readonly url: string;
}

/**
 * Starts a server for the calling file (or describe block) with `options`, given as they are or by a function
 * called when it starts (options that depend on an earlier hook: an SMTP sink, a local site).
 */
export function useServer(options: StartOptions | (() => StartOptions | Promise<StartOptions>) = {}): UsedServer {
  let started: TestServer | undefined;
  const ready = (): TestServer => {
    if (!started) throw new Error('useServer: the server is started in beforeAll; use it inside hooks and tests');
    return started;
  };
  beforeAll(async () => {
    started = await startServer(typeof options === 'function' ? await options() : options);
  });
  // What the server said last, beside a failed test: a timeout is otherwise all a CI log shows of it.
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail' || !started) return;
    const said = started.output().trimEnd().split('\n').slice(-SERVER_LINES_SHOWN);
    reportBesideFailure(task, "The server's output", said, { briefly: briefLogLine });
    // A libSQL server prints only its warnings and errors: all of them, when it has any.
    const database = databaseOutputOf(started.dbUrl)?.trim();
    if (database)
      reportBesideFailure(task, "The database server's output", database.split('\n').slice(-SERVER_LINES_SHOWN));
  });
  afterAll(async () => {
    await started?.stop();
  });
  const server = new Proxy({} as TestServer, {
    get: (_, key) => Reflect.get(ready(), key),
    has: (_, key) => Reflect.has(ready(), key),
  });
  return {
    server,
    api: apiClient(() => ready().url),
    get url() {
      return ready().url;
    },
  };
}
