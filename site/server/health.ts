/**
 * GET /healthz and GET /readyz, for a load balancer, an orchestrator or a monitor (docs/decisions/019):
 * - /healthz: 200 whenever this process serves requests at all: no database, no auth, never cached;
 * - /readyz: 200 only when the database answers a trivial query within a second and every migration is
 *   applied; 503 with a one-line reason otherwise, and at once when the process is shutting down.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '#db/client.ts';
import { migrationsApplied } from '#db/migrate.ts';

export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);
const READY_TIMEOUT_MS = 1000;

export async function serveHealth(req: IncomingMessage, res: ServerResponse, path: string, headers: Record<string, string>, draining: boolean): Promise<void> {
  const reason = path === '/readyz' ? (draining ? 'shutting down' : await notReadyReason()) : undefined;
  const body = `${reason ? `not ready: ${reason}` : 'ok'}\n`;
  res.writeHead(reason ? 503 : 200, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(body)) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function notReadyReason(): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`the database did not answer within ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS)));
  const check = (async () => {
    const db = await getDb();
    await db.$client.execute('SELECT 1');
    return (await migrationsApplied(db)) ? undefined : 'migrations are not applied';
  })().catch((error: unknown) => `the database cannot be reached (${error instanceof Error ? error.message.split('\n')[0] : 'unknown error'})`);
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
