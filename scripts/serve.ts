/**
 * Production entry: migrates the database, seeds the demo world into an empty one, then starts the built
 * Astro server (dist/server/entry.mjs) in WEB_CONCURRENCY processes sharing one port.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { closeDb, getDb } from '../db/client.ts';
import { config } from '../db/config.ts';
import { migrateDb } from '../db/migrate.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../db/seed/demo.ts';
import { createVisitorsHub } from '../site/lib/server/visitors.ts';

const entry = fileURLToPath(new URL(`../${process.env.SKILLSHELF_DIST ?? 'dist'}/server/entry.mjs`, import.meta.url));

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

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Our own HTTP server around Astro's handler (the adapter's autostart is off), so that the same port also
 * serves the WebSocket, responses are compressed, and the process can shut down cleanly.
 */
async function startServer(): Promise<void> {
  if (!existsSync(entry)) throw new Error('No build found at dist/server/entry.mjs: run `npm run build` first (npm start does it for you).');
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = (await import(entry)) as { handler: Handler };
  const { HOST, PORT } = config();
  const visitors = createVisitorsHub();
  // gzip or brotli (quality 4: fast enough per request) for every text response the client accepts it for.
  const compress = compression({ threshold: 1024 });
  const server = createServer((req, res) => compress(req as never, res as never, () => handler(req, res)));
  server.on('upgrade', visitors.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(PORT, HOST, resolve));
  console.log(`Skillshelf is listening on http://${HOST}:${PORT}`);

  const shutdown = () => {
    visitors.close();
    server.close(() => void closeDb().finally(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
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
