/**
 * Production entry: migrates the database, seeds the demo world into an empty one, then starts the built
 * Astro server (dist/server/entry.mjs) in WEB_CONCURRENCY processes sharing one port.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { closeDb, getDb } from '../db/client.ts';
import { config } from '../db/config.ts';
import { migrateDb } from '../db/migrate.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../db/seed/demo.ts';
import { startMailSender } from '../db/services/mail-sender.ts';
import { cachedPageResponse, isVisitorRequest } from '../site/lib/server/page-cache.ts';
import { securityHeaders } from '../site/lib/server/security-headers.ts';
import { createVisitorsHub } from '../site/lib/server/visitors.ts';
import { loadStaticFiles, serveStaticFile } from './static-files.ts';

const dist = fileURLToPath(new URL(`../${process.env.SKILLSHELF_DIST ?? 'dist'}/`, import.meta.url));
const entry = join(dist, 'server/entry.mjs');

async function prepareDatabase(): Promise<void> {
  const db = await getDb();
  await migrateDb(db);
  if (config().SEED_DEMO === 'true') {
    const report = await seedDemo(db);
    if (report.seeded) {
      console.log(`Seeded demo data: ${report.contents} contents, ${report.reviews} reviews, ${report.users} accounts:`);
      for (const a of DEMO_ACCOUNTS) console.log(`  ${a.isAdmin ? 'admin' : 'user '}  ${a.email}  password: ${a.password}`);
    }
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Our own HTTP server around Astro's handler (the adapter in middleware mode), so that the same port also
 * serves the WebSocket and the built files, responses are compressed, and the process can shut down cleanly.
 */
async function startServer(): Promise<void> {
  if (!existsSync(entry)) throw new Error('No build found at dist/server/entry.mjs: run `npm run build` first (npm start does it for you).');
  // The adapter runs in middleware mode: its handler renders, and the built files are ours to serve.
  const { handler } = (await import(entry)) as { handler: Handler };
  const files = loadStaticFiles(join(dist, 'client'));
  const { HOST, PORT } = config();
  const visitors = createVisitorsHub();
  // gzip or brotli (quality 4: fast enough per request) for every text response the client accepts it for.
  const compress = compression({ threshold: 1024 });
  const server = createServer((req, res) =>
    compress(req as never, res as never, () => {
      if (!isDecodable(req.url ?? '/')) {
        res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'The address is not valid (bad percent-encoding)' }));
      } else if (!serveStaticFile(files, req, res)) void serveCachedPage(req, res).then((served) => (served ? undefined : handler(req, res)));
    }),
  );
  server.on('upgrade', visitors.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(PORT, HOST, resolve));
  console.log(`Skillshelf is listening on http://${HOST}:${PORT}`);
  const mailSender = startMailSender(await getDb());

  const shutdown = () => {
    void mailSender.stop();
    visitors.close();
    server.close(() => void closeDb().finally(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/**
 * A visitor's GET of a catalog page the cache holds for the current catalog: answered here, without Astro
 * (most of a cached page's cost is the framework's request pipeline). Anyone with a session cookie or a
 * token, and every miss, goes on to Astro, whose middleware fills the cache.
 */
async function serveCachedPage(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== 'GET' || !isVisitorRequest(req.headers.cookie, req.headers.authorization)) return false;
  try {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const page = await cachedPageResponse(await getDb(), url, req.headers['if-none-match']);
    if (!page) return false;
    // This server speaks plain http; securityHeaders adds HSTS when PUBLIC_URL is https (TLS ended in front).
    const length = page.body ? ['content-length', String(page.body.byteLength)] : [];
    res.writeHead(page.status, [...page.headers.flat(), ...Object.entries(securityHeaders('http:')).flat(), ...length]);
    res.end(page.body);
    return true;
  } catch {
    // Whatever went wrong, Astro answers the request (and reports it).
    return false;
  }
}

function isDecodable(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

if (cluster.isPrimary) {
  await prepareDatabase();
  const workers = config().WEB_CONCURRENCY;
  if (workers === 1) {
    await startServer();
  } else {
    await closeDb();
    console.log(`Starting ${workers} server processes on port ${config().PORT}`);
    for (let i = 0; i < workers; i++) cluster.fork();
    cluster.on('exit', (worker, code, signal) => {
      console.error(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
      cluster.fork();
    });
    const stop = () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      process.exit(0);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  }
} else {
  await startServer();
}
