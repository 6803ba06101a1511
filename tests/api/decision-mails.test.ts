/**
 * Mail on decision (docs/product.md#how-things-change, decision 016): when a moderator approves or rejects a link, its
 * submitter gets a mail through the outbox — the published content's address, or the reason and note — unless
 * they turned these mails off in their profile (or have no account any more).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';
import { markEmailVerified, sqlRows } from '../setup/sql.ts';

let admin: { token: string };

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

const { server, api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
});

let n = 0;
async function submit(token: string, name: string) {
  const res = await api.call('submitLink', {
    body: { ...CATALOG_READY, url: `https://decided-${Date.now()}-${++n}.example.org/`, name },
    token,
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string; url: string };
}

/** The mail to `email` but its address's verification (mailed at sign-up). */
const mailTo = (email: string) =>
  sql('SELECT subject, text, status FROM outbox WHERE "to" = ? AND subject NOT LIKE \'Verify%\' ORDER BY id', [email]);

describe('the mail of a decision', () => {
  it('an approval mails the submitter the published content’s address; a rejection the reason and the note', async () => {
    const grace = await signUp(api, 'Grace');
    await markEmailVerified(server.dbUrl, grace.email);
    const good = await submit(grace.token, 'Good Course');
    const bad = await submit(grace.token, 'Bad Course');
    const approval = await api.call('approveSubmission', {
      params: { id: good._id },
      body: {},
      token: admin.token,
    });
    expect(approval.status).toBe(201);
    expect(
      (
        await api.call('rejectSubmission', {
          params: { id: bad._id },
          body: { reason: 'duplicate', note: 'Already waiting under another name.' },
          token: admin.token,
        })
      ).status,
    ).toBe(200);

    const [approved, rejected] = await mailTo(grace.email);
    expect(approved).toMatchObject({ subject: 'Your link is on Skillshelf: Good Course', status: 'kept' });
    expect(approved!.text).toContain('Hello Grace,');
    expect(approved!.text).toContain(`${server.url}/content/${approval.body.content.slug}`);
    expect(approved!.text).toContain(`${server.url}/profile`);
    expect(rejected).toMatchObject({ subject: 'Your submission to Skillshelf was not accepted: Bad Course' });
    expect(rejected!.text).toContain(bad.url);
    expect(rejected!.text).toContain('Reason: Duplicate of a pending submission');
    expect(rejected!.text).toContain("The moderator's note: Already waiting under another name.");
  });

  it('a rejection without a reason says none was given; deciding again mails nothing more', async () => {
    const linus = await signUp(api, 'Linus');
    await markEmailVerified(server.dbUrl, linus.email);
    const sent = await submit(linus.token, 'No Reason Course');
    expect(
      (
        await api.call('rejectSubmission', {
          params: { id: sent._id },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('rejectSubmission', {
          params: { id: sent._id },
          token: admin.token,
        })
      ).body.message,
    ).toContain('already rejected');
    const mails = await mailTo(linus.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('No reason was given.');
  });

  it('the profile turns these mails off (a save without the setting keeps it), and on again', async () => {
    const ada = await signUp(api, 'Ada');
    await markEmailVerified(server.dbUrl, ada.email);
    expect(
      (
        await api.call('getProfile', {
          token: ada.token,
        })
      ).body,
    ).toMatchObject({ decisionMails: true });
    const off = await api.call('changeProfile', {
      body: { name: 'Ada', email: ada.email, decisionMails: false },
      token: ada.token,
    });
    expect(off).toMatchObject({ status: 200, body: { decisionMails: false } });
    expect(
      (
        await api.call('changeProfile', {
          body: { name: 'Ada L.', email: ada.email },
          token: ada.token,
        })
      ).body,
    ).toMatchObject({
      name: 'Ada L.',
      decisionMails: false,
    });
    const quiet = await submit(ada.token, 'Quiet Course');
    expect(
      (
        await api.call('approveSubmission', {
          params: { id: quiet._id },
          body: {},
          token: admin.token,
        })
      ).status,
    ).toBe(201);
    expect(await mailTo(ada.email)).toEqual([]);

    // A form's checkbox value reads as on.
    expect(
      (
        await api.call('changeProfile', {
          body: { name: 'Ada L.', email: ada.email, decisionMails: 'on' },
          token: ada.token,
        })
      ).body,
    ).toMatchObject({
      decisionMails: true,
    });
    const loud = await submit(ada.token, 'Loud Course');
    expect(
      (
        await api.call('rejectSubmission', {
          params: { id: loud._id },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect(await mailTo(ada.email)).toHaveLength(1);
    expect(
      (
        await api.call('changeProfile', {
          body: { name: 'Ada L.', email: ada.email, decisionMails: 'maybe' },
          token: ada.token,
        })
      ).status,
    ).toBe(400);
  });

  it('a submitter whose account is gone gets nothing, and the decision is made', async () => {
    const gone = await signUp(api, 'Gone');
    await markEmailVerified(server.dbUrl, gone.email);
    const sent = await submit(gone.token, 'Orphan Course');
    expect(
      (
        await api.call('deleteUser', {
          params: { id: gone._id },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('approveSubmission', {
          params: { id: sent._id },
          body: {},
          token: admin.token,
        })
      ).status,
    ).toBe(201);
    expect(await mailTo(gone.email)).toEqual([]);
  });
});
