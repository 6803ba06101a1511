/** Builds the production server once before the suites that start it (skipped when dist/ is current). */
import type { TestProject } from 'vitest/node';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** The projects that run in-process, on a database file of their own: they need no server, so no build. */
const IN_PROCESS = new Set(['unit']);

export default function setup(rootProject: TestProject): void {
  if (rootProject.vitest.projects.every((project) => IN_PROCESS.has(project.name))) return;
  const entry = join(root, process.env.SKILLSHELF_DIST ?? 'dist', 'server/entry.mjs');
  const sources = ['site', 'db', 'astro.config.mjs', 'package.json'].map((p) => join(root, p));
  if (existsSync(entry) && statSync(entry).mtimeMs > Math.max(...sources.map(newest))) return;
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test; a build under it compiles JSX for React's dev runtime, which the
    // production react-dom lacks (jsxDEV is not a function): every page with an island would fail.
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('astro build failed');
}
