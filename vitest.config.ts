import { defineConfig } from 'vitest/config';
import { ProjectsWaitingFirst } from './tests/setup/sequencer.ts';

import { hasSqld, NO_SQLD } from './tests/setup/sqld.ts';

/**
 * On a libSQL server (the `sqld` project): what only a server has (tests/sqld: two servers over a primary and its
 * replicas, the primary killed and frozen, backups, the schema, the one-at-a-time duties, a catalog larger than
 * one answer), and the API file about what each write invalidates. `npm run test:sqld` (SQLD_ALL) runs every
 * API, security and CLI file there: all of them in every `npm test` would not fit its time on two cores
 * (docs/decisions/027).
 */
const SQLD_SUITES = process.env.SQLD_ALL
  ? ['tests/sqld/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/cli/**/*.test.ts']
  : ['tests/sqld/**/*.test.ts', 'tests/api/write-invalidation.test.ts'];
// Without the binary (another platform) the sqld project is left out, saying why; under CI its absence fails the run.
if (!hasSqld) console.warn(`${NO_SQLD}: the sqld project is skipped`);

/**
 * The files that measure frames and layout shifts as the browser draws them: run last, one at a time, with the
 * machine to themselves.
 */
const TIMED_IN_THE_BROWSER = [
  'tests/e2e/layout-shift.test.ts',
  'tests/e2e/signed-in-first-paint.test.ts',
  'tests/e2e/dark-mode.test.ts',
];

/**
 * The projects that put the server under load on purpose (floods, a frozen primary) and time its answers: they
 * run after the others, two files at a time, rather than beside two more.
 */
const BESIDE_FEWER = { maxWorkers: 2, sequence: { groupOrder: 1 } };

/** The attacks that load the server (parallel sign-ins, floods) or time its answers: run BESIDE_FEWER. */
const ATTACKS_UNDER_LOAD = [
  'forgot-password-does-not-reveal-accounts',
  'forgot-password-takes-as-long-for-any-address',
  'junk-query-parameters-cannot-evict-pages',
  'owner-not-locked-out-by-strangers',
  'password-hashing-cannot-starve-the-server',
  'raw-request-fuzz',
  'save-toggle-is-atomic',
  'sign-in-limits-hold-across-an-ipv6-block-and-in-parallel',
  'sign-in-lockout-counts-before-verifying',
  'strangers-failures-cannot-keep-the-owner-out',
  'visitor-websocket-resists-floods',
  'whether-an-email-has-an-account-stays-unknown',
].map((name) => `tests/security/${name}.test.ts`);

/**
 * The attacks that time the server's event loop and memory while it takes a hostile request (tests/setup/budget.ts):
 * last, one at a time, with the machine to themselves, as a block's length is the machine's as much as the code's.
 */
const BUDGETS_ALONE = [
  'one-bookmark-import-cannot-freeze-the-site',
  'hostile-bookmark-files-stay-within-budget',
  'lists-and-uploads-stay-within-budget',
].map((name) => `tests/security/${name}.test.ts`);

/** Tests that load one CPU on purpose to probe the scheduler: alone with the machine, with the budgets. */
const SCHEDULER_PROBES = ['site/server/event-loop-held.test.ts'];

/** Unit tests of what the server builds from the process's own database (db/client.ts's getDb). */
const PROCESS_DATABASE = [
  'db/catalog/search/process-database-indexes.test.ts',
  'db/accounts/process-database-sessions.test.ts',
];

/**
 * Twelve projects, one command (`npm test`; `--project <name>` runs one):
 * - unit: the tests beside the code in db/, cli/, site/ and scripts/, on a temporary database file each, and in
 *   process-database those that open the process's own database (PROCESS_DATABASE), in a fresh worker;
 * - api, cli: the real built server / the real `skillshelf` process, one temporary database per test file;
 * - security: one file per attack that must stay fixed, most of them against the real server, and in
 *   security-under-load those that load it or time its answers (ATTACKS_UNDER_LOAD);
 * - contract: the OpenAPI document, and the REST contract as a separate client uses it;
 * - scale: query plans and statement counts on a 100k-content catalog;
 * - sqld: the suites above (SQLD_SUITES) on a libSQL server, left out when the binary is missing; with
 *   SQLD_ALL (`npm run test:sqld`), the budgets among them in sqld-budgets-alone, one at a time, last;
 * - e2e: Debian's Chromium (playwright-core) against the real server, two files at a time, after the others;
 * - e2e-alone: the browser files that time what is drawn (TIMED_IN_THE_BROWSER), one at a time;
 * - budgets-alone: the attacks that time the event loop and memory (BUDGETS_ALONE), and the probe of how the
 *   event loop's hold is told from its lag (SCHEDULER_PROBES), one at a time, last.
 * The build runs once, in globalSetup, when the sources are newer than dist/.
 */
export default defineConfig({
  test: {
    globalSetup: ['./tests/setup/global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A condition polled for (expect.poll) gets 5 s rather than 1: on two busy cores a page's answer to a click
    // may take longer than a second to show.
    expect: { poll: { timeout: 5_000 } },
    // Three files at a time whatever the machine (Vitest's default is one fewer than the cores): most files wait on
    // a server, CLI or database process, and some on a timeout, so on two cores three keep both busy (four were
    // tried: the run took 116 s longer, and the CLI's timed tests failed). Then, two at a time, the files that
    // load the server on purpose (BESIDE_FEWER), then the browser files; last, one at a time, those that time
    // what is drawn.
    maxWorkers: 3,
    // A worker keeps its modules from file to file (a fresh one per file cost half a second each, ~150 files): no
    // test file keeps state in a module of its own. The two that read the process's database and configuration
    // from a module (scale, sqld) keep a fresh worker each.
    isolate: false,
    sequence: { sequencer: ProjectsWaitingFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['db/**/*.test.ts', 'cli/**/*.test.ts', 'site/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...PROCESS_DATABASE, ...SCHEDULER_PROBES],
        },
      },
      // Sets DATABASE_URL and opens the process's database through db/client.ts: a fresh worker of its own, where
      // no earlier file has read the configuration or opened another database.
      { extends: true, test: { name: 'process-database', include: PROCESS_DATABASE, isolate: true } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'] } },
      { extends: true, test: { name: 'cli', include: ['tests/cli/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          exclude: [...ATTACKS_UNDER_LOAD, ...BUDGETS_ALONE],
        },
      },
      { extends: true, test: { name: 'security-under-load', include: ATTACKS_UNDER_LOAD, ...BESIDE_FEWER } },
      { extends: true, test: { name: 'contract', include: ['tests/contract/**/*.test.ts'] } },
      // Its 100k catalog takes a minute and a half to make, on one core: started first, beside the CLI tests.
      {
        extends: true,
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          isolate: true,
        },
      },
      // The same server and CLI tests again, each on a real libSQL server of its own (tests/setup/test-database.ts),
      // and what only a libSQL server has (tests/sqld).
      // With SQLD_ALL, the budgets among them run as on a file: last, one at a time, in a project of their own.
      ...(hasSqld
        ? [
            {
              extends: true,
              test: {
                name: 'sqld',
                include: SQLD_SUITES,
                exclude: BUDGETS_ALONE,
                env: { TEST_DATABASE: 'sqld' },
                isolate: true,
                ...BESIDE_FEWER,
              },
            },
          ]
        : []),
      ...(hasSqld && process.env.SQLD_ALL
        ? [
            {
              extends: true,
              test: {
                name: 'sqld-budgets-alone',
                include: BUDGETS_ALONE,
                env: { TEST_DATABASE: 'sqld' },
                isolate: true,
                maxWorkers: 1,
                sequence: { groupOrder: 4 },
                testTimeout: 60_000,
              },
            },
          ]
        : []),
      // Two browser files at a time: the browser, the server and the test keep both cores busy (three made this
      // phase 30 s longer).
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: TIMED_IN_THE_BROWSER,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          include: TIMED_IN_THE_BROWSER,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'budgets-alone',
          include: [...BUDGETS_ALONE, ...SCHEDULER_PROBES],
          maxWorkers: 1,
          sequence: { groupOrder: 4 },
          testTimeout: 60_000,
        },
      },
    ],
  },
});
