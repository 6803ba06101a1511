/** `skillshelf tags`: the tag rows with their use, and adding one, audited, as a real process on a real file. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDb, type TempDb } from './harness.ts';

let db: TempDb;
beforeEach(async () => (db = await tempDb()));
afterEach(() => db.remove());

describe('tags', () => {
  it('list shows every tag of a kind with how many contents carry it; --json for scripts', async () => {
    expect((await runCli(db.url, ['db', 'seed'])).code).toBe(0);
    const run = await runCli(db.url, ['tags', 'list', '--kind', 'techStack']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^techStack \(\d+\)\n {2}JavaScript \(javascript\) {2}\d+ contents\n/);
    expect(run.stdout).toMatch(/\n {2}C\+\+ \(c\+\+\) {2}\d+ contents\n/);
    const listed = JSON.parse((await runCli(db.url, ['tags', 'list', '--json'])).stdout) as Array<{
      kind: string;
      value: string;
      contents: number;
    }>;
    const python = listed.find((tag) => tag.kind === 'techStack' && tag.value === 'python')!;
    const rows = await db.query("SELECT count(*) AS n FROM content_tags WHERE kind = 'techStack' AND value = 'python'");
    expect(python.contents).toBe(Number(rows[0]!.n));
    expect(new Set(listed.map((tag) => tag.kind))).toEqual(new Set(['category', 'techStack', 'type']));
  });

  it('add makes a tag offered at once, audited; the same value again or an unknown kind is refused', async () => {
    const added = await runCli(db.url, ['tags', 'add', 'techStack', 'Elixir', '--yes']);
    expect(added).toMatchObject({ code: 0, stdout: "Added the techStack 'Elixir' (elixir).\n" });
    const listed = JSON.parse(
      (await runCli(db.url, ['tags', 'list', '--kind', 'techStack', '--json'])).stdout,
    ) as Array<{ value: string }>;
    expect(listed.at(-1)).toMatchObject({ value: 'elixir', label: 'Elixir', status: 'active', contents: 0 });
    expect(await runCli(db.url, ['tags', 'add', 'techStack', 'ELIXIR', '--yes'])).toMatchObject({
      code: 1,
      stderr: "error: The techStack 'Elixir' (elixir) already exists\n",
    });
    expect((await runCli(db.url, ['tags', 'add', 'colour', 'Red', '--yes'])).code).not.toBe(0);
    expect((await runCli(db.url, ['tags', 'add', 'category', '%%', '--yes'])).stderr).toBe(
      'error: A tag needs a label with a letter or a digit\n',
    );
    const audit = JSON.parse((await runCli(db.url, ['audit', '--json'])).stdout) as Array<{
      action: string;
      targetId: string;
    }>;
    expect(audit.map((entry) => `${entry.action} ${entry.targetId}`)).toContain('tag.create techStack:elixir');
  });

  it('add without --yes and without a terminal changes nothing', async () => {
    const run = await runCli(db.url, ['tags', 'add', 'category', 'Game Development']);
    expect(run.code).toBe(2);
    const listed = JSON.parse(
      (await runCli(db.url, ['tags', 'list', '--kind', 'category', '--json'])).stdout,
    ) as Array<{ value: string }>;
    expect(listed.map((tag) => tag.value)).not.toContain('game-development');
  });

  it('rename, merge, retire and restore change every content that carries the tag, each confirmed and audited', async () => {
    expect((await runCli(db.url, ['db', 'seed'])).code).toBe(0);
    const carriers = async (kind: string, value: string) =>
      Number(
        (await db.query('SELECT count(*) AS n FROM content_tags WHERE kind = ? AND value = ?', [kind, value]))[0]!.n,
      );
    const javascript = await carriers('techStack', 'javascript');
    expect(javascript).toBeGreaterThan(0);

    const renamed = await runCli(db.url, ['tags', 'rename', 'techStack', 'javascript', 'JAVASCRIPT', '--yes']);
    expect(renamed).toMatchObject({
      code: 0,
      stdout: `Renamed the techStack 'JavaScript' to 'JAVASCRIPT' (javascript) on ${javascript} contents.\n`,
    });
    expect(
      await db.query("SELECT DISTINCT label FROM content_tags WHERE kind = 'techStack' AND value = 'javascript'"),
    ).toEqual([expect.objectContaining({ label: 'JAVASCRIPT' })]);

    const [express, node] = [await carriers('techStack', 'express.js'), await carriers('techStack', 'node.js')];
    const merged = await runCli(db.url, ['tags', 'merge', 'techStack', 'express.js', 'node.js', '--yes']);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toMatch(
      /^Merged the techStack 'Express\.js' into 'Node\.js': it is on \d+ contents now\. Links to express\.js lead to node\.js\.\n$/,
    );
    expect(await carriers('techStack', 'express.js')).toBe(0);
    const after = await carriers('techStack', 'node.js');
    expect(after).toBeGreaterThanOrEqual(Math.max(express, node));
    expect(after).toBeLessThanOrEqual(express + node);

    expect(await runCli(db.url, ['tags', 'retire', 'type', 'webinars', '--yes'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Retired the type 'Webinars': no longer offered; \d+ contents? keep it\.\n$/),
    });
    expect((await runCli(db.url, ['tags', 'list', '--kind', 'type'])).stdout).toMatch(
      /Webinars \(webinars\) {2}\d+ contents? {2}retired\n/,
    );
    expect(await runCli(db.url, ['tags', 'restore', 'type', 'webinars', '--yes'])).toMatchObject({
      code: 0,
      stdout: "Restored the type 'Webinars': offered again.\n",
    });

    const audit = JSON.parse((await runCli(db.url, ['audit', '--json'])).stdout) as Array<{
      action: string;
      targetId: string;
    }>;
    expect(audit.map((entry) => `${entry.action} ${entry.targetId}`)).toEqual(
      expect.arrayContaining([
        'tag.rename techStack:javascript',
        'tag.merge techStack:node.js',
        'tag.retire type:webinars',
        'tag.restore type:webinars',
      ]),
    );
  }, 90_000);

  it('rename into a value that exists, or of a tag that does not, fails with the reason; without --yes off a terminal nothing changes', async () => {
    expect(await runCli(db.url, ['tags', 'rename', 'techStack', 'ruby', 'Rails', '--yes'])).toMatchObject({
      code: 1,
      stderr: "error: The techStack 'Rails' (rails) already exists: merge into it instead\n",
    });
    expect(await runCli(db.url, ['tags', 'merge', 'techStack', 'cobol', 'java', '--yes'])).toMatchObject({
      code: 1,
      stderr: "error: No techStack has the value 'cobol'\n",
    });
    expect((await runCli(db.url, ['tags', 'retire', 'category', 'cloud'])).code).toBe(2);
    expect(await db.query("SELECT status FROM tags WHERE kind = 'category' AND value = 'cloud'")).toEqual([
      expect.objectContaining({ status: 'active' }),
    ]);
  });
});
