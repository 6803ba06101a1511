/**
 * The server's log: one JSON line per event through pino (docs/decisions/019), to stdout, for whatever
 * collects it (journald, Docker, a log shipper). LOG_LEVEL picks the level ('silent' for none),
 * LOG_FORMAT=pretty makes it readable in a terminal (development only: pino-pretty is a devDependency).
 *
 * Process-wide: the front door loads this module from source and Astro's bundle loads its own copy (for
 * errors an endpoint did not expect), so the logger and the current request live under registered
 * symbols, and both copies write the same lines with the same request id.
 *
 * Nothing secret may reach a line: paths go through loggablePath, and no header, body or cookie is logged.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';
import SonicBoom from 'sonic-boom';
import { config } from '#db/config.ts';
import { withoutQueryValues } from '#db/errors.ts';
import { namesSecretPage } from '#db/validation/secret-links.ts';

/** What the log knows of the request being served (the Astro locals of the request, filled as it goes). */
export interface RequestState {
  requestId: string;
}

interface Shared {
  logger: Logger;
  requests: AsyncLocalStorage<RequestState>;
}

const SHARED = Symbol.for('skillshelf.log');
const slot = globalThis as { [SHARED]?: Shared };

function createLogger(): Logger {
  const { LOG_LEVEL, LOG_FORMAT } = config();
  // pino's own time (milliseconds since 1970): an ISO string costs a tenth of a line (docs/decisions/019).
  const options = {
    level: LOG_LEVEL,
    base: { pid: process.pid },
    // Every error logged, whoever logs it: a failed query without the values it was given.
    serializers: { err: (error: unknown) => pino.stdSerializers.err(withoutQueryValues(error) as Error) },
  };
  if (LOG_FORMAT === 'pretty') {
    // A request reads "GET /search 200 4 ms {…the other fields}" on one line.
    const pretty = {
      colorize: true,
      singleLine: true,
      ignore: 'pid,method,path,status,ms',
      messageFormat: '{if method}{method} {path} {status} {ms} ms{end}{msg}',
    };
    return pino({ ...options, transport: { target: 'pino-pretty', options: pretty } });
  }
  return pino(options, bufferedStdout());
}

/**
 * stdout through sonic-boom (pino's own writer), off the request's path: lines are kept and written 12 KB
 * at a time, every quarter of a second, and at exit. One write per line (a thread-pool round trip each)
 * cost three times as much as making the line; handed over as bytes, because in its text mode sonic-boom
 * measures the whole pending text again for every line (docs/decisions/019).
 */
function bufferedStdout(): DestinationStream & { flush: (done: (error?: Error) => void) => void } {
  const out = new SonicBoom({ fd: 1, sync: false, minLength: 12 * 1024, periodicFlush: 250, contentMode: 'buffer' });
  process.once('exit', () => {
    try {
      out.flushSync();
    } catch {
      // Nothing more can be written at exit.
    }
  });
  return { write: (line: string) => void out.write(Buffer.from(line) as never), flush: (done) => out.flush(done) };
}

function shared(): Shared {
  return (slot[SHARED] ??= { logger: createLogger(), requests: new AsyncLocalStorage() });
}

export const log = (): Logger => shared().logger;

/** Runs `serve` with `state` as the current request, so that anything logged inside names its id. */
export function withRequest<T>(state: RequestState, serve: () => T): T {
  return shared().requests.run(state, serve);
}

/** An error nobody expected, with its stack and the current request's id: the client is told only that something went wrong. */
export function logError(error: unknown, message = 'Request failed'): void {
  const requestId = shared().requests.getStore()?.requestId;
  log().error({ requestId, err: error }, message);
}

/** Query parameters whose values are secrets or personal (a reset token, a password, an address). */
const SECRET_PARAM = /token|password|passwd|secret|key|code|auth|sig|email/i;
/** Path segments that are secrets: a reset link's token (db/validation/secret-links.ts). */
const SECRET_SEGMENT = /^(\/reset-password\/)[^/?]+/;

/**
 * A request target fit for the log: the reset link's token replaced, secret query values replaced (and
 * any value naming a page whose address holds a secret, a sign-in's redirect to a reset link, whatever
 * its name), and at most 300 characters (a target is the client's to choose).
 */
export function loggablePath(target: string): string {
  const query = target.indexOf('?');
  let path = (query === -1 ? target : target.slice(0, query)).replace(SECRET_SEGMENT, '$1[redacted]');
  if (query !== -1) path += `?${loggableQuery(target.slice(query + 1))}`;
  return path.length > 300 ? `${path.slice(0, 300)}…` : path;
}

function loggableQuery(query: string): string {
  // Most queries name nothing secret, and spell their names plainly: kept whole without taking them apart.
  if (!query.includes('%') && !SECRET_PARAM.test(query) && !namesSecretPage(query)) return query;
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (namesSecretPage(name)) return '[redacted]';
      if (eq === -1) return pair;
      return SECRET_PARAM.test(safeDecode(name)) || namesSecretPage(pair.slice(eq + 1)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
