/**
 * `npm run bench [-- --size 1000|10000|100000] [--tags 1000] [--duration 10] [--connections 16]`
 *
 * Builds the production server, generates a synthetic catalog of --size contents into a temporary
 * database, starts the server twice (with and without its in-process catalog caches), warms it, and drives
 * load with autocannon on the catalog pages and APIs. The same HTML bytes are served by a minimal Node
 * static server in the same run, and every figure is also given as a ratio of that server's, so results
 * compare across machines. Prints a Markdown table; writes bench-results/bench-<size>.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDb } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { generateSyntheticCatalog } from '../db/seed/synthetic.ts';
import { freePort } from '../tests/setup/server.ts';
import { benchUncachedSearch, searchLatencyReport, type SearchLatency } from './bench-search.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    tags: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const size = Number(args.size);
const tagsPerKind = args.tags === undefined ? undefined : Number(args.tags);
const duration = Number(args.duration);
const connections = Number(args.connections);

interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

interface Result {
  scenario: string;
  mode: 'cached' | 'uncached' | 'static';
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

async function load(url: string, scenario: Scenario, seconds = duration): Promise<Omit<Result, 'scenario' | 'mode'>> {
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
    p95: result.latency.p97_5 !== undefined ? percentile(result, 95) : result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** autocannon reports p90 and p97.5; p95 is interpolated between them. */
function percentile(result: autocannon.Result, _p: 95): number {
  return Math.round(((result.latency.p90 + result.latency.p97_5) / 2) * 100) / 100;
}

async function startSkillshelf(dbPath: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'scripts/serve.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `file:${dbPath}`, HOST: '127.0.0.1', PORT: String(port), SEED_DEMO: 'false', RATE_LIMIT_OFF: 'true', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/test`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** Peak resident memory of a process (VmHWM), in MB. */
function peakMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function main() {
  if (!args['skip-build']) {
    log('Building the production server…');
    const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    if (build.status !== 0) throw new Error('build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-bench-'));
  const dbPath = join(dir, 'bench.db');
  log(`Generating ${size} synthetic contents…`);
  const started = performance.now();
  const db = await openDb({ url: `file:${dbPath}` });
  await migrateDb(db);
  await generateSyntheticCatalog(db, size, { ...(tagsPerKind ? { tagsPerKind } : {}), onProgress: (done, total) => process.stderr.write(`\r  ${done}/${total}`) });
  db.$client.close();
  log(`\n  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const results: Result[] = [];
  const memory: Record<string, number> = {};
  let searchLatency: SearchLatency[] = [];
  for (const mode of ['cached', 'uncached'] as const) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = await startSkillshelf(dbPath, port, { CATALOG_CACHE: mode === 'cached' ? 'on' : 'off' });
    try {
      const search = await (await fetch(`${url}/api/contents/search?order=oldest`)).json();
      const slug = search.contents[0].slug;
      const user = await (await fetch(`${url}/api/users/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', email: `bench-${mode}@example.com`, password: 'bench-password' }) })).json();
      const queries: Array<[string, string]> = [
        ['no filter', ''],
        ['one category', '?category=web-development'],
        ['search term', '?searchTerm=python'],
        ['three filters', '?category=web-development&techStack=javascript&cost=Free'],
        ['page 50', '?page=50'],
      ];
      const scenarios: Scenario[] = [
        { name: 'GET /', path: '/' },
        ...queries.map(([name, q]) => ({ name: `GET /search (${name})`, path: `/search${q}` })),
        { name: 'GET /content/{slug}', path: `/content/${slug}` },
        ...queries.map(([name, q]) => ({ name: `GET /api/contents/search (${name})`, path: `/api/contents/search${q}` })),
        { name: 'GET /api/contents/search (term + filter)', path: '/api/contents/search?searchTerm=python&category=web-development' },
        { name: 'GET /api/contents/filters', path: '/api/contents/filters' },
        { name: 'POST /api/users/save (toggle, signed in)', path: '/api/users/save', method: 'POST', body: JSON.stringify({ contentId: search.contents[0]._id }), headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` } },
      ];
      for (const scenario of scenarios) {
        await load(url, scenario, 1);
        log(`  ${mode}: ${scenario.name}`);
        results.push({ scenario: scenario.name, mode, ...(await load(url, scenario)) });
      }
      if (mode === 'uncached') searchLatency = await benchUncachedSearch(url, dbPath);
      memory[mode] = peakMemoryMb(server.pid!);

      if (mode === 'cached') {
        // The baseline: a minimal Node server answering with the same bytes as our home and search pages.
        for (const [name, path] of [['GET /', '/'], ['GET /search (no filter)', '/search']] as const) {
          const html = Buffer.from(await (await fetch(url + path)).arrayBuffer());
          const staticPort = await freePort();
          const plain = createServer((_req, res) => {
            res.writeHead(200, { 'content-type': 'text/html', 'content-length': html.length });
            res.end(html);
          });
          await new Promise<void>((r) => plain.listen(staticPort, '127.0.0.1', r));
          await load(`http://127.0.0.1:${staticPort}`, { name, path: '/' }, 1);
          results.push({ scenario: name, mode: 'static', ...(await load(`http://127.0.0.1:${staticPort}`, { name, path: '/' })) });
          await new Promise<void>((r) => plain.close(() => r()));
        }
      }
    } finally {
      server.kill('SIGTERM');
    }
  }
  rmSync(dir, { recursive: true, force: true });

  const baseline = new Map(results.filter((r) => r.mode === 'static').map((r) => [r.scenario, r.rps]));
  const staticRps = Math.max(...baseline.values());
  const lines = [
    `## Skillshelf bench: ${size.toLocaleString('en')} contents, ${connections} connections, ${duration} s per scenario`,
    '',
    `Minimal static server, same HTML bytes: ${[...baseline].map(([k, v]) => `${k} ${v.toLocaleString('en')} req/s`).join('; ')}. Peak server memory: cached ${memory.cached} MB, uncached ${memory.uncached} MB.`,
    '',
    '| scenario | mode | req/s | × static | p50 ms | p95 ms | p99 ms | errors | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results
      .filter((r) => r.mode !== 'static')
      .map((r) => `| ${r.scenario} | ${r.mode} | ${r.rps.toLocaleString('en')} | ${(r.rps / staticRps).toFixed(2)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.non2xx} |`),
  ];
  console.log([...lines, '', searchLatencyReport(size, tagsPerKind, searchLatency)].join('\n'));
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  const file = join(root, 'bench-results', `bench-${size}${tagsPerKind ? `-tags${tagsPerKind}` : ''}.json`);
  writeFileSync(file, JSON.stringify({ size, connections, duration, at: new Date().toISOString(), staticRps: Object.fromEntries(baseline), memoryMb: memory, results, tagsPerKind, searchLatency }, null, 2));
  log(`Wrote ${file}`);
}

await main();
