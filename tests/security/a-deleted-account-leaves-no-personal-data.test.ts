/**
 * Deleting an account once left the person behind: the deletion's own audit entry kept their email and name,
 * the outbox kept every mail to them (with the whole reset mail when no SMTP is set, and the notice of an email
 * change at their former address), rate-limit counters were keyed by their email or id, and a password reset
 * request kept the email; earlier audit entries about them, those they made as an admin and the submissions
 * they decided named them too. The deletion, the owner's or an admin's, now removes or pseudonymises all of it
 * in its own batch: only the account's random id stays in the audit log, for 30 days (decision 042). This
 * reads every table of the real server's database, as an operator or a backup would, for the person's emails,
 * name and id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { mailedResetToken, openDatabase, sqlRows } from '../setup/sql.ts';

const PASSWORD = 'a-password-to-forget';

let admin: { _id: string; token: string };

const { server, api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
});

/** Every place in the database that holds one of `needles`: 'table.column' (text columns; blobs are images). */
async function whereHeld(needles: string[]): Promise<string[]> {
  const db = await openDatabase(server.dbUrl);
  try {
    const tables = (
      await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    ).rows.map((row) => String(row.name));
    const found = new Set<string>();
    for (const table of tables) {
      const { columns, rows } = await db.execute(`SELECT * FROM "${table}"`);
      for (const row of rows) {
        for (const [i, column] of columns.entries()) {
          const value = row[i];
          if (typeof value === 'string' && needles.some((needle) => value.toLowerCase().includes(needle.toLowerCase())))
            found.add(`${table}.${column}`);
        }
      }
    }
    return [...found].sort();
  } finally {
    db.close();
  }
}

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

/** An account with traces everywhere a person leaves them: mail, counters, a reset link and a pending request. */
async function accountWithTraces(label: string) {
  const name = `Tracewell ${label} ${Date.now()}`;
  const firstEmail = uniqueEmail(`${label}-first`);
  const email = uniqueEmail(`${label}-now`);
  const { _id: id, token } = await signUp(api, name, { email: firstEmail, password: PASSWORD });
  // The email changes (counted per account; a notice mailed to the former address, naming the new one).
  expect(
    (
      await api.call('changeProfile', {
        body: { name, email },
        token,
      })
    ).status,
  ).toBe(200);
  // A failed sign-in (counted per address and email, and for the account's slowdown) and a reset link mailed.
  expect(
    (
      await api.call('signIn', {
        body: { email, password: 'not-the-password' },
      })
    ).status,
  ).toBe(401);
  expect(
    (
      await api.call('forgetPassword', {
        body: { email },
      })
    ).status,
  ).toBe(200);
  await mailedResetToken(server.dbUrl, email);
  // A request the worker has not taken yet.
  await sql('INSERT INTO password_reset_requests (email) VALUES (?)', [email]);
  const traces = await whereHeld([firstEmail, email, name]);
  expect(traces).toEqual(
    expect.arrayContaining([
      'outbox.to',
      'outbox.text',
      'rate_limits.key',
      'password_reset_requests.email',
      'users.email',
    ]),
  );
  return { id, token, name, email, firstEmail };
}

describe('deleting an account', () => {
  it('by its owner leaves neither their emails nor their name anywhere, and their id only in the audit log', async () => {
    const ada = await accountWithTraces('self');
    const res = await api.call('deleteAccount', {
      body: { password: PASSWORD, reviews: 'delete' },
      token: ada.token,
    });
    expect(res.status).toBe(200);
    expect(await whereHeld([ada.email, ada.firstEmail, ada.name])).toEqual([]);
    expect(await whereHeld([ada.id])).toEqual(['audit_log.actor', 'audit_log.target_id']);
    // The deletion is still on record: by whom, what, when, without the person.
    const [entry] = await sql(
      "SELECT actor, actor_label, details FROM audit_log WHERE action = 'user.delete' AND target_id = ?",
      [ada.id],
    );
    expect(entry).toMatchObject({ actor: `user:${ada.id}`, actor_label: 'Deleted account' });
    expect(JSON.parse(String(entry!.details))).toEqual({ self: true, reviews: 'deleted' });
  });

  it('by an admin does the same, the entries about them included', async () => {
    const bob = await accountWithTraces('by-admin');
    // The admin renames them: an entry with their name and email, old and new.
    expect(
      (
        await api.call('changeUser', {
          params: { id: bob.id },
          body: { name: `${bob.name} Jr`, email: bob.email, isAdmin: false },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('deleteUser', {
          params: { id: bob.id },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect(await whereHeld([bob.email, bob.firstEmail, bob.name])).toEqual([]);
    expect(await whereHeld([bob.id])).toEqual(['audit_log.target_id']);
    const [entry] = await sql("SELECT actor, details FROM audit_log WHERE action = 'user.delete' AND target_id = ?", [
      bob.id,
    ]);
    expect(entry).toMatchObject({ actor: `user:${admin._id}` });
    expect(entry!.details).toBeNull();
  });

  it('of an admin takes their email off what they did, and of a reviewer their name off what was done to their reviews', async () => {
    const grace = await accountWithTraces('admin');
    expect(
      (
        await api.call('changeUser', {
          params: { id: grace.id },
          body: { name: grace.name, email: grace.email, isAdmin: true },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const signedIn = await api.call('signIn', {
      body: { email: grace.email, password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const graceToken = signedIn.body.token as string;
    // As an admin, Grace rejects a submission: the audit log and the submission name her as who decided.
    const submitter = await signUp(api, 'Submitter', { password: PASSWORD });
    const submitted = await api.call('submitLink', {
      body: { url: `https://traces-${Date.now()}.example.org/` },
      token: submitter.token,
    });
    expect(submitted.status).toBe(201);
    expect(
      (
        await api.call('rejectSubmission', {
          params: { id: submitted.body._id },
          token: graceToken,
        })
      ).status,
    ).toBe(200);
    // An admin edits a review of hers: the entry names her as its author.
    const [content] = (
      await api.call('searchContents', {
        query: { order: 'oldest' },
      })
    ).body.contents;
    const written = await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 2, comment: 'Meh.' },
      token: graceToken,
    });
    expect(written.status).toBe(201);
    expect(
      (
        await api.call('changeReview', {
          params: { id: written.body.review._id },
          body: { rating: 2, comment: 'Meh (edited).' },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect(await whereHeld([grace.email])).toEqual(
      expect.arrayContaining(['audit_log.actor_label', 'submissions.decided_by']),
    );

    const res = await api.call('deleteAccount', {
      body: { password: PASSWORD, reviews: 'delete' },
      token: graceToken,
    });
    expect(res.status).toBe(200);
    expect(await whereHeld([grace.email, grace.firstEmail, grace.name])).toEqual([]);
    expect(await sql('SELECT decided_by FROM submissions WHERE id = ?', [submitted.body._id])).toEqual([
      { decided_by: 'Deleted account' },
    ]);
  });
});
