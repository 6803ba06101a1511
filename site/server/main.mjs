/**
 * The production server's entry (site/server/serve.ts does the work). `npm start` (site/server/start.ts)
 * builds first when the sources changed; the tests, the bench and the service unit start this file.
 *
 * JavaScript, not TypeScript, like cli/bin.mjs: the compile cache keeps every TypeScript module already
 * stripped, but an entry in TypeScript is stripped before it can turn the cache on, and stripping even that
 * one file loads Node's TypeScript stripper (a WebAssembly build of swc), about 0.13 s of CPU at every start
 * of the server and of each WEB_CONCURRENCY worker.
 */
import module from 'node:module';

// Keeps compiled code between starts (in the OS temp dir), as the CLI does: a start, a restart and each worker
// of WEB_CONCURRENCY compile the server's modules once rather than every time.
module.enableCompileCache();
// drizzle's loading hooks go in before anything that imports drizzle is resolved (db/drizzle-loading.ts).
const { loadDrizzleQuickly } = await import('#db/drizzle-loading.ts');
loadDrizzleQuickly();
await import('./serve.ts');
