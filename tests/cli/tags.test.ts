/** `skillshelf tags`: the tag rows with their use, and adding one, audited, as a real process on a real file. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDb, type TempDb } from './harness.ts';

let db: TempDb;
beforeEach(() => (db = tempDb()));
afterEach(() => db.remove());

describe('tags', () => {
  it('list shows every tag of a kind with how many contents carry it; --json for scripts', async () => {
    expect((await runCli(db.url, ['db', 'seed'])).code).toBe(0);
    const run = await runCli(db.url, ['tags', 'list', '--kind', 'techStack']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^techStack \(\d+\)\n {2}Javascript \(javascript\) {2}\d+ contents\n/);
    expect(run.stdout).toMatch(/\n {2}C\+\+ \(c\+\+\) {2}0 contents\n/);
    const listed = JSON.parse((await runCli(db.url, ['tags', 'list', '--json'])).stdout) as Array<{ kind: string; value: string; contents: number }>;
    const python = listed.find((tag) => tag.kind === 'techStack' && tag.value === 'python')!;
    const rows = await db.query("SELECT count(*) AS n FROM content_tags WHERE kind = 'techStack' AND value = 'python'");
    expect(python.contents).toBe(Number(rows[0]!.n));
    expect(new Set(listed.map((tag) => tag.kind))).toEqual(new Set(['category', 'techStack', 'type']));
  });

  it('add makes a tag offered at once, audited; the same value again or an unknown kind is refused', async () => {
    const added = await runCli(db.url, ['tags', 'add', 'techStack', 'Elixir', '--yes']);
    expect(added).toMatchObject({ code: 0, stdout: "Added the techStack 'Elixir' (elixir).\n" });
    const listed = JSON.parse((await runCli(db.url, ['tags', 'list', '--kind', 'techStack', '--json'])).stdout) as Array<{ value: string }>;
    expect(listed.at(-1)).toMatchObject({ value: 'elixir', label: 'Elixir', status: 'active', contents: 0 });
    expect(await runCli(db.url, ['tags', 'add', 'techStack', 'ELIXIR', '--yes'])).toMatchObject({ code: 1, stderr: "error: The techStack 'Elixir' (elixir) already exists\n" });
    expect((await runCli(db.url, ['tags', 'add', 'colour', 'Red', '--yes'])).code).not.toBe(0);
    expect((await runCli(db.url, ['tags', 'add', 'category', '%%', '--yes'])).stderr).toBe('error: A tag needs a label with a letter or a digit\n');
    const audit = JSON.parse((await runCli(db.url, ['audit', '--json'])).stdout) as Array<{ action: string; targetId: string }>;
    expect(audit.map((entry) => `${entry.action} ${entry.targetId}`)).toContain('tag.create techStack:elixir');
  });

  it('add without --yes and without a terminal changes nothing', async () => {
    const run = await runCli(db.url, ['tags', 'add', 'category', 'Game Development']);
    expect(run.code).toBe(2);
    const listed = JSON.parse((await runCli(db.url, ['tags', 'list', '--kind', 'category', '--json'])).stdout) as Array<{ value: string }>;
    expect(listed.map((tag) => tag.value)).not.toContain('game-development');
  });
});
