/**
 * The production server's entry (site/server/serve.ts does the work). `npm start` (site/server/start.ts)
 * builds first when the sources changed; the tests and the bench start this file. drizzle's loading hooks
 * go in before anything that imports drizzle is resolved (db/drizzle-loading.ts).
 */
import module from 'node:module';
import { loadDrizzleQuickly } from '#db/drizzle-loading.ts';

// Keeps compiled code between starts (in the OS temp dir), as the CLI does: a start, a restart and each worker
// of WEB_CONCURRENCY compile the server's modules once rather than every time.
module.enableCompileCache();
loadDrizzleQuickly();
await import('./serve.ts');
