/**
 * `npm run bench [-- --size 1000|10000|100000] [--tags 1000] [--duration 10] [--connections 16] [--only pages,writes,…]`
 * `npm run bench -- --only relevance [--judgments <file>,…]`
 *
 * Builds the production server, generates a synthetic catalog of --size contents into a temporary
 * database, and measures what browsers get: every page request sends a browser's Accept and
 * Accept-Encoding, signed-in scenarios carry a session cookie. The server runs twice (with and without its
 * in-process catalog caches) under autocannon; in the same run a minimal Node server answers each page with
 * the very bytes and headers ours sent (scripts/minimal-server.ts), measured right after ours on the same
 * page, and each page's figure is also given as a share of that server's, so results compare across
 * machines; the CPU time each server process spends per request is given too. The request log's cost is
 * measured on the same pages, logging on against off. The report is a list of sections, each with its table
 * and the goals it checks (met or not, with the figure: docs/decisions/013, 019 and 023); Markdown on stdout and
 * bench-results/bench-<size>.json. The relevance section (scripts/bench-relevance.ts) calls the search service on
 * the judged catalogs instead: alone, it builds, generates and starts nothing (bench-results/bench-relevance.json).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDb } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { generateSyntheticCatalog } from '../db/maintenance/seed/synthetic.ts';
import { freePort } from '../tests/setup/server.ts';
import { relevanceSections } from './bench-relevance.ts';
import { benchUncachedSearch, SEARCH_BUDGET_P95_MS } from './bench-search.ts';

import {
  BROWSER,
  BROWSER_API,
  cpuTimeUs,
  log,
  root,
  startSkillshelf,
  waitUntilUp,
  type Goal,
  type ReportSection,
  stopSkillshelf,
} from './bench-kit.ts';
import { sqldSection } from './bench-sqld.ts';
import { suggestSection } from './bench-suggest.ts';
import { writesSection } from './bench-writes.ts';
import { measurePage, PAGE_BUDGETS } from './page-weight.ts';
import { millionSection } from './bench-million.ts';

/** The uncached search's p95 budget on a million contents (its budget at 100k is SEARCH_BUDGET_P95_MS). */
const SEARCH_BUDGET_P95_MS_AT_A_MILLION = 50;

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    /** Tags per kind in the synthetic catalog (default: the seeded vocabulary). */
    tags: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    /** Some sections only, comma-separated: pages, logging, weight, search, suggest, writes, sqld, million, relevance (default: all). */
    only: { type: 'string' },
    /** The relevance section's judgments files, comma-separated (default: tests/fixtures/relevance/<catalog>/judgments.json). */
    judgments: { type: 'string' },
  },
});
const size = Number(args.size);
const duration = Number(args.duration);
const tagsPerKind = args.tags === undefined ? undefined : Number(args.tags);
const connections = Number(args.connections);
const wanted = (name: string) => !args.only || args.only.split(',').includes(name);
/** The sections that measure the built server on the synthetic catalog; relevance needs neither. */
const ON_THE_SERVER = ['pages', 'logging', 'weight', 'search', 'suggest', 'writes', 'sqld', 'million'];
const onTheServer = ON_THE_SERVER.some(wanted);

/** The cached pages' goals, as shares of the minimal server and as latency under --connections (decision 013). */
const GOALS = { visitorShare: 0.5, signedInShare: 0.25, cachedP99Ms: 50 };

type Audience = 'visitor' | 'signed-in';

interface Scenario {
  name: string;
  path: string;
  /** Catalog pages: compared with the minimal server answering the same path. */
  page?: Audience;
  method?: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
}

interface Result {
  scenario: string;
  mode: 'cached' | 'uncached' | 'minimal';
  path: string;
  page?: Audience | undefined;
  rps: number;
  /** The server process's CPU time per request (user + system): steadier than req/s on a busy machine. */
  cpuUs: number;
  p50: number;
  p95: number;
  p99: number;
  /** Average bytes per response (body and headers), to see that compressed pages were sent. */
  bytes: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, scenario: Pick<Scenario, 'path' | 'method' | 'body' | 'headers'>, seconds = duration) {
  const result = await autocannon({
    url: url + scenario.path,
    method: scenario.method ?? 'GET',
    body: scenario.body,
    headers: scenario.headers,
    connections,
    duration: seconds,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    // autocannon reports p90 and p97.5; p95 is interpolated between them.
    p95: Math.round(((result.latency.p90 + result.latency.p97_5) / 2) * 100) / 100,
    p99: result.latency.p99,
    bytes: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Warms a scenario for a second, then measures it, with the CPU time the server process spent on it. */
async function measure(url: string, scenario: Scenario, mode: Result['mode'], pid: number): Promise<Result> {
  await load(url, scenario, 1);
  log(`  ${mode}: ${scenario.name}`);
  const cpuBefore = cpuTimeUs(pid);
  const result = await load(url, scenario);
  const requests = result.rps * duration;
  return {
    scenario: scenario.name,
    mode,
    path: scenario.path,
    page: scenario.page,
    ...result,
    cpuUs: requests ? Math.round((cpuTimeUs(pid) - cpuBefore) / requests) : 0,
  };
}

/** Our response to a browser's request for `path`, raw (fetch would decompress it), for the minimal server. */
async function capture(url: string, path: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  return new Promise<{ path: string; status: number; headers: Array<[string, string]>; body: string }>(
    (resolve, reject) => {
      request(url + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
          const kept: Array<[string, string]> = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            if (!skip.has(res.rawHeaders[i]!.toLowerCase())) kept.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          resolve({ path, status: res.statusCode!, headers: kept, body: Buffer.concat(chunks).toString('base64') });
        });
      })
        .on('error', reject)
        .end();
    },
  );
}

/** Peak resident memory of a process (VmHWM), in MB. */
function peakMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** A signed-in browser: a new account with a few saves, and its session cookie. */
async function signedInBrowser(url: string, mode: string, contentIds: string[]): Promise<Record<string, string>> {
  const signup = await fetch(`${url}/api/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Reader',
      email: `bench-${mode}-${Date.now()}@example.com`,
      password: 'bench-password',
    }),
  });
  const { token } = (await signup.json()) as { token: string };
  for (const id of contentIds)
    await fetch(`${url}/api/users/saves/${id}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
  return { ...BROWSER, cookie: `theme=light; session=${token}` };
}

/** The catalog pages and the API, cached and uncached, and the minimal server on the same page bytes. */
async function benchPages(dbPath: string): Promise<ReportSection> {
  const results: Result[] = [];
  const memory: Record<string, number> = {};
  for (const mode of ['cached', 'uncached'] as const) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = await startSkillshelf(dbPath, port, { CATALOG_CACHE: mode === 'cached' ? 'on' : 'off' });
    try {
      const search = (await (await fetch(`${url}/api/contents/search?order=oldest`)).json()) as {
        contents: Array<{ _id: string; slug: string }>;
      };
      const slug = search.contents[0]!.slug;
      const signedIn = await signedInBrowser(
        url,
        mode,
        search.contents.slice(0, 3).map((c) => c._id),
      );
      const list = await publicList(url, /session=(\S+)/.exec(signedIn.cookie!)![1]!, search.contents.slice(0, 10));
      const queries: Array<[string, string]> = [
        ['no filter', ''],
        ['one category', '?category=web-development'],
        ['search term', '?searchTerm=python'],
        ['three filters', '?category=web-development&techStack=javascript&cost=Free'],
        ['page 50', '?page=50'],
      ];
      const scenarios: Scenario[] = [
        { name: 'GET /', path: '/', page: 'visitor', headers: BROWSER },
        ...queries.map(
          ([name, q]): Scenario => ({
            name: `GET /search (${name})`,
            path: `/search${q}`,
            page: 'visitor',
            headers: BROWSER,
          }),
        ),
        { name: 'GET /content/{slug}', path: `/content/${slug}`, page: 'visitor', headers: BROWSER },
        {
          name: 'GET /lists/{slug} (a public list of 10)',
          path: `/lists/${list.slug}`,
          page: 'visitor',
          headers: BROWSER,
        },
        { name: 'signed in: GET /', path: '/', page: 'signed-in', headers: signedIn },
        {
          name: 'signed in: GET /search (one category)',
          path: '/search?category=web-development',
          page: 'signed-in',
          headers: signedIn,
        },
        { name: 'signed in: GET /content/{slug}', path: `/content/${slug}`, page: 'signed-in', headers: signedIn },
        ...queries.map(
          ([name, q]): Scenario => ({
            name: `GET /api/contents/search (${name})`,
            path: `/api/contents/search${q}`,
            headers: BROWSER_API,
          }),
        ),
        {
          name: 'GET /api/contents/search (term + filter)',
          path: '/api/contents/search?searchTerm=python&category=web-development',
          headers: BROWSER_API,
        },
        { name: 'GET /api/contents/filters', path: '/api/contents/filters', headers: BROWSER_API },
        {
          name: 'POST /api/users/save (toggle, signed in)',
          path: '/api/users/save',
          method: 'POST',
          body: JSON.stringify({ contentId: search.contents[0]!._id }),
          headers: {
            ...BROWSER_API,
            'content-type': 'application/json',
            authorization: `Bearer ${/session=(\S+)/.exec(signedIn.cookie!)![1]}`,
          },
        },
      ];
      // The baseline, with the caches on: a minimal Node server answering each page with the bytes and
      // headers ours sends a browser (a cache hit), in a process of its own as ours is. Each page is measured
      // on both right after each other, so that what else runs on the machine weighs on both alike.
      const minimal =
        mode === 'cached'
          ? await startMinimalServer(
              url,
              scenarios.filter((s) => s.page === 'visitor'),
            )
          : undefined;
      try {
        for (const scenario of scenarios) {
          results.push(await measure(url, scenario, mode, server.pid!));
          if (minimal && scenario.page)
            results.push(
              await measure(
                minimal.url,
                { ...scenario, name: `minimal server (${scenario.name})` },
                'minimal',
                minimal.pid,
              ),
            );
        }
      } finally {
        minimal?.stop();
      }
      memory[mode] = peakMemoryMb(server.pid!);
    } finally {
      await stopSkillshelf(server);
    }
  }
  return pagesSection(results, memory);
}

/** A public list of `contents`, each with a note, made by the signed-in user of `token`: a shared page like the catalog's. */
async function publicList(
  url: string,
  token: string,
  contents: Array<{ _id: string }>,
): Promise<{ _id: string; slug: string }> {
  const post = async (path: string, body: object) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...BROWSER_API, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ _id: string; slug: string }>;
  };
  const list = await post('/api/lists', {
    name: 'A path through the basics',
    description: 'Ten resources, in the order to take them.',
    isPublic: true,
  });
  for (const content of contents)
    await post(`/api/lists/${list._id}/items`, { contentId: content._id, note: 'Take this one next.' });
  return list;
}

/** The minimal server, holding our cached answers to a browser for each page (signed-in ones are the same). */
async function startMinimalServer(
  url: string,
  pages: Scenario[],
): Promise<{ url: string; pid: number; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-minimal-'));
  const file = join(dir, 'responses.json');
  // Twice each: the first fills the cache, the second is the hit that is kept.
  for (const page of pages) await capture(url, page.path, page.headers);
  writeFileSync(file, JSON.stringify(await Promise.all(pages.map((p) => capture(url, p.path, p.headers)))));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/minimal-server.ts'), file, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`http://127.0.0.1:${port}/`, child);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}

function pagesSection(results: Result[], memory: Record<string, number>): ReportSection {
  // Each page scenario of ours is followed by the minimal server's run on the same page.
  const pairedMinimal = new Map<Result, Result>();
  results.forEach((r, i) => {
    if (r.mode === 'cached' && r.page && results[i + 1]?.mode === 'minimal') pairedMinimal.set(r, results[i + 1]!);
  });
  const minimalOf = (r: Result) => pairedMinimal.get(r)?.rps;
  const share = (r: Result) => (r.mode === 'minimal' ? 1 : minimalOf(r) ? r.rps / minimalOf(r)! : undefined);
  const cachedPages = (audience: Audience) => results.filter((r) => r.mode === 'cached' && r.page === audience);
  const shareGoal = (audience: Audience, wanted: number, label: string): Goal => {
    const worst = cachedPages(audience).reduce<Result | undefined>(
      (w, r) => (w && share(w)! <= share(r)! ? w : r),
      undefined,
    );
    const figure = worst
      ? `lowest ${(share(worst)! * 100).toFixed(0)}% (${worst.scenario}: ${worst.rps.toLocaleString('en')} of ${minimalOf(worst)!.toLocaleString('en')} req/s; CPU per request ${worst.cpuUs} µs, minimal ${pairedMinimal.get(worst)!.cpuUs} µs)`
      : 'not measured';
    return {
      goal: `${label}: ≥ ${wanted * 100}% of the minimal server`,
      figure,
      met: Boolean(worst) && share(worst!)! >= wanted,
    };
  };
  const cachedReads = results.filter((r) => r.mode === 'cached' && !r.scenario.startsWith('POST'));
  const slowest = cachedReads.reduce<Result | undefined>((w, r) => (w && w.p99 >= r.p99 ? w : r), undefined);
  const goals: Goal[] = [
    shareGoal('visitor', GOALS.visitorShare, 'Cached visitor catalog pages (browser headers)'),
    shareGoal('signed-in', GOALS.signedInShare, 'Signed-in catalog pages (browser headers, session cookie)'),
    {
      goal: `p99 ≤ ${GOALS.cachedP99Ms} ms under ${connections} connections, every cached scenario`,
      figure: slowest ? `highest ${slowest.p99} ms (${slowest.scenario})` : 'not measured',
      met: Boolean(slowest) && slowest!.p99 <= GOALS.cachedP99Ms,
    },
  ];
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const lines = [
    `Every page request sends \`accept-encoding: ${BROWSER['accept-encoding']}\`; signed-in ones a session cookie. × minimal: our req/s over the minimal server's, measured right after on the same page (same bytes and headers). CPU µs/request: the server process's CPU time per request, steadier than req/s when other work shares the machine. Peak server memory: cached ${memory.cached} MB, uncached ${memory.uncached} MB.`,
    '',
    '| scenario | mode | req/s | × minimal | CPU µs/request | p50 ms | p95 ms | p99 ms | KB/response | errors | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.scenario} | ${r.mode} | ${r.rps.toLocaleString('en')} | ${r.mode === 'cached' ? (share(r)?.toFixed(2) ?? '') : ''} | ${r.cpuUs} | ${r.p50} | ${r.p95} | ${r.p99} | ${kb(r.bytes)} | ${r.errors} | ${r.non2xx} |`,
    ),
  ];
  return { title: 'Pages and API under load', lines, goals, json: { memoryMb: memory, results } };
}

/**
 * What the request log costs (decision 019: cached-page figures may drop by less than 5%): two servers on the
 * same database, one logging every request (LOG_LEVEL=info) to a file as a log collector would take it,
 * one with LOG_LEVEL=silent, measured alternately on the same cached pages, three times each. The goal is
 * judged on CPU time per request: for a CPU-bound server it is throughput's inverse, and it holds steady
 * when other work shares the machine, which req/s does not.
 */
const ROUNDS = 3;
async function loggingSection(dbPath: string): Promise<ReportSection> {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-bench-log-'));
  const logFile = openSync(join(dir, 'requests.log'), 'a');
  const on = { port: await freePort(), results: [] as Result[] };
  const off = { port: await freePort(), results: [] as Result[] };
  const logging = await startSkillshelf(dbPath, on.port, { LOG_LEVEL: 'info' }, logFile);
  const silent = await startSkillshelf(dbPath, off.port, { LOG_LEVEL: 'silent' });
  try {
    const { contents } = (await (
      await fetch(`http://127.0.0.1:${on.port}/api/contents/search?order=oldest`)
    ).json()) as { contents: Array<{ slug: string }> };
    const scenarios: Scenario[] = [
      {
        name: 'GET /search (one category)',
        path: '/search?category=web-development',
        page: 'visitor',
        headers: BROWSER,
      },
      { name: 'GET /content/{slug}', path: `/content/${contents[0]!.slug}`, page: 'visitor', headers: BROWSER },
    ];
    for (let round = 0; round < ROUNDS; round++) {
      for (const scenario of scenarios) {
        on.results.push(await measure(`http://127.0.0.1:${on.port}`, scenario, 'cached', logging.pid!));
        off.results.push(await measure(`http://127.0.0.1:${off.port}`, scenario, 'cached', silent.pid!));
      }
    }
  } finally {
    logging.kill('SIGTERM');
    silent.kill('SIGTERM');
    closeSync(logFile);
  }
  const logBytes = statSync(join(dir, 'requests.log')).size;
  rmSync(dir, { recursive: true, force: true });
  const sum = (results: Result[], pick: (r: Result) => number) => results.reduce((total, r) => total + pick(r), 0);
  const rpsRatio = sum(on.results, (r) => r.rps) / sum(off.results, (r) => r.rps);
  const cpuRatio = sum(off.results, (r) => r.cpuUs) / sum(on.results, (r) => r.cpuUs);
  const drop = 1 - cpuRatio;
  const lines = [
    `Cached pages with every request logged (LOG_LEVEL=info, one JSON line each, written to a file: ${(logBytes / 1024 / 1024).toFixed(1)} MB in this run) and without (LOG_LEVEL=silent), measured alternately, ${ROUNDS} times each. CPU per request: silent is ${(cpuRatio * 100).toFixed(1)}% of logging's, i.e. logging costs ${(drop * 100).toFixed(1)}% of cached-page throughput; req/s with logging ${(rpsRatio * 100).toFixed(1)}% of silent (req/s swings with whatever else runs on the machine).`,
    '',
    '| scenario | round | logging req/s | silent req/s | logging/silent | logging CPU µs | silent CPU µs |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...on.results.map((r, i) => {
      const o = off.results[i]!;
      return `| ${r.scenario} | ${Math.floor(i / 2) + 1} | ${r.rps.toLocaleString('en')} | ${o.rps.toLocaleString('en')} | ${(r.rps / o.rps).toFixed(3)} | ${r.cpuUs} | ${o.cpuUs} |`;
    }),
  ];
  return {
    title: 'Request logging cost',
    lines,
    goals: [
      {
        goal: 'Request logging costs cached pages less than 5% of their throughput (CPU per request, logging on vs off)',
        figure: `${(drop * 100).toFixed(1)}% (CPU per request silent/logging ${cpuRatio.toFixed(3)}; req/s logging/silent ${rpsRatio.toFixed(3)})`,
        met: drop < 0.05,
      },
    ],
    json: { rpsRatio, cpuRatio, logBytes, logging: on.results, silent: off.results },
  };
}

/** Page weight as a visitor's browser downloads it, against the budgets tests/e2e/catalog.test.ts enforces. */
async function pageWeightSection(dbPath: string): Promise<ReportSection> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startSkillshelf(dbPath, port, {});
  try {
    const { contents } = (await (await fetch(`${url}/api/contents/search?order=oldest`)).json()) as {
      contents: Array<{ slug: string }>;
    };
    const pages = [
      { path: '/', budget: PAGE_BUDGETS.home },
      { path: '/search?category=web-development', budget: PAGE_BUDGETS.catalog },
      { path: `/content/${contents[0]!.slug}`, budget: PAGE_BUDGETS.catalog },
    ];
    const weights = await Promise.all(pages.map(async (p) => ({ ...p, weight: await measurePage(url, p.path) })));
    const over = weights.filter((w) => w.weight.jsGzip > w.budget.js || w.weight.cssGzip > w.budget.css);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    return {
      title: 'Page weight (gzipped, as a visitor downloads it)',
      lines: [
        '| page | HTML | JavaScript (budget) | CSS (budget) |',
        '|---|---:|---:|---:|',
        ...weights.map(
          (w) =>
            `| ${w.path} | ${kb(w.weight.html.gzip)} | ${kb(w.weight.jsGzip)} (${kb(w.budget.js)}) | ${kb(w.weight.cssGzip)} (${kb(w.budget.css)}) |`,
        ),
      ],
      goals: [
        {
          goal: "Page weight within today's budgets",
          figure: over.length ? `over: ${over.map((w) => w.path).join(', ')}` : 'all within',
          met: over.length === 0,
        },
      ],
      json: {
        weights: weights.map((w) => ({
          path: w.path,
          html: w.weight.html.gzip,
          js: w.weight.jsGzip,
          css: w.weight.cssGzip,
          budget: w.budget,
        })),
      },
    };
  } finally {
    await stopSkillshelf(server);
  }
}

function report(sections: ReportSection[]): string {
  const goals = sections.flatMap((s) => s.goals);
  return [
    onTheServer
      ? `## Skillshelf bench: ${size.toLocaleString('en')} contents, ${connections} connections, ${duration} s per scenario`
      : `## Skillshelf bench: ${args.only}`,
    '',
    '### Goals',
    '',
    '| goal | figure | met |',
    '|---|---|---|',
    ...goals.map((g) => `| ${g.goal} | ${g.figure} | ${g.met ? 'yes' : '**no**'} |`),
    ...sections.flatMap((s) => ['', `### ${s.title}`, '', ...s.lines]),
  ].join('\n');
}

/** Uncached search, one request at a time (scripts/bench-search.ts), on a server without its catalog caches. */
async function searchSection(dbPath: string): Promise<ReportSection> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startSkillshelf(dbPath, port, { CATALOG_CACHE: 'off' });
  try {
    log('  uncached search, one request at a time');
    const results = await benchUncachedSearch(url, dbPath);
    const vocabulary = tagsPerKind ? `${tagsPerKind.toLocaleString('en')} tags per kind` : 'the seeded tags';
    // The budget is for 100k contents; a million has a budget of its own.
    const budget = size >= 1_000_000 ? SEARCH_BUDGET_P95_MS_AT_A_MILLION : SEARCH_BUDGET_P95_MS;
    return {
      title: `Uncached search, one request at a time (${size.toLocaleString('en')} contents, ${vocabulary})`,
      lines: [
        '| queries | distinct | p50 ms | p95 ms | max ms | mean results |',
        '|---|---:|---:|---:|---:|---:|',
        ...results.map(
          (r) =>
            `| ${r.name} | ${r.queries} | ${r.p50} | ${r.p95} | ${r.max} | ${r.meanResults.toLocaleString('en')} |`,
        ),
      ],
      goals: results.map((r) => ({
        goal: `Uncached search, ${r.name}, ${vocabulary}: p95 ≤ ${budget} ms`,
        figure: `p95 ${r.p95} ms (p50 ${r.p50} ms)`,
        met: r.p95 <= budget,
      })),
      json: { tagsPerKind, results },
    };
  } finally {
    await stopSkillshelf(server);
  }
}

async function main() {
  const sections: ReportSection[] = [];
  if (onTheServer) sections.push(...(await serverSections()));
  if (wanted('relevance')) sections.push(...(await relevanceSections(args.judgments?.split(','))));

  console.log(report(sections));
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  const name = onTheServer
    ? `bench-${size}${tagsPerKind ? `-tags${tagsPerKind}` : ''}${args.only ? `-${args.only}` : ''}`
    : `bench-${args.only}`;
  const file = join(root, 'bench-results', `${name}.json`);
  const json = {
    ...(onTheServer ? { size, connections, duration } : {}),
    at: new Date().toISOString(),
    goals: sections.flatMap((s) => s.goals),
    ...Object.fromEntries(sections.map((s) => [s.title, s.json])),
  };
  writeFileSync(file, JSON.stringify(json, null, 2));
  log(`Wrote ${file}`);
}

/** The built server on a synthetic catalog of --size contents, measured by each section asked for. */
async function serverSections(): Promise<ReportSection[]> {
  if (!args['skip-build']) {
    log('Building the production server…');
    const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    if (build.status !== 0) throw new Error('build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-bench-'));
  const dbPath = join(dir, 'bench.db');
  log(`Generating ${size} synthetic contents…`);
  const started = performance.now();
  const db = await openDb({ url: `file:${dbPath}` });
  await migrateDb(db);
  await generateSyntheticCatalog(db, size, {
    ...(tagsPerKind ? { tagsPerKind } : {}),
    // As a bulk load (docs/decisions/049): a million contents in minutes rather than an hour.
    bulkInto: dbPath,
    onProgress: (done, total) => process.stderr.write(`\r  ${done}/${total}`),
  });
  db.$client.close();
  const seed = {
    seconds: (performance.now() - started) / 1000,
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  log(`\n  done in ${seed.seconds.toFixed(1)} s, peak ${seed.peakMb} MB`);

  const sections: ReportSection[] = [];
  try {
    if (wanted('pages')) sections.push(await benchPages(dbPath));
    if (wanted('logging')) sections.push(await loggingSection(dbPath));
    if (wanted('weight')) sections.push(await pageWeightSection(dbPath));
    if (wanted('search')) sections.push(await searchSection(dbPath));
    if (wanted('suggest')) sections.push(await suggestSection(dbPath, size));
    if (wanted('writes')) sections.push(await writesSection(dbPath, { duration: Math.max(duration, 10), connections }));
    if (wanted('sqld')) sections.push(await sqldSection(dbPath, { duration, connections }));
    if (wanted('million')) sections.push(await millionSection(dbPath, size, seed, await freePort()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return sections;
}

await main();
