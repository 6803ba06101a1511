/**
 * `npm run bench -- --only writes`: the catalog read while it is written (decision 023). A read load spread
 * at random over a realistic mix of catalog URLs (home, 100 content pages, every category newest and top
 * rated, ten technologies on pages 1 and 2, eight words as pages and as API searches with a category), with
 * browser headers, measured with no writes and beside reviews posted at a fixed rate by 60 signed-in users,
 * a full link check, and a 10,000-row import. Then freshness: after each kind of change made through one
 * server, how long until a second server on the same database file shows it, over many probes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { constants, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createClient, type Client } from '@libsql/client';
import { freePort } from '../tests/setup/server.ts';
import {
  BROWSER,
  BROWSER_API,
  log,
  percentile,
  root,
  startSkillshelf,
  type Goal,
  type ReportSection,
  stopSkillshelf,
  THREAD_GROUPS,
  type ThreadGroup,
} from './bench-kit.ts';
import { bothWrites, writeAtRate, type Write, type WriteStats } from './bench-writer.ts';
import { benchUncachedSearch, SEARCH_BUDGET_P95_MS, type SearchLatency } from './bench-search.ts';
import { reviewCost, type ReviewCost } from './bench-review-cost.ts';

const USERS = 60;
/** Sites the link checker's targets stand for, each on a loopback address of its own. */
const LINK_HOSTS = 200;
/**
 * Turns of reads without and with the writes in a steady-rate row, of 5 s each. Six rather than three: over
 * 5 s this host's throughput moves by up to a fifth, and three turns of a row read 0.87 to 0.96 for the same
 * build and rate; six narrow that spread by √2, for two minutes more of the bench.
 */
const ROUNDS = 6;

/** Saves, list items and progress marks a second in the learners' row (decision 033's features on). */
const LEARNER_WRITES_PER_SECOND = 6;

const GOALS = {
  oneReviewShare: 0.9,
  twentyReviewsShare: 0.85,
  readP99Ms: 30,
  writeP99Ms: 50,
  burstDone: 0.95,
  burstWriteP99Ms: 100,
  burstShare: 0.5,
  streamShare: 0.5,
  freshMs: 1000,
  facetReadsPerSecond: 1,
  /** A review's whole cost in the server's CPU: its write and every render it causes. */
  reviewCpuMs: 5,
};
/** Reviews the cost of a review is measured over (each followed by a read of the whole mix). */
const COST_REVIEWS = 20;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/**
 * The read load's tool: wrk when it is installed (Debian's package), as the goals are stated, else autocannon.
 * wrk answers about twice the requests a second of autocannon on this machine, so the server is more
 * saturated and a write's cost a larger share of it.
 */
const WRK = spawnSync('wrk', ['--version']).error === undefined ? 'wrk' : undefined;

interface ReadStats {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Every answer's time (ms), for percentiles over several turns as one. */
  latencies: number[];
  /** Each turn's p99 when only percentiles are known (wrk): turns summed show the worst. */
  p99s?: number[];
}

interface Row {
  name: string;
  reads: ReadStats;
  /** The same read load with no writes, measured just before (a row with writes is compared with it). */
  control?: ReadStats;
  writes?: WriteStats;
  /** Whole facet tables the server read during the row. */
  facetReads: number;
  seconds: number;
}

/** The URL mix: what visitors of a directory ask for. */
export async function urlMix(db: Client): Promise<string[]> {
  const slugs = (await db.execute('SELECT slug FROM contents ORDER BY random() LIMIT 100')).rows.map((r) =>
    String(r.slug),
  );
  const categories = (await db.execute("SELECT DISTINCT value FROM content_tags WHERE kind = 'category'")).rows.map(
    (r) => String(r.value),
  );
  const stacks = (
    await db.execute(
      "SELECT value FROM content_tags WHERE kind = 'techStack' GROUP BY value ORDER BY count(*) DESC LIMIT 10",
    )
  ).rows.map((r) => String(r.value));
  const words = ['python', 'data', 'web', 'learning', 'course', 'intro', 'security', 'cloud'];
  return [
    '/',
    ...slugs.map((slug) => `/content/${slug}`),
    ...categories.flatMap((c) => [`/search?category=${c}&order=latest`, `/search?category=${c}&order=topRated`]),
    ...stacks.flatMap((s) => [`/search?techStack=${s}`, `/search?techStack=${s}&page=2`]),
    ...words.map((w) => `/search?searchTerm=${w}`),
    ...words.map((w, i) => `/api/contents/search?searchTerm=${w}&category=${categories[i % categories.length]}`),
  ];
}

/** Reads spread at random over the mix, `connections` at a time, for `seconds`: with wrk when installed. */
export function readLoad(url: string, paths: string[], seconds: number, connections: number): Promise<ReadStats> {
  return WRK ? wrkLoad(url, paths, seconds, connections) : autocannonLoad(url, paths, seconds, connections);
}

/** wrk's script: a random path of the mix a request, with a browser's headers (or the API client's). */
function wrkScript(paths: string[]): string {
  const headers = (h: Record<string, string>) =>
    `{ ${Object.entries(h)
      .map(([name, value]) => `[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
      .join(', ')} }`;
  return `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local page = ${headers(BROWSER)}
local api = ${headers(BROWSER_API)}
math.randomseed(os.time())
request = function()
  local path = paths[math.random(#paths)]
  return wrk.format("GET", path, string.sub(path, 1, 5) == "/api/" and api or page)
end
`;
}

const durationMs = (text: string) => {
  const [, value, unit] = /^([\d.]+)(us|ms|s)$/.exec(text) ?? [];
  return Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
};

/** wrk, one thread (the load takes a core, as autocannon did), its summary parsed. */
async function wrkLoad(url: string, paths: string[], seconds: number, connections: number): Promise<ReadStats> {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-wrk-'));
  const script = join(dir, 'mix.lua');
  writeFileSync(script, wrkScript(paths));
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(WRK!, ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout!.on('data', (chunk) => (text += chunk));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`))));
    });
    const percentileOf = (p: string) => durationMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? 'NaNms');
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const p99 = percentileOf('99');
    return {
      rps: Math.round(Number(/^Requests\/sec:\s+([\d.]+)/m.exec(out)?.[1] ?? 0)),
      p50: msOf(percentileOf('50')),
      p99: msOf(p99),
      errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
      non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
      // wrk gives percentiles, not every answer's time: a turn stands for its p99 (summed takes the worst).
      latencies: [],
      p99s: [p99],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function autocannonLoad(url: string, paths: string[], seconds: number, connections: number): Promise<ReadStats> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const load = autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const path = paths[Math.floor(Math.random() * paths.length)]!;
              return { ...request, path, headers: path.startsWith('/api/') ? BROWSER_API : BROWSER };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    load.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return {
    rps: Math.round(result.requests.average),
    ...percentilesOf(latencies),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    latencies,
  };
}

const percentilesOf = (latencies: number[]) => ({
  p50: msOf(percentile(latencies, 50)),
  p99: msOf(percentile(latencies, 99)),
});
const msOf = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Reads measured in turns of equal length, as one: the mean rate, the percentiles of every answer of every
 * turn, every error.
 */
function summed(turns: ReadStats[]): ReadStats {
  const latencies = turns.flatMap((t) => t.latencies);
  const p99s = turns.flatMap((t) => t.p99s ?? []);
  return {
    rps: Math.round(turns.reduce((sum, t) => sum + t.rps, 0) / turns.length),
    ...(p99s.length
      ? {
          p50: msOf(
            percentile(
              turns.map((t) => t.p50),
              50,
            ),
          ),
          p99: msOf(Math.max(...p99s)),
          p99s,
        }
      : percentilesOf(latencies)),
    errors: turns.reduce((sum, t) => sum + t.errors, 0),
    non2xx: turns.reduce((sum, t) => sum + t.non2xx, 0),
    latencies,
  };
}

/** Reviews at a fixed rate for `seconds`, each by one of the users on a content they have not reviewed. */
export async function postReviews(
  url: string,
  tokens: string[],
  contentIds: string[],
  perSecond: number,
  seconds: number,
): Promise<WriteStats> {
  return writeAtRate(
    url,
    perSecond,
    timesOver(perSecond, seconds, (k) => ({
      method: 'POST',
      path: `/api/contents/${contentIds[k % contentIds.length]}/reviews`,
      body: { rating: 1 + (k % 5), comment: `Bench review ${k}` },
      token: tokens[k % tokens.length]!,
    })),
  );
}

/** `write(k)` for each k of `perSecond` writes a second over `seconds`. */
const timesOver = (perSecond: number, seconds: number, write: (k: number) => Write): Write[] =>
  Array.from({ length: Math.round(perSecond * seconds) }, (_, k) => write(k));

/**
 * What learners write all day (decisions 033 and 037), in turn: a save, an item added to their public list
 * (its page and the content's "In n public lists" change), progress marked (which saves too).
 */
function learnerWrite(tokens: string[], listIds: string[], contentIds: string[]): (k: number) => Write {
  const states = ['want', 'learning', 'done'];
  return (k) => {
    const user = k % tokens.length;
    const contentId = contentIds[k % contentIds.length]!;
    const token = tokens[user]!;
    if (k % 3 === 0) return { method: 'PUT', path: `/api/users/saves/${contentId}`, body: undefined, token };
    if (k % 3 === 1) return { method: 'POST', path: `/api/lists/${listIds[user]}/items`, body: { contentId }, token };
    // Every third write is progress: the states in turn.
    return {
      method: 'PUT',
      path: `/api/users/progress/${contentId}`,
      body: { state: states[Math.floor(k / 3) % states.length] },
      token,
    };
  };
}

/** Each user's public list, for the learners' writes to add to. */
async function publicLists(url: string, tokens: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [n, token] of tokens.entries()) {
    const res = await fetch(`${url}/api/lists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Bench path ${n}`, isPublic: true }),
    });
    ids.push(((await res.json()) as { _id: string })._id);
  }
  return ids;
}

async function facetReadsOf(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^skillshelf_facet_table_reads(?:{[^}]*})? (\d+)$/m.exec(text)?.[1] ?? NaN);
}

/**
 * Servers answering 200 on 200 loopback addresses, one port (the checker asks a host at most once a second): the link checker's targets. They run in a process
 * of their own, at the lowest priority, as the sites of a real check are elsewhere: served from this one, they
 * would take the event loop that sends the read load.
 */
async function linkTargets(): Promise<{ port: number; hosts: string[]; close: () => void }> {
  const port = await freePort();
  const hosts = Array.from({ length: LINK_HOSTS }, (_, i) => `127.0.0.${i + 1}`);
  const serve = `const { createServer } = require('node:http');
    Promise.all(${JSON.stringify(hosts)}.map((host) => new Promise((resolve) => createServer((_, res) => res.end('ok')).listen(${port}, host, resolve))))
      .then(() => process.stdout.write('ready\\n'));`;
  const child = spawn(process.execPath, ['-e', serve], { stdio: ['ignore', 'pipe', 'inherit'] });
  // They stand for sites elsewhere, which use none of this machine: they get what the server and the load leave.
  setPriority(child.pid!, constants.priority.PRIORITY_LOW);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`The link targets stopped (${code})`)));
  });
  return { port, hosts, close: () => child.kill('SIGTERM') };
}

function cli(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(root, 'cli/bin.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
}

export async function signUp(url: string, n: number): Promise<string> {
  const res = await fetch(`${url}/api/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench Writer ${n}`,
      email: `bench-writer-${n}-${Date.now()}@example.com`,
      password: 'bench-password',
    }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** A CSV of `n` new contents in the export's format. */
function importFile(dir: string, n: number): string {
  const header = 'name,slug,url,image,description,cost,hasCert,category,techStack,type';
  const rows = Array.from(
    { length: n },
    (_, i) =>
      `Imported resource ${i},imported-resource-${i},https://import-${i}.example.org/,,An imported resource,Free,false,web-development,javascript,courses`,
  );
  const file = join(dir, 'import.csv');
  writeFileSync(file, [header, ...rows].join('\n'));
  return file;
}

/** How long after a change a page shows it: polled every 10 ms, up to 5 s. */
async function delayUntil(url: string, shows: (status: number, text: string) => boolean): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < 5000) {
    const res = await fetch(url, { headers: BROWSER });
    if (shows(res.status, await res.text())) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Infinity;
}

/**
 * A PUT that waits as long as the server takes: a common tag's rename moves its contents a slice at a time
 * (docs/decisions/059), minutes at a million, past fetch's five-minute wait for the answer's headers.
 */
function putWithoutDeadline(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Freshness {
  kind: string;
  delays: number[];
}

/** Changes made through server A (or straight in the database), watched on server B over the same file. */
async function freshnessProbes(
  a: string,
  b: string,
  db: Client,
  adminToken: string,
  tokens: string[],
  probes: number,
): Promise<Freshness[]> {
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` };
  const contents = (
    await db.execute({ sql: 'SELECT id, slug, name, seq FROM contents ORDER BY random() LIMIT ?', args: [probes * 4] })
  ).rows.map((r) => ({
    id: String(r.id),
    slug: String(r.slug),
    seq: Number(r.seq),
  }));
  const results: Freshness[] = [
    { kind: 'a review (its content page)', delays: [] },
    { kind: 'an admin edit of a name (its content page)', delays: [] },
    { kind: 'an admin edit of a name (newest-first list showing it)', delays: [] },
    { kind: 'a tag renamed (its search page)', delays: [] },
    { kind: 'a content published (newest-first list)', delays: [] },
    { kind: 'a content deleted (its page)', delays: [] },
    { kind: 'a link turned broken (its content page)', delays: [] },
  ];
  const warm = async (path: string) => {
    await fetch(b + path, { headers: BROWSER }).then((r) => r.arrayBuffer());
    await fetch(b + path, { headers: BROWSER }).then((r) => r.arrayBuffer());
  };
  for (let n = 0; n < probes; n++) {
    const [reviewed, renamed, deleted, broken] = [
      contents[n * 4]!,
      contents[n * 4 + 1]!,
      contents[n * 4 + 2]!,
      contents[n * 4 + 3]!,
    ];
    await warm(`/content/${reviewed.slug}`);
    await fetch(`${a}/api/contents/${reviewed.id}/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % tokens.length]}` },
      body: JSON.stringify({ rating: 4, comment: `Fresh probe ${n}` }),
    });
    results[0]!.delays.push(
      await delayUntil(`${b}/content/${reviewed.slug}`, (_, t) => t.includes(`Fresh probe ${n}`)),
    );

    // Renamed and moved to the top of the newest-first list, so the list shows it.
    const content = (await (await fetch(`${a}/api/contents/${renamed.id}`, { headers: auth })).json()) as Record<
      string,
      unknown
    >;
    await warm(`/content/${renamed.slug}`);
    await warm('/search?order=latest');
    const name = `Renamed probe ${n}`;
    // The bench points links at loopback servers, which an edit refuses: the edit gives it a public address.
    const edit = await fetch(`${a}/api/contents/${renamed.id}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ ...content, name, url: `https://renamed-probe-${n}-${Date.now()}.example.org/` }),
    });
    if (edit.status !== 200) throw new Error(`edit: ${edit.status} ${await edit.text()}`);
    await db.execute({ sql: 'UPDATE contents SET created_at = ? WHERE id = ?', args: [Date.now(), renamed.id] });
    results[1]!.delays.push(await delayUntil(`${b}/content/${renamed.slug}`, (_, t) => t.includes(name)));
    results[2]!.delays.push(await delayUntil(`${b}/search?order=latest`, (_, t) => t.includes(name)));

    // A tag some content carries: the filters offer only those, so only those show their label.
    const tag = (
      await db.execute(
        "SELECT id, value, label FROM tags WHERE kind = 'category' AND status = 'active' AND label NOT LIKE 'Topic probe%' AND EXISTS (SELECT 1 FROM content_tags t WHERE t.kind = 'category' AND t.value = tags.value) ORDER BY random() LIMIT 1",
      )
    ).rows[0]!;
    await warm(`/search?category=${tag.value}`);
    const label = `Topic probe ${n}`;
    const started = performance.now();
    const relabelled = await putWithoutDeadline(`${a}/api/tags/${tag.id}`, auth, JSON.stringify({ label }));
    log(`  tag rename ${n}: ${Math.round(performance.now() - started)} ms, status ${relabelled.status}`);
    if (relabelled.status !== 200) log(`  tag rename refused (${relabelled.status}): ${relabelled.text}`);
    results[3]!.delays.push(await delayUntil(`${b}/search?category=${tag.value}`, (_, t) => t.includes(label)));

    await warm('/search?order=latest');
    const created = (await (await fetch(`${a}/api/contents`, { method: 'POST', headers: auth })).json()) as Record<
      string,
      unknown
    >;
    const published = `Published probe ${n}`;
    await fetch(`${a}/api/contents/${created._id}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
        ...created,
        name: published,
        slug: `published-probe-${n}-${Date.now()}`,
        url: `https://published-probe-${n}-${Date.now()}.example.org/`,
        description: 'A probe',
        status: 'published',
      }),
    });
    results[4]!.delays.push(await delayUntil(`${b}/search?order=latest`, (_, t) => t.includes(published)));

    await warm(`/content/${deleted.slug}`);
    await fetch(`${a}/api/contents/${deleted.id}`, { method: 'DELETE', headers: auth });
    results[5]!.delays.push(await delayUntil(`${b}/content/${deleted.slug}`, (status) => status === 404));

    await warm(`/content/${broken.slug}`);
    await db.execute({
      sql: `INSERT INTO link_checks(content_id, url, checked_at, status, error, failures, first_failure_at, broken_since, due_at)
            SELECT id, url, ?1, 404, 'HTTP 404', 3, ?1 - 172800000, ?1, ?1 FROM contents WHERE id = ?2
            ON CONFLICT(content_id) DO UPDATE SET broken_since = ?1, checked_at = ?1, url = excluded.url`,
      args: [Date.now(), broken.id],
    });
    results[6]!.delays.push(await delayUntil(`${b}/content/${broken.slug}`, (_, t) => t.includes('data-broken-link')));
  }
  return results;
}

export async function writesSection(
  dbPath: string,
  { duration, connections }: { duration: number; connections: number },
): Promise<ReportSection> {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-bench-writes-'));
  const db = createClient({ url: `file:${dbPath}` });
  // The servers' own writes (a startup job, the importer finishing) are waited for, as their connections do.
  await db.execute('PRAGMA busy_timeout = 10000');
  const targets = await linkTargets();
  // The link checker asks loopback servers, never the synthetic catalog's made-up hosts.
  // The port as text: a number is bound as a real, and '…:41245.0' is no URL (every check would fail at once).
  await db.execute({
    sql: `UPDATE contents SET url = 'http://127.0.0.' || (1 + seq % ${LINK_HOSTS}) || ':' || ? || '/r/' || seq, url_key = NULL`,
    args: [String(targets.port)],
  });
  // That rewrote every row: its log is folded into the file now, not by whichever review commits next.
  await db.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  const env = { LOG_LEVEL: 'silent', METRICS_TOKEN };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startSkillshelf(dbPath, port, env);
  const rows: Row[] = [];
  let freshness: Freshness[] = [];
  let searches: SearchLatency[] = [];
  let cost: ReviewCost | undefined;
  try {
    log('  writes: uncached search on this engine, one request at a time');
    const searchPort = await freePort();
    const uncached = await startSkillshelf(dbPath, searchPort, { ...env, CATALOG_CACHE: 'off' });
    try {
      searches = await benchUncachedSearch(`http://127.0.0.1:${searchPort}`, dbPath);
    } finally {
      await stopSkillshelf(uncached);
    }
    const paths = await urlMix(db);
    log(`  writes: ${paths.length} URLs in the mix; signing up ${USERS} writers`);
    const tokens: string[] = [];
    for (let n = 0; n < USERS; n++) tokens.push(await signUp(url, n));
    const picked = (await db.execute('SELECT id, slug FROM contents ORDER BY random() LIMIT 20000')).rows.map((r) => ({
      id: String(r.id),
      slug: String(r.slug),
    }));
    const contentIds = picked.map((content) => content.id);
    for (const path of paths)
      for (let i = 0; i < 2; i++)
        await fetch(url + path, { headers: path.startsWith('/api/') ? BROWSER_API : BROWSER }).then((r) =>
          r.arrayBuffer(),
        );

    log(`  writes: the cost of a review in the server's CPU (${COST_REVIEWS} reviews, one client)`);
    cost = await reviewCost(url, server.pid!, paths, tokens, picked.slice(-2 * COST_REVIEWS), {
      reviews: COST_REVIEWS,
      metricsToken: METRICS_TOKEN,
    });
    log(`  writes: read load by ${WRK ?? 'autocannon'}`);

    // Each row with writes is paired with the same reads without them, measured just before: on a shared
    // machine the throughput of no writes moves by a fifth over a run, which a ratio against one figure
    // taken minutes earlier would count as the writes' doing.
    const run = async (name: string, seconds: number, beside?: () => Promise<WriteStats | undefined>) => {
      log(`  writes: ${name}`);
      const control = beside ? await readLoad(url, paths, seconds, connections) : undefined;
      const facetBefore = await facetReadsOf(url);
      const [reads, writes] = await Promise.all([readLoad(url, paths, seconds, connections), beside?.()]);
      rows.push({
        name,
        reads,
        ...(control ? { control } : {}),
        ...(writes ? { writes } : {}),
        facetReads: (await facetReadsOf(url)) - facetBefore,
        seconds,
      });
    };
    // A steady rate of writes is measured in ROUNDS turns of reads without it, then with it, and summed: this
    // machine's throughput moves by a fifth from one ten seconds to the next (another tenant of the host),
    // which a single pair counted as the writes' doing, either way (one run read 0.81 and, a minute later,
    // 1.05 for more writes).
    const runInRounds = async (name: string, seconds: number, beside: (seconds: number) => Promise<WriteStats>) => {
      log(`  writes: ${name}`);
      const turn = seconds / ROUNDS;
      const controls: ReadStats[] = [];
      const withWrites: Array<[ReadStats, WriteStats]> = [];
      const facetBefore = await facetReadsOf(url);
      for (let round = 0; round < ROUNDS; round++) {
        controls.push(await readLoad(url, paths, turn, connections));
        const [reads, writes] = await Promise.all([readLoad(url, paths, turn, connections), beside(turn)]);
        withWrites.push([reads, writes]);
      }
      rows.push({
        name,
        reads: summed(withWrites.map(([reads]) => reads)),
        control: summed(controls),
        writes: bothWrites(...withWrites.map(([, writes]) => writes)),
        facetReads: (await facetReadsOf(url)) - facetBefore,
        seconds,
      });
    };
    await run('no writes', duration);
    // Turns of 5 s at least: autocannon's figures over less are mostly its start and end.
    const steady = Math.max(duration, 5 * ROUNDS);
    let offset = 0;
    for (const perSecond of [1, 5, 20]) {
      const ids = contentIds.slice(offset, (offset += perSecond * steady));
      let written = 0;
      await runInRounds(`${perSecond} review/s`, steady, (seconds) =>
        postReviews(url, tokens, ids.slice(written, (written += perSecond * seconds)), perSecond, seconds),
      );
    }
    await run('200 reviews/s for 10 s', 10, () =>
      postReviews(url, tokens, contentIds.slice(offset, (offset += 4000)), 200, 10),
    );
    // The learners' features on (lists, progress, saves): their writes beside one review a second.
    const listIds = await publicLists(url, tokens);
    await runInRounds(`1 review/s and ${LEARNER_WRITES_PER_SECOND} learners' writes/s`, steady, async (seconds) => {
      const [reviews, learners] = await Promise.all([
        postReviews(url, tokens, contentIds.slice(offset, (offset += seconds * 2)), 1, seconds),
        writeAtRate(
          url,
          LEARNER_WRITES_PER_SECOND,
          timesOver(
            LEARNER_WRITES_PER_SECOND,
            seconds,
            learnerWrite(
              tokens,
              listIds,
              contentIds.slice(offset, (offset += LEARNER_WRITES_PER_SECOND * seconds * 2)),
            ),
          ),
        ),
      ]);
      return bothWrites(reviews, learners);
    });
    // The links point at this bench's loopback servers: the outbound policy is lifted for the checker.
    const dbEnv = { DATABASE_URL: `file:${dbPath}`, LOG_LEVEL: 'silent', OUTBOUND_ALLOW_PRIVATE: 'true' };
    let checker: ChildProcess | undefined;
    await run('a full link check under way', duration, async () => {
      checker = cli(['links', 'check', '--concurrency', '16', '--timeout', '2000'], dbEnv);
      return undefined;
    });
    checker?.kill('SIGTERM');
    const checked = Number((await db.execute('SELECT count(*) AS n FROM link_checks')).rows[0]!.n);
    rows.at(-1)!.name += ` (${checked.toLocaleString('en')} links checked)`;
    const file = importFile(dir, 10_000);
    let importer: ChildProcess | undefined;
    const importDone = new Promise<number>((resolve) => {
      void run('a 10,000-row import under way', duration, async () => {
        importer = cli(['import', file], dbEnv);
        const started = performance.now();
        importer.on('exit', () => resolve(performance.now() - started));
        return undefined;
      }).then(() => resolve(-1));
    });
    const importMs = await importDone;
    while (rows.at(-1)?.name.startsWith('a 10,000-row') !== true) await new Promise((r) => setTimeout(r, 100));
    rows.at(-1)!.name +=
      importMs > 0 ? ` (done in ${(importMs / 1000).toFixed(1)} s)` : ' (still running when the reads ended)';
    importer?.kill('SIGTERM');

    log('  writes: freshness probes (two servers on one file)');
    const portB = await freePort();
    const serverB = await startSkillshelf(dbPath, portB, env);
    try {
      const admin = await signUp(url, 999);
      await db.execute({ sql: "UPDATE users SET is_admin = 1 WHERE email LIKE 'bench-writer-999-%'" });
      const signIn = await fetch(`${url}/api/users/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: (await db.execute("SELECT email FROM users WHERE email LIKE 'bench-writer-999-%'")).rows[0]!.email,
          password: 'bench-password',
        }),
      });
      const adminToken = signIn.status === 200 ? ((await signIn.json()) as { token: string }).token : admin;
      freshness = await freshnessProbes(url, `http://127.0.0.1:${portB}`, db, adminToken, tokens, 10);
    } finally {
      await stopSkillshelf(serverB);
    }
  } finally {
    await stopSkillshelf(server);
    targets.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return writesReport(rows, freshness, searches, cost!);
}

/** Where a review's whole cost ran, in the report's words. */
const THREAD_WORDS: Record<ThreadGroup, string> = {
  main: 'the event loop',
  pool: "libuv's pool (compression)",
  v8: "V8's helpers (collection, compiling)",
  workers: "the server's worker threads",
};
const threadSplit = (cost: ReviewCost) =>
  THREAD_GROUPS.map((group) => `${THREAD_WORDS[group]} ${cost.wholeByThreadMs[group]} ms`).join(', ');

function writesReport(rows: Row[], freshness: Freshness[], searches: SearchLatency[], cost: ReviewCost): ReportSection {
  const base = rows.find((r) => r.name === 'no writes')!.reads.rps;
  const share = (r: Row) => r.reads.rps / (r.control?.rps ?? base);
  const find = (prefix: string) => rows.find((r) => r.name.startsWith(prefix))!;
  const one = find('1 review/s');
  const learners = find('1 review/s and');
  const twenty = find('20 review/s');
  const burst = find('200 reviews/s');
  const links = find('a full link check');
  const imported = find('a 10,000-row import');
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  const worst = freshness.flatMap((f) => f.delays);
  const goals: Goal[] = [
    {
      goal: `1 review/s: reads ≥ ${pct(GOALS.oneReviewShare)} of no writes`,
      figure: `${pct(share(one))} (${one.reads.rps.toLocaleString('en')} of ${one.control!.rps.toLocaleString('en')} req/s)`,
      met: share(one) >= GOALS.oneReviewShare,
    },
    {
      goal: `The same with the learners' features on (${LEARNER_WRITES_PER_SECOND} saves, list items and progress marks a second beside it): reads ≥ ${pct(GOALS.oneReviewShare)}, every write done`,
      figure: `${pct(share(learners))} (${learners.reads.rps.toLocaleString('en')} of ${learners.control!.rps.toLocaleString('en')} req/s), ${learners.writes!.done} of ${learners.writes!.asked} writes, p99 ${learners.writes!.p99} ms`,
      met: share(learners) >= GOALS.oneReviewShare && learners.writes!.done === learners.writes!.asked,
    },
    {
      goal: `20 reviews/s: reads ≥ ${pct(GOALS.twentyReviewsShare)}, read p99 ≤ ${GOALS.readP99Ms} ms, no errors`,
      figure: `${pct(share(twenty))}, p99 ${twenty.reads.p99} ms, ${twenty.reads.errors + twenty.reads.non2xx} errors`,
      met:
        share(twenty) >= GOALS.twentyReviewsShare &&
        twenty.reads.p99 <= GOALS.readP99Ms &&
        twenty.reads.errors + twenty.reads.non2xx === 0,
    },
    {
      goal: `20 reviews/s: all done, write p99 ≤ ${GOALS.writeP99Ms} ms`,
      figure: `${twenty.writes!.done} of ${twenty.writes!.asked}, p99 ${twenty.writes!.p99} ms`,
      met: twenty.writes!.done === twenty.writes!.asked && twenty.writes!.p99 <= GOALS.writeP99Ms,
    },
    {
      goal: `200 reviews/s for 10 s beside the reads: ≥ ${pct(GOALS.burstDone)} done, write p99 ≤ ${GOALS.burstWriteP99Ms} ms, reads ≥ ${pct(GOALS.burstShare)}`,
      figure: `${burst.writes!.done} of ${burst.writes!.asked}, p99 ${burst.writes!.p99} ms, reads ${pct(share(burst))}`,
      met:
        burst.writes!.done >= GOALS.burstDone * burst.writes!.asked &&
        burst.writes!.p99 <= GOALS.burstWriteP99Ms &&
        share(burst) >= GOALS.burstShare,
    },
    {
      goal: `A review's whole cost ≤ ${GOALS.reviewCpuMs} ms of server CPU, its write and every render it causes`,
      figure: `${cost.wholeMs} ms, median ${cost.wholeMedianMs} ms (the write alone ${cost.writeMs} ms, its content's page read at once ${cost.contentPageMs} ms; ${cost.rendersPerReview} pages rendered again and ${cost.patchesPerReview} patched per review; ${cost.reviews} reviews, each followed by a read of the mix)`,
      met: cost.wholeMs <= GOALS.reviewCpuMs,
    },
    {
      goal: `Fresh within ${GOALS.freshMs} ms on another server over the same file, every kind of change (worst of ${worst.length} probes)`,
      figure: `worst ${Math.round(Math.max(...worst))} ms, median ${Math.round(percentile(worst, 50))} ms`,
      met: worst.length > 0 && Math.max(...worst) <= GOALS.freshMs,
    },
    ...[links, imported].map((r) => ({
      goal: `${r.name.split(' (')[0]}: reads ≥ ${pct(GOALS.streamShare)}, the facet table read at most once a second`,
      figure: `${pct(share(r))}, ${r.facetReads} facet table reads in ${r.seconds} s`,
      met: share(r) >= GOALS.streamShare && r.facetReads <= r.seconds * GOALS.facetReadsPerSecond,
    })),
    ...searches.map((r) => ({
      goal: `Uncached search, ${r.name}: p95 ≤ ${SEARCH_BUDGET_P95_MS} ms`,
      figure: `p95 ${r.p95} ms (p50 ${r.p50} ms, max ${r.max} ms)`,
      met: r.p95 <= SEARCH_BUDGET_P95_MS,
    })),
    {
      goal: 'No review causes a facet table read',
      figure: `${one.facetReads + twenty.facetReads + burst.facetReads} reads over the review rows`,
      met: one.facetReads + twenty.facetReads + burst.facetReads === 0,
    },
  ];
  const lines = [
    `Read load: ${WRK ? 'wrk (1 thread)' : 'autocannon'}. A review's cost in the server's CPU (/proc): ${cost.wholeMs} ms in all (median ${cost.wholeMedianMs} ms), ${cost.writeMs} ms its write, ${cost.contentPageMs} ms its content's page, ${cost.rendersPerReview} pages rendered again and ${cost.patchesPerReview} patched per review; by thread, ${threadSplit(cost)}.`,
    '',
    `Reads: random URLs of the mix, browser headers. Writes: reviews posted at a fixed rate by 60 signed-in users through \`POST /api/contents/{id}/reviews\`, beside the reads. Each row with writes is compared with the same reads without writes, measured just before it; a steady rate (the review rows but the burst, and the learners' row) in ${ROUNDS} turns of each, alternated, and summed.`,
    '',
    '| while | reads req/s | no writes just before | × no writes | read p50 ms | read p99 ms | read errors | reviews done | write p99 ms | facet table reads |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.reads.rps.toLocaleString('en')} | ${r.control ? r.control.rps.toLocaleString('en') : '—'} | ${share(r).toFixed(2)} | ${r.reads.p50} | ${r.reads.p99} | ${r.reads.errors + r.reads.non2xx} | ${r.writes ? `${r.writes.done} of ${r.writes.asked}` : '—'} | ${r.writes?.p99 ?? '—'} | ${r.facetReads} |`,
    ),
    '',
    'Freshness: a change made through one server (or straight in the database), read through a second server over the same file until it shows.',
    '',
    '| change | probes | median ms | worst ms |',
    '|---|---:|---:|---:|',
    ...freshness.map(
      (f) =>
        `| ${f.kind} | ${f.delays.length} | ${Math.round(percentile(f.delays, 50))} | ${Math.round(Math.max(...f.delays))} |`,
    ),
  ];
  // The figures, without every answer's time.
  const shown = rows.map(({ reads, control, writes, ...row }) => ({
    ...row,
    reads: withoutLatencies(reads),
    ...(control ? { control: withoutLatencies(control) } : {}),
    ...(writes ? { writes: withoutLatencies(writes) } : {}),
  }));
  return {
    title: 'Reads while the catalog is written',
    lines,
    goals,
    json: { readLoad: WRK ?? 'autocannon', reviewCost: cost, rows: shown, freshness, searches },
  };
}

const withoutLatencies = <T extends { latencies: number[] }>({ latencies: _latencies, ...figures }: T) => figures;
