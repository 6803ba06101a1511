/**
 * Proposed tags in `skillshelf submissions …` as a real process: listed with the submission; `approve`
 * creates or drops them by --proposed-tags (and says so when nobody chose); the interactive review asks
 * what becomes of each one of the submissions it approves.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '#db/client.ts';
import { createSubmission } from '#db/submissions/submissions.ts';
import { ENTER, runCli, runInTerminal, tempDb, type TempDb, type TerminalSession } from './harness.ts';
import { databaseAuthToken } from '../setup/test-database.ts';
import { CATALOG_READY } from '../setup/actors.ts';

let db: TempDb;
let terminal: TerminalSession | undefined;
beforeEach(async () => (db = await tempDb()));
afterEach(async () => {
  terminal?.kill();
  terminal = undefined;
  await db.remove();
});

const DOWN = '\x1b[B';

/** A user's submission (through the service the API calls) proposing `techStack` labels that are not ours. */
async function submitWith(techStack: string[], url = 'https://elixirschool.com/'): Promise<string> {
  if ((await db.query("SELECT id FROM users WHERE email = 'grace@example.com'").catch(() => [])).length === 0) {
    const run = await runCli(db.url, [
      'users',
      'create',
      '--name',
      'Grace Hopper',
      '--email',
      'grace@example.com',
      '--password',
      'correct horse',
    ]);
    expect(run.code, run.stderr).toBe(0);
  }
  const client = await openDb({ url: db.url, authToken: databaseAuthToken(db.url) });
  try {
    const [grace] = (await client.$client.execute("SELECT id FROM users WHERE email = 'grace@example.com'")).rows;
    const pairs = techStack.map((label) => ({ label, value: label.toLowerCase() }));
    return (
      await createSubmission(client, String(grace!.id), {
        ...CATALOG_READY,
        url,
        name: 'Elixir School',
        techStack: pairs,
        cost: 'Free',
      })
    )._id;
  } finally {
    client.$client.close();
  }
}

const contentTags = async () =>
  (await db.query("SELECT value FROM content_tags WHERE kind = 'techStack' ORDER BY value")).map((r) =>
    String(r.value),
  );
const tagRow = (value: string) =>
  db.query("SELECT label, status FROM tags WHERE kind = 'techStack' AND value = ?", [value]);
const tagAudit = () => db.query("SELECT target_id, details FROM audit_log WHERE action = 'tag.create'");

describe('submissions list', () => {
  it('shows the proposed tags with the submission, and --json gives them', async () => {
    const id = await submitWith(['Python', 'Elixir']);
    const run = await runCli(db.url, ['submissions', 'list']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(
      `${id}  Elixir School  https://elixirschool.com/\n    Web Development, Python, Online Courses, Elixir (proposed techStack) · Free · `,
    );
    const listed = JSON.parse((await runCli(db.url, ['submissions', 'list', '--json'])).stdout);
    expect(listed[0].proposedTags).toEqual([{ kind: 'techStack', label: 'Elixir', value: 'elixir' }]);
  });
});

describe('submissions approve', () => {
  it('--proposed-tags create makes each proposed tag, audited, and the content carries it', async () => {
    const id = await submitWith(['Python', 'Elixir']);
    const run = await runCli(db.url, ['submissions', 'approve', id, '--proposed-tags', 'create', '--yes']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(
      `approved  ${id}  Elixir School → /content/elixir-school\n          proposed techStack 'Elixir' created as a new tag\n`,
    );
    expect(run.stdout).not.toContain('dropped');
    expect(await tagRow('elixir')).toEqual([{ label: 'Elixir', status: 'active' }]);
    expect(await contentTags()).toEqual(['elixir', 'python']);
    const audit = await tagAudit();
    expect(audit.map((a) => a.target_id)).toEqual(['techStack:elixir']);
    expect(JSON.parse(String(audit[0]!.details))).toEqual({ label: 'Elixir', submission: id });
  });

  it('without --proposed-tags and without a terminal the proposed tags are dropped, and the output says so', async () => {
    const id = await submitWith(['Elixir', 'Gleam']);
    const run = await runCli(db.url, ['submissions', 'approve', id, '--yes']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain("proposed techStack 'Gleam' dropped\n");
    expect(run.stdout).toMatch(
      /\n2 proposed tags dropped: nobody chose for them \(pass --proposed-tags create to create them, or approve in a terminal without --yes to choose\)\.\n$/,
    );
    expect(await tagRow('elixir')).toEqual([]);
    expect(await contentTags()).toEqual([]);
    expect(await tagAudit()).toEqual([]);
  });

  it('--proposed-tags drop drops them (each outcome in --json); an unknown choice is a usage error', async () => {
    const id = await submitWith(['Elixir']);
    const wrong = await runCli(db.url, ['submissions', 'approve', id, '--proposed-tags', 'keep', '--yes']);
    expect(wrong).toMatchObject({ code: 2 });
    expect(wrong.stderr).toContain("--proposed-tags is create or drop, not 'keep'");
    const run = await runCli(db.url, ['submissions', 'approve', id, '--proposed-tags', 'drop', '--yes', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)[0].proposedTags).toEqual([
      { kind: 'techStack', label: 'Elixir', value: 'elixir', outcome: 'dropped' },
    ]);
  });
});

describe('submissions review in a terminal', () => {
  it('asks for each proposed tag of a ticked submission: the suggested mapping, create, or another tag found by typing', async () => {
    const id = await submitWith(['Python', 'Golang', 'Elixir', 'Zig']);
    await submitWith([], 'https://other.example.org/');
    terminal = runInTerminal(db.url, ['submissions', 'review']);
    await terminal.answer(/Proposed {5}Golang \(techStack\), Elixir \(techStack\), Zig \(techStack\)/, ' ');
    await terminal.answer(/1 ticked|Elixir School/, ENTER);
    // Golang looks like our Go: mapping to it is the default.
    await terminal.answer(/'Elixir School' proposes the techStack 'Golang'[\s\S]*Map it to 'Go'/, ENTER);
    await terminal.answer(/'Elixir School' proposes the techStack 'Elixir'[\s\S]*Create the techStack 'Elixir'/, ENTER);
    await terminal.answer(/'Elixir School' proposes the techStack 'Zig'[\s\S]*Drop it/, DOWN);
    await terminal.answer(/Map it to another techStack/, ENTER);
    await terminal.answer(/Map 'Zig' to which techStack\?/, 'Rus');
    await terminal.answer(/Rust/, ENTER);
    await terminal.answer(/Reject the 1 not ticked\?/, `n${ENTER}`);
    await terminal.answer(/Approve 1 and create 1 tag, leaving 1 in the queue\?/, `y${ENTER}`);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain(`approved  ${id}  Elixir School → /content/elixir-school`);
    expect(screen).toContain("proposed techStack 'Golang' mapped to 'Go'");
    expect(await contentTags()).toEqual(['elixir', 'go', 'python', 'rust']);
    expect(await tagRow('elixir')).toEqual([{ label: 'Elixir', status: 'active' }]);
    expect(await tagRow('zig')).toEqual([]);
    expect((await tagAudit()).map((a) => a.target_id)).toEqual(['techStack:elixir']);
  });
});
