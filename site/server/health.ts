/**
 * GET /healthz and GET /readyz, for a load balancer, an orchestrator or a monitor on the local network
 * (docs/decisions/019; deploy/nginx.conf does not pass them from the internet):
 * - /healthz: 200 whenever this process serves requests at all: no database, no auth, never cached;
 * - /readyz: 200 only when the database answers a trivial query within a second and every migration is
 *   applied; 503 with a one-line reason otherwise, and at once when the process is shutting down. The
 *   database is asked at most once per READY_FOR_MS per process, whatever the number of probes, and never
 *   written to. On a libSQL server or replica, when this process's latest write could not reach the primary
 *   (the replica still reads), it stays 200, since pages are still served, and says `ok, read-only: …`
 *   (docs/decisions/027).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '#db/client.ts';
import { type DatabaseUnavailable, writesUnreachable } from '#db/remote-client.ts';
import { migrationsApplied } from '#db/migrate.ts';

export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);
const READY_TIMEOUT_MS = 1000;
/** How long an answer of the database stands for every probe: a flood of them costs one check a second. */
const READY_FOR_MS = 1000;

export async function serveHealth(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  headers: Record<string, string>,
  draining: boolean,
): Promise<void> {
  const reason = path === '/readyz' ? (draining ? 'shutting down' : await recentNotReadyReason()) : undefined;
  const unreachable = path === '/readyz' && !reason ? writesUnreachable() : undefined;
  const readOnly = unreachable && `writes cannot reach the primary database (${unreachable})`;
  const body = `${reason ? `not ready: ${reason}` : readOnly ? `ok, read-only: ${readOnly}` : 'ok'}\n`;
  res.writeHead(reason ? 503 : 200, {
    ...headers,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Why a call failed, in a line (a DatabaseUnavailable's reason; it may come from the other copy of db/, hence no instanceof). */
const messageOf = (error: unknown) =>
  typeof (error as DatabaseUnavailable | null)?.reason === 'string'
    ? (error as DatabaseUnavailable).reason
    : error instanceof Error
      ? error.message.split('\n')[0]
      : 'unknown error';

async function withinTimeout(check: Promise<string | undefined>, late: string): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(late), READY_TIMEOUT_MS)));
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let recent: { at: number; reason: Promise<string | undefined> } | undefined;

/** The latest check's answer while it is under READY_FOR_MS old (or still under way), else a new check's. */
function recentNotReadyReason(): Promise<string | undefined> {
  const now = performance.now();
  if (!recent || now - recent.at >= READY_FOR_MS) recent = { at: now, reason: notReadyReason() };
  return recent.reason;
}

async function notReadyReason(): Promise<string | undefined> {
  const check = (async () => {
    const db = await getDb();
    await db.$client.execute('SELECT 1');
    return (await migrationsApplied(db)) ? undefined : 'migrations are not applied';
  })().catch((error: unknown) => `the database cannot be reached (${messageOf(error)})`);
  return withinTimeout(check, `the database did not answer within ${READY_TIMEOUT_MS / 1000} s`);
}
