/**
 * `npm run bench -- --only sqld`: the same catalog on the three databases Skillshelf runs on (docs/decisions/027),
 * one after the other in one run: the embedded file, a sqld primary over loopback (`DATABASE_URL=http://…`),
 * and an embedded replica of that primary (`DATABASE_SYNC_URL`). For each: cached pages under load (with the
 * CPU the server, and sqld, spent per request), uncached search one request at a time, and review writes,
 * one at a time and 16 at once. sqld starts on a copy of the bench's database file, as a restore does.
 *
 * Then the topology of several servers (docs/decisions/044): deploy/nginx.conf's upstream in round-robin over a
 * server straight on the primary and one on an embedded replica, measured the same way through nginx, beside
 * the reads-while-writing mix (the visitors' URL mix under one and twenty reviews a second) on it and on the
 * file, with the share of requests the server on the primary answered.
 */
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createClient } from '@libsql/client';
import { freePort } from '../tests/setup/server.ts';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, startSqld, type Sqld } from '../tests/setup/sqld.ts';
import {
  BROWSER,
  BROWSER_API,
  cpuTimeUs,
  log,
  percentile,
  startSkillshelf,
  type Goal,
  type ReportSection,
} from './bench-kit.ts';
import { hasNginx, NO_NGINX, nginxAddress, startNginx } from '../tests/setup/nginx.ts';
import { benchUncachedSearch } from './bench-search.ts';
import { postReviews as reviewsAtRate, readLoad, signUp, urlMix } from './bench-writes.ts';

type Mode = 'embedded file' | 'sqld over loopback' | 'embedded replica of sqld' | typeof TOPOLOGY;
const TOPOLOGY = 'two servers behind nginx: on the primary + on a replica';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The visitors' URL mix read under a steady rate of reviews. */
interface MixRow {
  mode: Mode;
  perSecond: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  done: number;
  asked: number;
}

interface Row {
  mode: Mode;
  pages: { rps: number; p50: number; p99: number; errors: number; appUs: number; sqldUs: number };
  search: { p50: number; p95: number };
  oneAtATime: { p50: number; p99: number; done: number; asked: number };
  together: { perSecond: number; done: number; asked: number };
}

const percentileMs = (values: number[], p: number) => Math.round(percentile(values, p) * 10) / 10;

/** Reviews of distinct contents by `tokens` (one review per user and content), `atOnce` in flight. */
async function postReviews(
  url: string,
  tokens: string[],
  contentIds: string[],
  atOnce: number,
): Promise<{ latencies: number[]; done: number; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      for (let k = next++; k < contentIds.length; k = next++) {
        const sent = performance.now();
        const res = await fetch(`${url}/api/contents/${contentIds[k]}/reviews`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[k % tokens.length]}` },
          body: JSON.stringify({ rating: 1 + (k % 5), comment: `Bench review ${k}` }),
        });
        await res.arrayBuffer();
        if (res.status === 201) {
          done++;
          latencies.push(performance.now() - sent);
        }
      }
    }),
  );
  return { latencies, done, seconds: (performance.now() - started) / 1000 };
}

/** The URL mix read for `seconds` beside one, then twenty, reviews a second. */
async function mixUnderWrites(
  mode: Mode,
  url: string,
  mix: string[],
  contentIds: string[],
  seconds: number,
  connections: number,
): Promise<MixRow[]> {
  const rows: MixRow[] = [];
  let next = 0;
  // Writers of their own: a user reviews a content once, and the mix's contents may be the rows' too.
  const tokens: string[] = [];
  for (let i = 0; i < 20; i++) tokens.push(await signUp(url, 200 + i));
  // Every page of the mix made once on each server first (two in turn behind the proxy): the figures are of
  // a site serving its pages, not of its first renders.
  for (const path of mix)
    for (let i = 0; i < 2; i++)
      await fetch(url + path, { headers: path.startsWith('/api/') ? BROWSER_API : BROWSER }).then((r) =>
        r.arrayBuffer(),
      );
  for (const perSecond of [1, 20]) {
    log(`  sqld: ${mode}: the URL mix beside ${perSecond} review(s) a second`);
    const ids = contentIds.slice(next, (next += Math.ceil(perSecond * seconds)));
    const [reads, writes] = await Promise.all([
      readLoad(url, mix, seconds, connections),
      reviewsAtRate(url, tokens, ids, perSecond, seconds),
    ]);
    rows.push({
      mode,
      perSecond,
      rps: reads.rps,
      p50: reads.p50,
      p99: reads.p99,
      errors: reads.errors + reads.non2xx,
      done: writes.done,
      asked: writes.asked,
    });
  }
  return rows;
}

/** Requests a server answered (its scrape left out), from its /metrics. */
async function requestsServed(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  let total = 0;
  for (const [, labels, count] of text.matchAll(/^skillshelf_http_requests_total\{([^}]*)\}\s+(\d+)/gm))
    if (!labels!.includes('route="/metrics"')) total += Number(count);
  return total;
}

/**
 * The same figures through deploy/nginx.conf's round-robin over a server straight on the primary and one on an
 * embedded replica; CPU per request is both servers' and sqld's.
 */
async function measureTopology(
  dbPath: string,
  sqld: Sqld,
  dir: string,
  paths: string[],
  mix: string[],
  contentIds: string[],
  duration: number,
  connections: number,
): Promise<{ row: Row; mix: MixRow[]; primaryShare: number }> {
  const ports = [await freePort(), await freePort()] as const;
  const address = await nginxAddress();
  const envs = (cache: Record<string, string>) => [
    { LOG_LEVEL: 'silent', METRICS_TOKEN, DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: SQLD_AUTH_TOKEN, ...cache },
    {
      LOG_LEVEL: 'silent',
      METRICS_TOKEN,
      DATABASE_URL: `file:${join(dir, 'topology-replica.db')}`,
      DATABASE_SYNC_URL: sqld.url,
      DATABASE_AUTH_TOKEN: SQLD_AUTH_TOKEN,
      ...cache,
    },
  ];
  const start = (cache: Record<string, string>) =>
    Promise.all(envs(cache).map((env, k) => startSkillshelf(dbPath, ports[k]!, env)));
  const stop = async (servers: ChildProcess[]) => {
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((server) => new Promise((resolve) => server.once('exit', resolve))));
  };
  log(`  sqld: ${TOPOLOGY}: cached pages`);
  let servers = await start({});
  const proxy = await startNginx([...ports], { ...address, plain: true });
  const url = proxy.url;
  try {
    for (const path of paths)
      for (let i = 0; i < 4; i++) await fetch(url + path, { headers: BROWSER }).then((r) => r.arrayBuffer());
    const cpu = () => servers.reduce((sum, server) => sum + cpuTimeUs(server.pid!), 0);
    const [app0, sqld0] = [cpu(), cpuTimeUs(sqld.process.pid!)];
    const served0 = await Promise.all(ports.map((port) => requestsServed(`http://127.0.0.1:${port}`)));
    let n = 0;
    const result = await autocannon({
      url,
      connections,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length]!, headers: BROWSER }) }],
    });
    const requests = result.requests.total || 1;
    const pages = {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      appUs: Math.round((cpu() - app0) / requests),
      sqldUs: Math.round((cpuTimeUs(sqld.process.pid!) - sqld0) / requests),
    };
    log(`  sqld: ${TOPOLOGY}: review writes`);
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) tokens.push(await signUp(url, 100 + i));
    const one = await postReviews(url, tokens, contentIds.slice(0, 200), 1);
    const many = await postReviews(url, tokens, contentIds.slice(200, 800), 16);
    const mixRows = await mixUnderWrites(TOPOLOGY, url, mix, contentIds.slice(800), duration, connections);
    const served = await Promise.all(ports.map((port) => requestsServed(`http://127.0.0.1:${port}`)));
    const [onPrimary, onReplica] = served.map((count, k) => count - served0[k]!) as [number, number];
    await stop(servers);

    log(`  sqld: ${TOPOLOGY}: uncached search`);
    servers = await start({ CATALOG_CACHE: 'off' });
    const latencies = await benchUncachedSearch(url, dbPath, 30);
    const search = { p50: Math.max(...latencies.map((l) => l.p50)), p95: Math.max(...latencies.map((l) => l.p95)) };
    return {
      row: {
        mode: TOPOLOGY,
        pages,
        search,
        oneAtATime: {
          p50: percentileMs(one.latencies, 50),
          p99: percentileMs(one.latencies, 99),
          done: one.done,
          asked: 200,
        },
        together: { perSecond: Math.round(many.done / many.seconds), done: many.done, asked: 600 },
      },
      mix: mixRows,
      primaryShare: onPrimary / Math.max(1, onPrimary + onReplica),
    };
  } finally {
    await proxy.stop();
    await stop(servers.filter((server) => server.exitCode === null));
  }
}

async function measureMode(
  mode: Mode,
  env: Record<string, string>,
  dbPath: string,
  sqld: Sqld,
  paths: string[],
  contentIds: string[],
  duration: number,
  connections: number,
  mix?: { paths: string[]; contentIds: string[]; rows: MixRow[] },
): Promise<Row> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  log(`  sqld: ${mode}: cached pages`);
  const server = await startSkillshelf(dbPath, port, env);
  try {
    for (const path of paths)
      for (let i = 0; i < 2; i++) await fetch(url + path, { headers: BROWSER }).then((r) => r.arrayBuffer());
    const [app0, sqld0] = [cpuTimeUs(server.pid!), cpuTimeUs(sqld.process.pid!)];
    let n = 0;
    const result = await autocannon({
      url,
      connections,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length]!, headers: BROWSER }) }],
    });
    const requests = result.requests.total || 1;
    const pages = {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      appUs: Math.round((cpuTimeUs(server.pid!) - app0) / requests),
      sqldUs: Math.round((cpuTimeUs(sqld.process.pid!) - sqld0) / requests),
    };
    log(`  sqld: ${mode}: review writes`);
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) tokens.push(await signUp(url, i));
    const one = await postReviews(url, tokens, contentIds.slice(0, 200), 1);
    const many = await postReviews(url, tokens, contentIds.slice(200, 800), 16);
    if (mix) mix.rows.push(...(await mixUnderWrites(mode, url, mix.paths, mix.contentIds, duration, connections)));
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    log(`  sqld: ${mode}: uncached search`);
    const searchPort = await freePort();
    const uncached = await startSkillshelf(dbPath, searchPort, { ...env, CATALOG_CACHE: 'off' });
    let search: Row['search'];
    try {
      const latencies = await benchUncachedSearch(`http://127.0.0.1:${searchPort}`, dbPath, 30);
      search = { p50: Math.max(...latencies.map((l) => l.p50)), p95: Math.max(...latencies.map((l) => l.p95)) };
    } finally {
      uncached.kill('SIGTERM');
      await new Promise((resolve) => uncached.once('exit', resolve));
    }
    return {
      mode,
      pages,
      search,
      oneAtATime: {
        p50: percentileMs(one.latencies, 50),
        p99: percentileMs(one.latencies, 99),
        done: one.done,
        asked: 200,
      },
      together: { perSecond: Math.round(many.done / many.seconds), done: many.done, asked: 600 },
    };
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
  }
}

export async function sqldSection(
  dbPath: string,
  { duration, connections }: { duration: number; connections: number },
): Promise<ReportSection> {
  const title = 'The file, sqld and an embedded replica of it';
  if (!hasSqld) return { title, lines: [`Not measured: ${NO_SQLD}.`], goals: [], json: {} };
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-bench-sqld-'));
  // The bench's file, its log folded in, becomes the primary's database (a restore: decision 027).
  const file = createClient({ url: `file:${dbPath}` });
  // The servers' own writes (a startup job, the importer finishing) are waited for, as their connections do.
  await file.execute('PRAGMA busy_timeout = 10000');
  await file.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  const paths = [
    '/',
    ...(await file.execute('SELECT slug FROM contents ORDER BY random() LIMIT 20')).rows.map(
      (r) => `/content/${String(r.slug)}`,
    ),
    ...(await file.execute("SELECT DISTINCT value FROM content_tags WHERE kind = 'category' LIMIT 5")).rows.map(
      (r) => `/search?category=${String(r.value)}`,
    ),
  ];
  // Each mode reviews contents of its own while the catalog has enough (a user reviews a content once, and each
  // mode signs up writers of its own); a small catalog's are taken again, round.
  const all = (await file.execute('SELECT id FROM contents ORDER BY random() LIMIT 4400')).rows.map((r) =>
    String(r.id),
  );
  const ids = Array.from({ length: 4400 }, (_, i) => all[i % all.length]!);
  const mixPaths = await urlMix(file);
  file.close();
  mkdirSync(join(dir, 'sqld', 'data.sqld', 'dbs', 'default'), { recursive: true });
  copyFileSync(dbPath, join(dir, 'sqld', 'data.sqld', 'dbs', 'default', 'data'));
  const sqld = await startSqld({ dir: join(dir, 'sqld') });
  const rows: Row[] = [];
  const mixRows: MixRow[] = [];
  let primaryShare: number | undefined;
  try {
    const modes: Array<[Mode, Record<string, string>]> = [
      ['embedded file', {}],
      // sqld requires a token, as deployed (deploy/sqld.service): the cost of checking it is part of what is measured.
      ['sqld over loopback', { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: SQLD_AUTH_TOKEN }],
      [
        'embedded replica of sqld',
        {
          DATABASE_URL: `file:${join(dir, 'replica.db')}`,
          DATABASE_SYNC_URL: sqld.url,
          DATABASE_AUTH_TOKEN: SQLD_AUTH_TOKEN,
        },
      ],
    ];
    for (const [k, [mode, modeEnv]] of modes.entries()) {
      const env = { LOG_LEVEL: 'silent', ...modeEnv };
      // The file's reads-while-writing mix is the one the topology's is set beside.
      const mix = k === 0 ? { paths: mixPaths, contentIds: ids.slice(3200, 3600), rows: mixRows } : undefined;
      rows.push(
        await measureMode(
          mode,
          env,
          dbPath,
          sqld,
          paths,
          ids.slice(k * 800, (k + 1) * 800),
          duration,
          connections,
          mix,
        ),
      );
    }
    if (hasNginx) {
      // Reviews of contents of its own: the first 800 for the reviews, the rest for the mix.
      const topology = await measureTopology(
        dbPath,
        sqld,
        dir,
        paths,
        mixPaths,
        [...ids.slice(2400, 3200), ...ids.slice(3600, 4400)],
        duration,
        connections,
      );
      rows.push(topology.row);
      mixRows.push(...topology.mix);
      primaryShare = topology.primaryShare;
    }
  } finally {
    await sqld.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return sqldReport(title, rows, mixRows, primaryShare);
}

function sqldReport(title: string, rows: Row[], mix: MixRow[], primaryShare: number | undefined): ReportSection {
  const goals: Goal[] = rows.map((r) => ({
    goal: `${r.mode}: every page and review answered`,
    figure: `${r.pages.errors} page errors, ${r.oneAtATime.done + r.together.done} of ${r.oneAtATime.asked + r.together.asked} reviews`,
    met: r.pages.errors === 0 && r.oneAtATime.done === r.oneAtATime.asked && r.together.done === r.together.asked,
  }));
  const lines = [
    'The same catalog, one database after the other in one run. Cached pages: home, 20 content pages and 5 categories, browser headers, under load; CPU per request of the app server and of sqld. Uncached search: a server with CATALOG_CACHE=off, one request at a time (the slowest of the three query shapes). Reviews: 200 one at a time, then 600 with 16 in flight.',
    '',
    '| database | cached pages req/s | p50 / p99 ms | CPU µs/request: app + sqld | uncached search p50 / p95 ms | a review, one at a time: p50 / p99 ms | reviews/s, 16 at once |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.mode} | ${r.pages.rps.toLocaleString('en')} | ${r.pages.p50} / ${r.pages.p99} | ${r.pages.appUs} + ${r.pages.sqldUs} | ${r.search.p50} / ${r.search.p95} | ${r.oneAtATime.p50} / ${r.oneAtATime.p99} | ${r.together.perSecond} |`,
    ),
  ];
  lines.push(
    '',
    hasNginx
      ? `The topology: deploy/nginx.conf's upstream in round-robin over a server straight on the primary and one on an embedded replica (plain HTTP to nginx), CPU of both servers; the server on the primary answered ${primaryShare === undefined ? '—' : `${(primaryShare * 100).toFixed(1)}%`} of its requests (every read of it is the primary's; the replica's reads stay local unless a client brings a position it has not pulled: decision 044).`
      : `The topology through nginx: not measured (${NO_NGINX}).`,
    '',
    'The visitors’ URL mix (home, content pages, category, stack and word searches, API searches) under the same connections, beside a steady rate of reviews:',
    '',
    '| database | reviews/s | reads req/s | p50 / p99 ms | read errors | reviews done |',
    '|---|---:|---:|---:|---:|---:|',
    ...mix.map(
      (m) =>
        `| ${m.mode} | ${m.perSecond} | ${m.rps.toLocaleString('en')} | ${m.p50} / ${m.p99} | ${m.errors} | ${m.done} of ${m.asked} |`,
    ),
  );
  goals.push(
    ...mix.map((m) => ({
      goal: `${m.mode}, ${m.perSecond} review(s)/s: every read and review answered`,
      figure: `${m.errors} read errors, ${m.done} of ${m.asked} reviews`,
      met: m.errors === 0 && m.done === m.asked,
    })),
  );
  return { title, lines, goals, json: { rows, mix, primaryShare } };
}
