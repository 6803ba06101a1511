/**
 * The production server's entry (site/server/serve.ts does the work). `npm start` (site/server/start.ts)
 * builds first when the sources changed; the tests and the bench start this file. drizzle's loading hooks
 * go in before anything that imports drizzle is resolved (db/drizzle-loading.ts).
 */
import { loadDrizzleQuickly } from '#db/drizzle-loading.ts';

loadDrizzleQuickly();
await import('./serve.ts');
