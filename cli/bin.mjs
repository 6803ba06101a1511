#!/usr/bin/env node
import module from 'node:module';

// The CLI is TypeScript run by Node's type stripping (the project pins Node 24). An older node found on
// PATH (a system Node 20) would fail on the .ts import with a cryptic error, hence the check and the
// dynamic imports after it.
if (!process.features.typescript) {
  process.stderr.write(
    `error: skillshelf needs Node 24, this is ${process.version}: run it as \`npx skillshelf\` in the checkout\n`,
  );
  process.exit(1);
}
// A batch of the CLI may run for minutes on a libSQL server; the site's 8 s limit per call is for visitors (db/config.ts).
process.env.DATABASE_TIMEOUT ??= '600000';
// Keeps compiled code between runs (in the OS temp dir): measured here, starts 15–35 % faster.
module.enableCompileCache();
// Most of the rest of the start-up was Node reading drizzle's package.json per module (db/drizzle-loading.ts).
const { loadDrizzleQuickly } = await import('../db/drizzle-loading.ts');
loadDrizzleQuickly();
const { run } = await import('./index.ts');
process.exitCode = await run(process.argv);
