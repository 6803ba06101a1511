/**
 * `npm run soak [-- --minutes 5] [--connections 16] [--size 10000]`
 *
 * Five minutes of mixed reads and writes at a fixed concurrency against the built server (demo data plus a
 * synthetic catalog), sampling the server's memory. Halfway through, `skillshelf db backup` copies the live
 * database; afterwards the copy must pass integrity_check and hold every submission the server
 * acknowledged before the backup began. Reports errors (goal 0), p99, and memory at start and end (goal:
 * growth under 20%). Not part of `npm test`; its figures go in docs/benchmarks.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import autocannon from 'autocannon';
import { openDb } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { seedDemo } from '../db/maintenance/seed/demo.ts';
import { generateSyntheticCatalog } from '../db/maintenance/seed/synthetic.ts';
import { freePort } from '../tests/setup/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    size: { type: 'string', default: '10000' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const seconds = Math.round(Number(args.minutes) * 60);
const log = (message: string) => process.stderr.write(`${message}\n`);

const rssMb = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

if (!args['skip-build']) {
  log('Building…');
  if (
    spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    }).status !== 0
  )
    throw new Error('build failed');
}
const dir = mkdtempSync(join(tmpdir(), 'skillshelf-soak-'));
const dbPath = join(dir, 'soak.db');
const db = await openDb({ url: `file:${dbPath}` });
await migrateDb(db);
await seedDemo(db);
log(`Generating ${args.size} synthetic contents…`);
await generateSyntheticCatalog(db, Number(args.size));
db.$client.close();

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'site/server/main.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: `file:${dbPath}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: 'false',
    RATE_LIMIT_OFF: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/api/test`)).ok) break;
  } catch {
    if (i > 300) throw new Error('server did not start');
  }
  await new Promise((r) => setTimeout(r, 100));
}

const post = async (path: string, body: unknown, token?: string) =>
  fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const users = await Promise.all(
  Array.from(
    { length: 50 },
    async (_, i) =>
      (await (
        await post('/api/users/signup', {
          name: `Soaker ${i}`,
          email: `soak-${i}-${Date.now()}@example.com`,
          password: 'soak-password',
        })
      ).json()) as {
        token: string;
      },
  ),
);
const page = await (await fetch(`${url}/api/contents/search?order=oldest`)).json();
const slugs: string[] = page.contents.map((c: { slug: string }) => c.slug);
const ids: string[] = page.contents.map((c: { _id: string }) => c._id);
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

const mixed: autocannon.Request[] = [
  {
    setupRequest: (req) => {
      const roll = Math.random();
      const user = pick(users);
      if (roll < 0.2) return { ...req, method: 'GET', path: '/' };
      if (roll < 0.45)
        return {
          ...req,
          method: 'GET',
          path: pick([
            '/search',
            '/search?category=web-development',
            '/search?searchTerm=python',
            `/search?page=${1 + Math.floor(Math.random() * 50)}`,
            '/search?techStack=javascript&cost=Free&rating=3',
          ]),
        };
      if (roll < 0.6) return { ...req, method: 'GET', path: `/content/${pick(slugs)}` };
      if (roll < 0.75)
        return {
          ...req,
          method: 'GET',
          path: pick([
            '/api/contents/search?searchTerm=data',
            '/api/contents/filters',
            '/api/contents/search?category=cybersecurity&order=topRated',
          ]),
        };
      if (roll < 0.85)
        return {
          ...req,
          method: 'POST',
          path: '/api/users/save',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          body: JSON.stringify({ contentId: pick(ids) }),
        };
      // Reviews: a user's second review of a content is a correct 409, not an error.
      return {
        ...req,
        method: 'POST',
        path: `/api/contents/${pick(ids)}/reviews`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ rating: 1 + Math.floor(Math.random() * 5), comment: 'soak' }),
      };
    },
  },
];

// Warm up with the same mix (caches fill, the JIT settles), then take the starting memory.
log('Warming up for 30 s…');
await autocannon({ url, connections: Number(args.connections), duration: 30, requests: mixed });
const memory = { start: rssMb(server.pid!), peak: 0, end: 0 };

// A writer outside the load generator whose acknowledgements we keep, to check the backup against.
const acknowledged: Array<{ id: string; at: number }> = [];
let writing = true;
const writer = (async () => {
  for (let i = 0; writing; i++) {
    const res = await post(
      '/api/submissions/create',
      { url: `https://example.org/soak/${Date.now()}/${i}` },
      pick(users).token,
    ).catch(() => undefined);
    if (res?.status === 201) acknowledged.push({ id: (await res.json())._id, at: Date.now() });
    await new Promise((r) => setTimeout(r, 50));
  }
})();

let backup: { startedAt: number; file: string; ok: boolean } | undefined;
const backupTimer = setTimeout(
  () => {
    const file = join(dir, 'backup.db');
    const startedAt = Date.now();
    const cli = spawnSync(process.execPath, [join(root, 'cli/bin.mjs'), 'db', 'backup', file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${dbPath}` },
      encoding: 'utf8',
    });
    backup = { startedAt, file, ok: cli.status === 0 };
    log(`backup at ${Math.round((startedAt - started) / 1000)} s: ${cli.status === 0 ? 'ok' : cli.stderr.trim()}`);
  },
  (seconds * 1000) / 2,
);
const sampler = setInterval(() => (memory.peak = Math.max(memory.peak, rssMb(server.pid!))), 2000);

log(`Soaking for ${seconds} s at ${args.connections} connections…`);
const started = Date.now();
const result = await autocannon({
  url,
  connections: Number(args.connections),
  duration: seconds,
  requests: mixed,
});
clearTimeout(backupTimer);
clearInterval(sampler);
writing = false;
await writer;
memory.end = rssMb(server.pid!);
server.kill('SIGTERM');

const statusCodes = result.statusCodeStats as unknown as Record<string, { count: number }>;
const fivexx = Object.entries(statusCodes)
  .filter(([code]) => code.startsWith('5'))
  .reduce((n, [, s]) => n + s.count, 0);
let backupCheck = 'not taken';
if (backup?.ok) {
  const copy = createClient({ url: `file:${backup.file}` });
  const integrity = (await copy.execute('PRAGMA integrity_check')).rows[0]?.integrity_check;
  const before = acknowledged.filter((a) => a.at < backup!.startedAt);
  let missing = 0;
  for (const a of before)
    if ((await copy.execute({ sql: 'SELECT 1 FROM submissions WHERE id = ?', args: [a.id] })).rows.length === 0)
      missing++;
  copy.close();
  backupCheck = `integrity ${integrity}; ${before.length - missing} of ${before.length} submissions acknowledged before it began are in it`;
}
rmSync(dir, { recursive: true, force: true });

const growth = ((memory.end - memory.start) / memory.start) * 100;
console.log(`## Soak: ${seconds} s, ${args.connections} connections, ${Number(args.size).toLocaleString('en')} synthetic contents + demo data
| requests | req/s | errors (connection) | 5xx | p50 ms | p99 ms | memory start → end (peak) | backup |
|---:|---:|---:|---:|---:|---:|---|---|
| ${result.requests.total.toLocaleString('en')} | ${Math.round(result.requests.average)} | ${result.errors + result.timeouts} | ${fivexx} | ${result.latency.p50} | ${result.latency.p99} | ${memory.start} → ${memory.end} MB (${memory.peak} MB), ${growth >= 0 ? '+' : ''}${growth.toFixed(1)}% | ${backupCheck} |
Status codes: ${Object.entries(statusCodes)
  .map(([code, s]) => `${code}: ${s.count}`)
  .join(', ')}`);
process.exit(fivexx + result.errors + result.timeouts === 0 && growth < 20 ? 0 : 1);
