import { defineConfig } from 'vitest/config';

/**
 * Three kinds of tests, one command:
 * - unit: services and CLI helpers beside their code, on a temporary database file each;
 * - api, cli: the real built server / the real `skillshelf` process, one temporary database per test file;
 * - e2e: Debian's Chromium (playwright-core) against the real server.
 * The build runs once, in globalSetup, when the sources are newer than dist/.
 */
export default defineConfig({
  test: {
    globalSetup: ['./tests/setup/global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['db/**/*.test.ts', 'cli/**/*.test.ts', 'site/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'] } },
      // Each test starts CLI processes and mostly waits for them: two files at a time, in a group of their own.
      { extends: true, test: { name: 'cli', include: ['tests/cli/**/*.test.ts'], maxWorkers: 2, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'security', include: ['tests/security/**/*.test.ts'] } },
      { extends: true, test: { name: 'contract', include: ['tests/contract/**/*.test.ts'] } },
      // Its 100k catalog takes a minute and a half to make, on one core: made while the CLI tests wait on their processes.
      { extends: true, test: { name: 'scale', include: ['tests/scale/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 300_000, maxWorkers: 2, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], maxWorkers: 1, testTimeout: 60_000 } },
    ],
  },
});
