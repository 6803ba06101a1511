/**
 * Builds the production server once before the suites that start it (skipped when dist/ is current), and
 * seeds one demo database that each server started on a new file begins from (tests/setup/server.ts): a
 * copy costs nothing, where migrating and seeding cost every start half a second of CPU.
 */
import type { TestProject } from 'vitest/node';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEEDED_DATABASE } from './server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** The projects that run in-process, on a database file of their own: they need no server, so no build. */
const IN_PROCESS = new Set(['unit']);

export default function setup(rootProject: TestProject): (() => void) | undefined {
  if (rootProject.vitest.projects.every((project) => IN_PROCESS.has(project.name))) return;
  build();
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-seeded-'));
  const path = join(dir, 'skillshelf.db');
  const seeded = spawnSync(process.execPath, [join(root, 'cli/bin.mjs'), 'db', 'seed'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: `file:${path}`, NO_COLOR: '1' },
  });
  if (seeded.status !== 0) throw new Error(`seeding the demo database failed:\n${seeded.stdout}${seeded.stderr}`);
  // The workers start after this, with this environment.
  process.env[SEEDED_DATABASE] = path;
  return () => rmSync(dir, { recursive: true, force: true });
}

function build(): void {
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
