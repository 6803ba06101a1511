/**
 * `skillshelf digest send` queues this week's digest for each subscriber with something new, once a week
 * (a second run sends nothing), and `--dry-run` only counts.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createUser } from '../../db/accounts/users.ts';
import { insertContentStatements } from '../../db/catalog/content-rows.ts';
import { contentInput } from '../../db/catalog/validation/contents.ts';
import { followTag } from '../../db/shelf/follows.ts';
import { isoWeek } from '../../db/shelf/digest.ts';
import { newId } from '../../db/ids.ts';
import { outbox } from '../../db/schema.ts';
import { createTestDb, type TestDb } from '../setup/db.ts';
import { runCli } from './harness.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  const ada = await createUser(t.db, { name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse' });
  await followTag(t.db, ada.id, 'category', 'web-development', { digest: true });
  const id = newId();
  const input = contentInput.parse({
    name: 'HTML from scratch',
    slug: 'html-from-scratch',
    url: 'https://html.example.org/',
    description: 'Tags.',
    category: ['Web Development'],
  });
  await t.db.batch(insertContentStatements(t.db, id, input));
});
afterEach(() => t.close());

it('--dry-run counts, then a run queues one digest a week with its unsubscribe headers', async () => {
  const week = isoWeek(new Date());
  const dry = await runCli(t.url, ['digest', 'send', '--dry-run']);
  expect(dry).toMatchObject({ code: 0, stderr: '' });
  expect(dry.stdout).toBe(`${week}: 1 digest would be queued; 0 already sent this week; 0 with nothing new\n`);
  expect(await t.db.select().from(outbox)).toEqual([]);

  const sent = await runCli(t.url, ['digest', 'send']);
  expect(sent.stdout).toBe(`${week}: 1 digest queued; 0 already sent this week; 0 with nothing new\n`);
  const [mail] = await t.db.select().from(outbox);
  expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Skillshelf: 1 new in what you follow' });
  expect(mail!.text).toContain('- HTML from scratch: ');
  expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

  const again = await runCli(t.url, ['digest', 'send', '--json']);
  expect(JSON.parse(again.stdout)).toEqual({ week, sent: 0, nothingNew: 0, alreadySent: 1 });
  expect(await t.db.select().from(outbox)).toHaveLength(1);
});
