/**
 * `skillshelf links check` as a real process against HTTP servers these tests start on 127.0.0.1
 * (docs/decisions/016): a working link, permanent redirect chains and a redirect loop, 404 and 410, a response slower than
 * the timeout, 429 with Retry-After, a refused connection, a server that refuses HEAD; at most one request a
 * second per host; a link failing once is not broken, one failing 3 times over 48 hours is (exit 3); and
 * the lease keeps a second process from checking while one runs; and it runs at the lowest priority.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../setup/server.ts';
import { startLocalSite, type Handler, type LocalSite } from '../setup/local-site.ts';
import { niceOfCli, runCli, runInTerminal, tempDb, type TempDb } from './harness.ts';

let db: TempDb;
const sites: LocalSite[] = [];
// The links checked are this file's own servers on loopback: the CLI runs with the outbound policy lifted.
const outbound = process.env.OUTBOUND_ALLOW_PRIVATE;
beforeAll(() => (process.env.OUTBOUND_ALLOW_PRIVATE = 'true'));
afterAll(() =>
  outbound === undefined ? delete process.env.OUTBOUND_ALLOW_PRIVATE : (process.env.OUTBOUND_ALLOW_PRIVATE = outbound),
);
beforeEach(async () => (db = await tempDb()));
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
  await db.remove();
});

async function site(handler: Handler): Promise<LocalSite> {
  const s = await startLocalSite(handler);
  sites.push(s);
  return s;
}
const answer =
  (status: number, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    void res.writeHead(status, headers).end();

/** Imports one content per URL (named after its key) and returns their ids by key. */
async function catalog(links: Record<string, string>): Promise<Record<string, string>> {
  const file = join(db.dir, 'links.json');
  writeFileSync(
    file,
    JSON.stringify(Object.entries(links).map(([key, url]) => ({ name: key, url, description: `The ${key} link.` }))),
  );
  const run = await runCli(db.url, ['import', file]);
  expect(run.code, run.stderr + run.stdout).toBe(0);
  const rows = await db.query('SELECT id, name FROM contents');
  return Object.fromEntries(rows.map((r) => [String(r.name), String(r.id)]));
}

async function check(...args: string[]) {
  const run = await runCli(db.url, ['links', 'check', '--json', ...args]);
  expect(run.stderr.startsWith('error:') || run.stderr === '', run.stderr).toBe(true);
  return { ...run, report: run.stdout ? JSON.parse(run.stdout) : undefined };
}

/** The nice value of the `links check` running on `url` (found in /proc by its command and environment), or undefined. */
const byName = (report: { results: Array<{ name: string }> }) =>
  Object.fromEntries(report.results.map((r) => [r.name, r])) as Record<string, Record<string, unknown>>;
const checkRow = async (id: string) => (await db.query('SELECT * FROM link_checks WHERE content_id = ?', [id]))[0]!;

describe('links check', () => {
  it('records each kind of answer: works, moved for good, 404, 410, a redirect loop, too many redirects, a refused connection, a refusal of HEAD', async () => {
    const ok = await site(answer(200));
    const end = await site(answer(200));
    const middle = await site(answer(308, { location: `${end.url}/new-home` }));
    const start = await site(answer(301, { location: `${middle.url}/step` }));
    const notFound = await site(answer(404));
    const gone = await site(answer(410));
    let loopBack = '';
    const loopA = await site((_req, res) => void res.writeHead(302, { location: loopBack }).end());
    const loopB = await site(answer(302, { location: `${loopA.url}/a` }));
    loopBack = `${loopB.url}/b`;
    // Seven servers each sending on to the next: six redirects, one more than followed.
    const far: LocalSite[] = [];
    for (let i = 0; i < 7; i++)
      far.unshift(await site(i === 0 ? answer(200) : answer(301, { location: `${far[0]!.url}/` })));
    const headless = await site((req, res) => void res.writeHead(req.method === 'HEAD' ? 405 : 200).end());
    const closed = await freePort();
    const ids = await catalog({
      ok: `${ok.url}/`,
      moved: `${start.url}/old`,
      notFound: `${notFound.url}/missing`,
      gone: `${gone.url}/removed`,
      loop: `${loopA.url}/a`,
      tooFar: `${far[0]!.url}/`,
      refused: `http://127.0.0.1:${closed}/`,
      headless: `${headless.url}/`,
    });

    const { code, report } = await check();
    expect(code).toBe(0);
    expect(report).toMatchObject({ checked: 8, ok: 3, failed: 5, deferred: 0, broken: 0, newlyBroken: 0, moved: 1 });
    const r = byName(report);
    expect(r.ok).toMatchObject({ outcome: 'ok', status: 200, finalUrl: `${ok.url}/`, movedTo: null, failures: 0 });
    expect(r.moved).toMatchObject({
      outcome: 'ok',
      status: 200,
      finalUrl: `${end.url}/new-home`,
      movedTo: `${end.url}/new-home`,
    });
    expect(r.notFound).toMatchObject({
      outcome: 'failed',
      status: 404,
      error: 'HTTP 404 Not Found',
      failures: 1,
      broken: false,
    });
    expect(r.gone).toMatchObject({ outcome: 'failed', status: 410, error: 'HTTP 410 Gone', failures: 1 });
    expect(r.loop).toMatchObject({ outcome: 'failed', error: 'redirect loop', finalUrl: `${loopA.url}/a` });
    expect(r.tooFar).toMatchObject({ outcome: 'failed', error: 'more than 5 redirects' });
    expect(r.refused).toMatchObject({ outcome: 'failed', status: null, error: 'connection refused' });
    expect(r.headless).toMatchObject({ outcome: 'ok', status: 200 });
    expect(headless.requests.map((q) => q.method)).toEqual(['HEAD', 'GET']);
    // The loop is noticed without asking its first page twice.
    expect(loopA.requests).toHaveLength(1);
    // What each found is kept with its content.
    expect(await checkRow(ids.notFound!)).toMatchObject({
      status: 404,
      failures: 1,
      broken_since: null,
      error: 'HTTP 404 Not Found',
    });
    expect(await checkRow(ids.moved!)).toMatchObject({
      moved_to: `${end.url}/new-home`,
      final_url: `${end.url}/new-home`,
      failures: 0,
    });
  });

  it('a response slower than --timeout fails the link; a server that asks for time (429 Retry-After, 503) is asked again later and never counted', async () => {
    const slow = await site((_req, res) => void setTimeout(() => res.writeHead(200).end(), 3000));
    let busyAnswers = 0;
    const busy = await site((_req, res) => {
      busyAnswers++;
      res.writeHead(429, { 'retry-after': '120' }).end();
    });
    const down = await site(answer(503));
    const ids = await catalog({
      slow: `${slow.url}/`,
      busy: `${busy.url}/one`,
      busyToo: `${busy.url}/two`,
      down: `${down.url}/`,
    });
    const started = Date.now();
    const { code, report } = await check('--timeout', '1');
    expect(code).toBe(0);
    const r = byName(report);
    expect(r.slow).toMatchObject({ outcome: 'failed', status: null, error: 'no answer within 1 s', failures: 1 });
    expect(r.busy).toMatchObject({ outcome: 'deferred', status: 429, failures: 0, broken: false });
    expect(Date.parse(String(r.busy!.retryAt)) - started).toBeGreaterThanOrEqual(119_000);
    // The host asked for time: its other link waits too, unasked.
    expect(r.busyToo).toMatchObject({ outcome: 'deferred', failures: 0 });
    expect(busyAnswers).toBe(1);
    // 503 without Retry-After: an hour.
    expect(r.down).toMatchObject({ outcome: 'deferred', status: 503 });
    expect(Date.parse(String(r.down!.retryAt)) - started).toBeGreaterThanOrEqual(59 * 60_000);
    expect(await checkRow(ids.busy!)).toMatchObject({ status: 429, failures: 0, broken_since: null });
    // Before its time, neither a due run nor a full one asks it again.
    const again = await check('--only-due');
    expect(again.report.checked).toBe(0);
    const full = await check('--timeout', '1');
    expect(full.report.results.map((x: { name: string }) => x.name)).toEqual(['slow']);
    expect(busyAnswers).toBe(1);
  });

  it('asks a host at most once a second, whatever the concurrency', async () => {
    const shared = await site(answer(200));
    await catalog(Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`page${i}`, `${shared.url}/page/${i}`])));
    const { report } = await check('--concurrency', '8');
    expect(report.ok).toBe(4);
    const times = shared.requests.map((q) => q.at).sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    // A second apart as sent; as received, give or take the first connection's warm-up.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(2700);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(700);
  });

  it('a link failing once, or three times within a day, is not broken; failing 3 times over 48 hours it is (exit 3), until it works again', async () => {
    let up = false;
    const flaky = await site((_req, res) => void res.writeHead(up ? 200 : 404).end());
    const ids = await catalog({ flaky: `${flaky.url}/` });
    const first = await check();
    expect(first.code).toBe(0);
    expect(byName(first.report).flaky).toMatchObject({ failures: 1, broken: false, newlyBroken: false });
    for (const failures of [2, 3]) {
      const run = await check();
      expect(run.code).toBe(0);
      expect(byName(run.report).flaky).toMatchObject({ failures, broken: false });
    }
    // The streak began 49 hours ago: the next failure, the fourth, makes it broken.
    await db.query('UPDATE link_checks SET first_failure_at = ? WHERE content_id = ?', [
      Date.now() - 49 * 3600_000,
      ids.flaky!,
    ]);
    const broke = await runCli(db.url, ['links', 'check']);
    expect(broke.code).toBe(3);
    expect(broke.stdout).toMatch(
      /^BROKEN +\S+ {2}flaky {2}http:\/\/127\.0\.0\.1:\d+\/ {2}HTTP 404 Not Found \(4 failures in a row\)$/m,
    );
    expect(broke.stdout).toContain('Checked 1 link: 0 ok, 1 failing, 1 broken (1 newly).');
    expect(broke.stderr).toBe('error: 1 link newly broken\n');
    expect((await checkRow(ids.flaky!)).broken_since).not.toBeNull();
    // Still broken the next time: not newly, so exit 0.
    const still = await check();
    expect(still.code).toBe(0);
    expect(byName(still.report).flaky).toMatchObject({ broken: true, newlyBroken: false });
    up = true;
    const fixed = await check();
    expect(byName(fixed.report).flaky).toMatchObject({ outcome: 'ok', failures: 0, broken: false });
    expect(await checkRow(ids.flaky!)).toMatchObject({ failures: 0, broken_since: null, first_failure_at: null });
  });

  it('the lease keeps two processes from checking at once: the second stops (exit 1) and every link is asked once', async () => {
    const slow = await site((_req, res) => void setTimeout(() => res.writeHead(200).end(), 1500));
    const other = await site((_req, res) => void setTimeout(() => res.writeHead(200).end(), 1500));
    await catalog({ a: `${slow.url}/a`, b: `${other.url}/b`, c: `${slow.url}/c` });
    const [one, two] = await Promise.all([
      runCli(db.url, ['links', 'check', '--json']),
      runCli(db.url, ['links', 'check', '--json']),
    ]);
    const [winner, loser] = one.code === 0 ? [one, two] : [two, one];
    expect(winner.code, winner.stderr).toBe(0);
    expect(JSON.parse(winner.stdout).checked).toBe(3);
    expect(loser.code).toBe(1);
    expect(loser.stderr).toMatch(
      /^error: Another link check is running \(.+:\d+:[0-9a-f]+, lease until .+\): nothing was checked\n$/,
    );
    expect(loser.stdout).toBe('');
    expect([...slow.requests, ...other.requests].map((q) => q.path).sort()).toEqual(['/a', '/b', '/c']);
    // Released at the end: the next run checks again.
    expect((await check()).report.checked).toBe(3);
  });

  it.skipIf(!existsSync('/proc/self/stat'))(
    'runs at the lowest priority, so that the site on the same machine is served first',
    async () => {
      const slow = await site((_req, res) => void setTimeout(() => res.writeHead(200).end(), 1500));
      await catalog({ a: `${slow.url}/a` });
      const run = runCli(db.url, ['links', 'check', '--json']);
      await expect.poll(() => slow.requests.length, { timeout: 10_000 }).toBe(1);
      expect(niceOfCli(db.url, ['links', 'check'])).toBe(19);
      expect((await run).code).toBe(0);
    },
  );

  it('--only-due checks the new and the due links only; a changed URL starts its record over', async () => {
    const s = await site(answer(404));
    const fine = await site(answer(200));
    const ids = await catalog({ first: `${s.url}/first` });
    await check();
    expect((await check('--only-due')).report.checked).toBe(0);
    await catalog({ second: `${fine.url}/second` });
    expect((await check('--only-due')).report.results.map((r: { name: string }) => r.name)).toEqual(['second']);
    // The admin gave the first content another URL: due at once, its failures forgotten.
    await db.query('UPDATE contents SET url = ? WHERE id = ?', [`${fine.url}/first`, ids.first!]);
    const { report } = await check('--only-due');
    expect(byName(report).first).toMatchObject({ outcome: 'ok', failures: 0 });
  });

  it('shows its progress on a terminal (and only there)', async () => {
    const ok = await site(answer(200));
    await catalog({ one: `${ok.url}/1`, two: `${ok.url}/2` });
    const { code, screen } = await runInTerminal(db.url, ['links', 'check']).exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Checking links \[#+-*\] +\d+% +\d\/2/);
    expect(screen).toContain('Checked 2 links: 2 ok.');
    expect((await runCli(db.url, ['links', 'check'])).stderr).toBe('');
  });

  it('prints a line per link that needs a look and a summary; bad options are usage errors', async () => {
    const missing = await site(answer(404));
    const ok = await site(answer(200));
    await catalog({ good: `${ok.url}/`, bad: `${missing.url}/x` });
    const run = await runCli(db.url, ['links', 'check']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^failing +\S+ {2}bad {2}http:\/\/127\.0\.0\.1:\d+\/x {2}HTTP 404 Not Found \(1 failure in a row\)\nChecked 2 links: 1 ok, 1 failing\.\n$/,
    );
    expect((await runCli(db.url, ['links', 'check', '--concurrency', '0'])).code).toBe(2);
    expect((await runCli(db.url, ['links', 'check', '--timeout', 'soon'])).code).toBe(2);
  });
});
