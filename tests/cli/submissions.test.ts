/**
 * `skillshelf submissions …` as a real process: listing the queue, approving and rejecting from a script
 * (each id on its own, the web's duplicate rules), and the interactive review driven through its prompts in
 * a pseudo-terminal, cancel included.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '#db/client.ts';
import { createSubmission } from '#db/submissions/submissions.ts';
import { CTRL_C, ENTER, runCli, runInTerminal, tempDb, type TempDb, type TerminalSession } from './harness.ts';
import { databaseAuthToken } from '../setup/test-database.ts';

let db: TempDb;
let terminal: TerminalSession | undefined;
beforeEach(async () => (db = await tempDb()));
afterEach(async () => {
  terminal?.kill();
  terminal = undefined;
  await db.remove();
});

const SPACE = ' ';
const DOWN = '\x1b[B';

/** Queues n links through `import --as-submissions` (the CLI's own way in) and returns their ids, oldest first. */
async function queue(n: number, name = (i: number) => `Course ${i}`): Promise<string[]> {
  const file = join(db.dir, 'queue.json');
  const rows = Array.from({ length: n }, (_, i) => ({
    name: name(i),
    url: `https://course-${i}.example.org/`,
    description: `Course number ${i}`,
    category: ['Web Development'],
    type: ['Online Courses'],
  }));
  writeFileSync(file, JSON.stringify(rows));
  const run = await runCli(db.url, ['import', file, '--as-submissions']);
  expect(run.code, run.stderr).toBe(0);
  return (await pendingRows()).map((r) => String(r.id));
}

const pendingRows = () => db.query("SELECT id, name FROM submissions WHERE status = 'pending' ORDER BY created_at, id");
const contentNames = async () => (await db.query('SELECT name FROM contents ORDER BY name')).map((r) => String(r.name));
const auditActions = async () =>
  (await db.query('SELECT actor, action FROM audit_log ORDER BY id')).map((r) => `${r.actor} ${r.action}`);

describe('submissions list', () => {
  it('shows each pending link with its tags and submitter, and the count', async () => {
    await runCli(db.url, [
      'users',
      'create',
      '--name',
      'Grace Hopper',
      '--email',
      'grace@example.com',
      '--password',
      'correct horse',
    ]);
    const client = await openDb({ url: db.url, authToken: databaseAuthToken(db.url) });
    try {
      const [grace] = await client.$client
        .execute("SELECT id FROM users WHERE email = 'grace@example.com'")
        .then((r) => r.rows);
      await createSubmission(client, String(grace!.id), {
        url: 'https://www.khanacademy.org/computing',
        techStack: [{ label: 'Python', value: 'python' }],
        cost: 'Free',
      });
    } finally {
      client.$client.close();
    }
    const run = await runCli(db.url, ['submissions', 'list']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^[0-9a-f]{24} {2}Khanacademy {2}https:\/\/www\.khanacademy\.org\/computing\n/);
    // The certificate was left blank: the admin sees it was not given.
    expect(run.stdout).toContain('Python · Free · certificate not given · by grace@example.com on ');
    expect(run.stdout).toMatch(/\n1 submission waiting\.\n$/);
  });

  it('--json prints the queue in the API shape; an empty queue says so', async () => {
    expect(await runCli(db.url, ['submissions', 'list'])).toMatchObject({
      code: 0,
      stdout: 'No submissions are waiting for review.\n',
    });
    expect(JSON.parse((await runCli(db.url, ['submissions', 'list', '--json'])).stdout)).toEqual([]);
    const ids = await queue(2);
    const listed = JSON.parse((await runCli(db.url, ['submissions', 'list', '--json'])).stdout) as Array<{
      _id: string;
      name: string;
      category: unknown;
    }>;
    expect(listed.map((s) => s._id)).toEqual(ids);
    expect(listed[0]).toMatchObject({
      name: 'Course 0',
      category: [{ label: 'Web Development', value: 'web-development' }],
    });
  });
});

describe('submissions approve and reject from a script', () => {
  it('approves the named ids, each becoming a content, and records the admin named by --as', async () => {
    await runCli(db.url, [
      'users',
      'create',
      '--admin',
      '--name',
      'Ada',
      '--email',
      'ada@example.com',
      '--password',
      'correct horse',
    ]);
    const [first, second, third] = await queue(3);
    const run = await runCli(db.url, ['--as', 'ada@example.com', 'submissions', 'approve', first!, third!, '--yes']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`approved  ${first}  Course 0 → /content/course-0`);
    expect(run.stdout).toMatch(/2 approved\.\n$/);
    expect(await contentNames()).toEqual(['Course 0', 'Course 2']);
    expect((await pendingRows()).map((r) => r.id)).toEqual([second]);
    const audit = await db.query("SELECT actor, actor_label FROM audit_log WHERE action = 'submission.approve'");
    expect(audit).toHaveLength(2);
    expect(String(audit[0]!.actor_label)).toContain('ada@example.com');
  });

  it('one bad id does not stop the others: a duplicate website is refused and stays queued, an unknown id is reported, exit 1', async () => {
    const [first, second] = await queue(2);
    await runCli(db.url, ['submissions', 'approve', first!, '--yes']);
    // A second submission of the first website, queued by SQL: the import would have skipped it.
    await db.query(
      `INSERT INTO submissions (id, name, slug, url, url_key, description, cost, has_cert, category, tech_stack, type) SELECT 'aaaaaaaaaaaaaaaaaaaaaaaa', 'Copy', 'copy', url, url_key, 'A copy of the course', 'Free', 0, '[{"label":"Web Development","value":"web-development"}]', '[]', '[{"label":"Online Courses","value":"online-courses"}]' FROM contents`,
    );
    const run = await runCli(db.url, [
      'submissions',
      'approve',
      'aaaaaaaaaaaaaaaaaaaaaaaa',
      'ffffffffffffffffffffffff',
      second!,
      '--yes',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/refused {3}aaaaaaaaaaaaaaaaaaaaaaaa {2}.*already/i);
    expect(run.stdout).toContain('not found ffffffffffffffffffffffff');
    expect(run.stdout).toContain(`approved  ${second}`);
    expect(run.stderr).toBe(
      'error: 2 of 3 submissions could not be done: aaaaaaaaaaaaaaaaaaaaaaaa, ffffffffffffffffffffffff\n',
    );
    expect((await pendingRows()).map((r) => r.id)).toEqual(['aaaaaaaaaaaaaaaaaaaaaaaa']);
    expect(await contentNames()).toEqual(['Course 0', 'Course 1']);
  });

  it('approving counts and names first what cannot be published as it stands, then skips it with the reason, exit 1', async () => {
    const [ready, bare] = await queue(2);
    await db.query(`UPDATE submissions SET type = '[]', description = '' WHERE id = '${bare}'`);
    const run = await runCli(db.url, ['submissions', 'approve', '--all', '--yes']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '1 of 2 submissions cannot be published as it stands and will be skipped: “Course 1” needs a format and a description.',
    );
    expect(run.stdout).toContain(`approved  ${ready}`);
    expect(run.stdout).toContain(`refused   ${bare}  Not published: “Course 1” needs a format and a description`);
    expect((await pendingRows()).map((r) => r.id)).toEqual([bare]);
    expect(await contentNames()).toEqual(['Course 0']);
  });

  it('--all approves the whole queue; --json gives each outcome', async () => {
    await queue(5);
    const run = await runCli(db.url, ['submissions', 'approve', '--all', '--yes', '--json']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Array<{ outcome: string }>).map((o) => o.outcome)).toEqual(
      Array(5).fill('approved'),
    );
    expect(await pendingRows()).toEqual([]);
  });

  it('without --yes and without a terminal nothing changes and it is a usage error', async () => {
    const [id] = await queue(1);
    for (const args of [
      ['approve', id!],
      ['reject', id!],
    ]) {
      const run = await runCli(db.url, ['submissions', ...args]);
      expect(run).toMatchObject({
        code: 2,
        stderr: "error: this changes data: pass '--yes' to confirm (not asked: stdin is not a terminal)\n",
      });
    }
    expect(await pendingRows()).toHaveLength(1);
  });

  it('ids and --all together, or neither, are usage errors', async () => {
    expect((await runCli(db.url, ['submissions', 'approve', 'x', '--all', '--yes'])).code).toBe(2);
    expect((await runCli(db.url, ['submissions', 'approve', '--yes'])).code).toBe(2);
  });

  it('reject takes the named ids out of the queue (kept as rejected); a second reject of the same id says it was already rejected', async () => {
    const [first, second] = await queue(2);
    const run = await runCli(db.url, ['submissions', 'reject', first!, '--yes']);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain(`rejected  ${first}`);
    expect((await pendingRows()).map((r) => r.id)).toEqual([second]);
    const again = await runCli(db.url, ['submissions', 'reject', first!, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(`refused   ${first}  Submission was already rejected; nothing changed`);
    expect(await auditActions()).toContain(`cli:${process.env.USER ?? 'root'} submission.reject`);
  });

  it('reject --reason --note keeps why, for the submitters; a reason not of the set is a usage error naming the set', async () => {
    const [first, second] = await queue(2);
    const bad = await runCli(db.url, ['submissions', 'reject', first!, '--reason', 'boring', '--yes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--reason is one of already-listed, duplicate, off-topic, link-broken, low-quality, spam',
    );
    const run = await runCli(db.url, [
      'submissions',
      'reject',
      first!,
      second!,
      '--reason',
      'low-quality',
      '--note',
      'Too thin for the catalog.',
      '--yes',
    ]);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain('2 rejected.');
    expect(
      await db.query('SELECT status, reject_reason, reject_note FROM submissions ORDER BY created_at, id'),
    ).toEqual(
      Array(2).fill(
        expect.objectContaining({
          status: 'rejected',
          reject_reason: 'low-quality',
          reject_note: 'Too thin for the catalog.',
        }),
      ),
    );
  });

  it('--as naming someone who is not an admin changes nothing', async () => {
    const [id] = await queue(1);
    await runCli(db.url, [
      'users',
      'create',
      '--name',
      'Grace',
      '--email',
      'grace@example.com',
      '--password',
      'correct horse',
    ]);
    for (const as of ['grace@example.com', 'nobody@example.com']) {
      const run = await runCli(db.url, ['--as', as, 'submissions', 'approve', id!, '--yes']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: .+\n$/);
    }
    expect(await pendingRows()).toHaveLength(1);
  });
});

describe('submissions review in a terminal', () => {
  it('empties a queue of 500 in one pass: tick all, untick one, reject the rest, confirm with the counts', async () => {
    await queue(500);
    terminal = runInTerminal(db.url, ['submissions', 'review']);
    // The list shows the first submission with its details under it.
    await terminal.answer(
      /Tick the submissions to approve \(500 waiting[\s\S]*Course 0[\s\S]*Website {6}https:\/\/course-0\.example\.org\//,
      'a',
    );
    await terminal.answer(/500 ticked|Course 0/, SPACE);
    await terminal.answer(/Course 0/, ENTER);
    await terminal.answer(/Reject the 1 not ticked\?/, `y${ENTER}`);
    // Asked once for the rejected ones: no reason, no note.
    await terminal.answer(/Why reject it\?/, ENTER);
    await terminal.answer(/A note to the submitter/, ENTER);
    await terminal.answer(/Approve 499 and reject 1\?/, `y${ENTER}`);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('499 approved, 1 rejected.');
    expect(await pendingRows()).toEqual([]);
    const names = await contentNames();
    expect(names).toHaveLength(499);
    expect(names).not.toContain('Course 0');
  }, 120_000);

  it('ticking some and keeping the rest leaves them queued; the details follow the cursor', async () => {
    await queue(3);
    terminal = runInTerminal(db.url, ['submissions', 'review']);
    await terminal.answer(/Tick the submissions/, DOWN);
    await terminal.answer(/Website {6}https:\/\/course-1\.example\.org\//, SPACE);
    await terminal.answer(/1 ticked|Course 1/, ENTER);
    await terminal.answer(/Reject the 2 not ticked\?/, `n${ENTER}`);
    await terminal.answer(/Approve 1, leaving 2 in the queue\?/, `y${ENTER}`);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(0);
    expect(await contentNames()).toEqual(['Course 1']);
    expect((await pendingRows()).map((r) => r.name)).toEqual(['Course 0', 'Course 2']);
  });

  it('the reason of the rejected ones is asked once, for all of them, and kept with each', async () => {
    await queue(4);
    terminal = runInTerminal(db.url, ['submissions', 'review']);
    await terminal.answer(/Tick the submissions/, SPACE);
    await terminal.answer(/1 ticked|Course 0/, ENTER);
    await terminal.answer(/Reject the 3 not ticked\?/, `y${ENTER}`);
    // The list of reasons: down to the third, Off-topic.
    await terminal.answer(/Why reject the 3\?[\s\S]*No reason given[\s\S]*Spam/, `${DOWN}${DOWN}${DOWN}${ENTER}`);
    await terminal.answer(/A note to the submitter/, `Not about computing.${ENTER}`);
    await terminal.answer(/Approve 1 and reject 3 as Off-topic\?/, `y${ENTER}`);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('1 approved, 3 rejected.');
    const rejected = await db.query(
      "SELECT name, reject_reason, reject_note FROM submissions WHERE status = 'rejected' ORDER BY name",
    );
    expect(rejected.map((r) => [r.name, r.reject_reason, r.reject_note])).toEqual([
      ['Course 1', 'off-topic', 'Not about computing.'],
      ['Course 2', 'off-topic', 'Not about computing.'],
      ['Course 3', 'off-topic', 'Not about computing.'],
    ]);
  });

  it('reject in a terminal without --reason asks why before the confirmation', async () => {
    const [id] = await queue(1);
    terminal = runInTerminal(db.url, ['submissions', 'reject', id!]);
    await terminal.answer(/Why reject it\?/, `${DOWN}${DOWN}${DOWN}${DOWN}${DOWN}${DOWN}${ENTER}`);
    await terminal.answer(/A note to the submitter/, ENTER);
    await terminal.answer(/Reject 1 submission\?/, `y${ENTER}`);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(0);
    expect(await db.query('SELECT reject_reason, reject_note FROM submissions')).toEqual([
      expect.objectContaining({ reject_reason: 'spam', reject_note: null }),
    ]);
  });

  it('answering no at the confirmation changes nothing', async () => {
    await queue(2);
    terminal = runInTerminal(db.url, ['submissions', 'review']);
    await terminal.answer(/Tick the submissions/, 'a');
    await terminal.answer(/2 ticked|Course/, ENTER);
    await terminal.answer(/Approve 2\?/, `n${ENTER}`);
    const { code, screen } = await terminal.exit();
    expect(code).toBe(0);
    expect(screen).toContain('Cancelled: nothing changed.');
    expect(await pendingRows()).toHaveLength(2);
    expect(await contentNames()).toEqual([]);
  });

  it('Ctrl+C at the list exits 130 and leaves the queue as it was', async () => {
    await queue(2);
    terminal = runInTerminal(db.url, ['submissions', 'review']);
    await terminal.answer(/Tick the submissions/, SPACE);
    await terminal.answer(/1 ticked|Course/, CTRL_C);
    const { code } = await terminal.exit();
    expect(code).toBe(130);
    expect(await pendingRows()).toHaveLength(2);
    expect(await auditActions()).not.toContain(expect.stringMatching(/submission\./));
  });

  it('an empty queue says so; without a terminal it is a usage error', async () => {
    terminal = runInTerminal(db.url, ['submissions', 'review']);
    const { code, screen } = await terminal.exit();
    expect(code).toBe(0);
    expect(screen).toContain('No submissions are waiting for review.');
    const piped = await runCli(db.url, ['submissions', 'review']);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('needs a terminal');
  });
});
