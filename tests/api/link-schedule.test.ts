/**
 * The server's scheduled link check (decision 016): off by default; with LINK_CHECK_INTERVAL_HOURS the server
 * checks the due links by itself, holding the lease, so that another process (here the CLI) cannot check
 * at the same time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { startServer, type TestServer } from '../setup/server.ts';
import { databaseUrlIn, releaseDatabaseIn } from '../setup/test-database.ts';
import { openDatabase } from '../setup/sql.ts';

const sites: LocalSite[] = [];
const dirs: string[] = [];
let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  await Promise.all(sites.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) {
    await releaseDatabaseIn(dir);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A database directory holding a catalog of these links (made with the CLI, before any server starts). */
async function catalogDir(links: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-schedule-'));
  dirs.push(dir);
  const file = join(dir, 'links.json');
  writeFileSync(
    file,
    JSON.stringify(Object.entries(links).map(([name, url]) => ({ name, url, description: `The ${name} link.` }))),
  );
  const run = await runCli(await databaseUrlIn(dir), ['import', file], { OUTBOUND_ALLOW_PRIVATE: 'true' });
  expect(run.code, run.stderr).toBe(0);
  return dir;
}

async function checks(dbUrl: string) {
  const db = await openDatabase(dbUrl);
  try {
    return (
      await db.execute(
        'SELECT c.name, l.status, l.failures FROM link_checks l JOIN contents c ON c.id = l.content_id ORDER BY c.name',
      )
    ).rows.map((r) => ({ ...r }));
  } finally {
    db.close();
  }
}

/** What came of the scheduled run's try at a picture for the content named `name`, or '' before it tried. */
async function pictureTried(dbUrl: string, name: string): Promise<string> {
  const db = await openDatabase(dbUrl);
  try {
    const { rows } = await db.execute({
      sql: 'SELECT p.outcome FROM picture_fetches p JOIN contents c ON c.id = p.content_id WHERE c.name = ?',
      args: [name],
    });
    return String(rows[0]?.outcome ?? '');
  } finally {
    db.close();
  }
}

describe('the scheduled link check', () => {
  it('runs by itself when LINK_CHECK_INTERVAL_HOURS is set, and holds the lease while it runs', async () => {
    const slow = await startLocalSite((_req, res) => void setTimeout(() => res.writeHead(200).end(), 8000));
    const missing = await startLocalSite((_req, res) => void res.writeHead(404).end());
    sites.push(slow, missing);
    const dir = await catalogDir({ slow: `${slow.url}/`, missing: `${missing.url}/gone` });
    server = await startServer({
      dir,
      seed: false,
      env: { LINK_CHECK_INTERVAL_HOURS: '6', OUTBOUND_ALLOW_PRIVATE: 'true' },
    });
    await expect.poll(() => slow.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // While the server's run waits for the slow link, the CLI may not check.
    const cli = await runCli(server.dbUrl, ['links', 'check'], { OUTBOUND_ALLOW_PRIVATE: 'true' });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('Another link check is running');
    await expect
      .poll(() => checks(server!.dbUrl), { timeout: 20_000 })
      .toEqual([
        { name: 'missing', status: 404, failures: 1 },
        { name: 'slow', status: 200, failures: 0 },
      ]);
    // The link that answered is asked once; then the run reads its page once for a picture (it has none).
    await expect.poll(() => pictureTried(server!.dbUrl, 'slow'), { timeout: 10_000 }).toBe('none');
    expect(slow.requests.map((r) => r.method)).toEqual(['HEAD', 'GET']);
    expect(missing.requests.map((r) => r.method)).toEqual(['HEAD', 'GET']);
  });

  it('is off by default: the server checks nothing by itself', async () => {
    const site = await startLocalSite((_req, res) => void res.writeHead(200).end());
    sites.push(site);
    const dir = await catalogDir({ quiet: `${site.url}/` });
    server = await startServer({ dir, seed: false, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    // Long enough for a run that started with the server to have asked the site.
    await new Promise((r) => setTimeout(r, 2000));
    expect(site.requests).toEqual([]);
    expect(await checks(server.dbUrl)).toEqual([]);
  });
});
