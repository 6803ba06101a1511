/**
 * The duties that one process at a time may do hold across servers on a libSQL server: two database clients of
 * one sqld primary, one straight on it and one keeping an embedded replica (as two app servers would), share
 * the outbox's delivery (each mail sent once, by one of them) and the link check's lease (one checks, the other
 * is told who holds it) (docs/decisions/008, 016 and 027).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/client.ts';
import { runLinkCheck } from '../../db/links/link-check.ts';
import { migrateDb } from '../../db/migrate.ts';
import { deliverDueMail } from '../../db/operations/mail-sender.ts';
import { outbox } from '../../db/schema.ts';
import { runCli } from '../cli/harness.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { startSmtp } from '../setup/smtp.ts';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, startSqld, type Sqld } from '../setup/sqld.ts';

// The link checks ask this file's own servers, on loopback; the configuration is read once per process, so
// the policy is lifted before anything reads it.
const outbound = process.env.OUTBOUND_ALLOW_PRIVATE;
process.env.OUTBOUND_ALLOW_PRIVATE = 'true';
afterAll(() =>
  outbound === undefined ? delete process.env.OUTBOUND_ALLOW_PRIVATE : (process.env.OUTBOUND_ALLOW_PRIVATE = outbound),
);

describe.skipIf(!hasSqld)(
  `one process at a time, across servers on sqld${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`,
  () => {
    let primary: Sqld;
    let onPrimary: Db;
    let onReplica: Db;
    const dir = mkdtempSync(join(tmpdir(), 'skillshelf-one-at-a-time-'));

    beforeAll(async () => {
      primary = await startSqld();
      onPrimary = await openDb({ url: primary.url, authToken: SQLD_AUTH_TOKEN });
      await migrateDb(onPrimary);
      onReplica = await openDb({
        url: `file:${join(dir, 'replica.db')}`,
        syncUrl: primary.url,
        authToken: SQLD_AUTH_TOKEN,
      });
    });
    afterAll(async () => {
      onPrimary?.$client.close();
      onReplica?.$client.close();
      await primary?.stop({ keepFiles: false });
      rmSync(dir, { recursive: true, force: true });
    });

    it('two senders send each of 30 mails exactly once', async () => {
      const smtp = await startSmtp();
      try {
        const recipients = Array.from({ length: 30 }, (_, i) => `reader-${i}@example.com`);
        await onPrimary
          .insert(outbox)
          .values(recipients.map((to) => ({ to, subject: 'Hi', text: 'Hello', status: 'pending' as const })));
        await onReplica.$client.sync();
        const transport = () => nodemailer.createTransport({ url: smtp.url });
        const [mine, theirs] = await Promise.all([
          deliverDueMail(onPrimary, transport()),
          deliverDueMail(onReplica, transport()),
        ]);
        expect(mine.length + theirs.length).toBe(30);
        expect([...smtp.received].sort()).toEqual([...recipients].sort());
        const rows = await onPrimary.select().from(outbox);
        expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      } finally {
        await smtp.close();
      }
    });

    it('two link checks at once: one checks every link once, the other is told the lease is held', async () => {
      const sites: LocalSite[] = [];
      try {
        const slow = await startLocalSite((_req, res) => void setTimeout(() => res.writeHead(200).end(), 1000));
        sites.push(slow);
        const links = join(dir, 'links.json');
        writeFileSync(
          links,
          JSON.stringify(
            ['a', 'b', 'c'].map((name) => ({ name, url: `${slow.url}/${name}`, description: `The ${name} link.` })),
          ),
        );
        expect((await runCli(primary.url, ['import', links])).code).toBe(0);
        await onReplica.$client.sync();
        const [one, two] = await Promise.all([
          runLinkCheck(onPrimary, { concurrency: 3 }),
          runLinkCheck(onReplica, { concurrency: 3 }),
        ]);
        const ran = [one, two].filter((run) => run.ran);
        expect(ran).toHaveLength(1);
        const refused = [one, two].find((run) => !run.ran);
        expect(refused?.ran === false && refused.holder).toMatch(/.+:\d+:[0-9a-f]+/);
        expect(ran[0]!.ran && ran[0]!.value.checked).toBe(3);
        expect(slow.requests.map((r) => r.path).sort()).toEqual(['/a', '/b', '/c']);
      } finally {
        await Promise.all(sites.map((s) => s.close()));
      }
    });
  },
);
