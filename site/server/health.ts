/**
 * GET /healthz and GET /readyz, for a load balancer, an orchestrator or a monitor (docs/decisions/019):
 * - /healthz: 200 whenever this process serves requests at all: no database, no auth, never cached;
 * - /readyz: 200 only when the database answers a trivial query within a second and every migration is
 *   applied; 503 with a one-line reason otherwise, and at once when the process is shutting down. On a libSQL
 *   server or replica it also tries a write that changes nothing: when only that fails (the primary is gone,
 *   the replica still reads), it stays 200, since pages are still served, and says `ok, read-only: …`
 *   (docs/decisions/027).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '#db/client.ts';
import { config } from '#db/config.ts';
import type { DatabaseUnavailable } from '#db/remote-client.ts';
import { migrationsApplied } from '#db/migrate.ts';

export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);
const READY_TIMEOUT_MS = 1000;

export async function serveHealth(req: IncomingMessage, res: ServerResponse, path: string, headers: Record<string, string>, draining: boolean): Promise<void> {
  const reason = path === '/readyz' ? (draining ? 'shutting down' : await notReadyReason()) : undefined;
  const readOnly = path === '/readyz' && !reason ? await writesFailReason() : undefined;
  const body = `${reason ? `not ready: ${reason}` : readOnly ? `ok, read-only: ${readOnly}` : 'ok'}\n`;
  res.writeHead(reason ? 503 : 200, {
    ...headers,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Why a write cannot reach the database's primary, or undefined when it can (or the database is this machine's file). */
async function writesFailReason(): Promise<string | undefined> {
  const db = await getDb();
  if (db.$client.protocol === 'file' && !config().DATABASE_SYNC_URL) return undefined;
  return withinTimeout(
    // A write that changes nothing, so the replica forwards it and the primary takes its lock.
    db.$client.execute('DELETE FROM rate_limits WHERE 0').then(
      () => undefined,
      (error: unknown) => `writes cannot reach the primary database (${messageOf(error)})`,
    ),
    `the primary database did not take a write within ${READY_TIMEOUT_MS / 1000} s`,
  );
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

async function notReadyReason(): Promise<string | undefined> {
  const check = (async () => {
    const db = await getDb();
    await db.$client.execute('SELECT 1');
    return (await migrationsApplied(db)) ? undefined : 'migrations are not applied';
  })().catch((error: unknown) => `the database cannot be reached (${messageOf(error)})`);
  return withinTimeout(check, `the database did not answer within ${READY_TIMEOUT_MS / 1000} s`);
}
