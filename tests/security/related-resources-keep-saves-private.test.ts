/**
 * "Learners who saved this also saved" once told a victim's private save: the threshold of 3 counted accounts,
 * and accounts cost nothing. Two fresh accounts saved content X, then saved and unsaved each candidate in turn;
 * a candidate the victim had saved crossed the threshold and showed on X's public page at once (59 candidates
 * in 9.7 s). Now a pair counts only established accounts (7 days old), a change an hour after it was made, and
 * needs 5 of them (decision 039).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { CO_SAVE_MIN_USERS, countAllCoSaves } from '../../db/discovery/co-saves.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { openDatabase, sqlRows } from '../setup/sql.ts';
import { databaseAuthToken } from '../setup/test-database.ts';

let contents: Array<{ _id: string; slug: string }>;

// The job looks every second (no delay), so only the accounts' age keeps them out.
const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true', CO_SAVE_DELAY_MINUTES: '0' } });
beforeAll(async () => {
  contents = (
    await api.call('searchContents', {
      query: { order: 'oldest' },
    })
  ).body.contents;
});

const save = async (token: string, id: string) =>
  expect(
    (
      await api.call('save', {
        params: { id },
        token,
      })
    ).status,
  ).toBe(200);
const unsave = async (token: string, id: string) =>
  expect(
    (
      await api.call('unsave', {
        params: { id },
        token,
      })
    ).status,
  ).toBeLessThan(300);
/** The content page's co-saved section as a visitor gets it, or undefined when it shows none. */
const coSaved = async (slug: string) =>
  /data-related="co-saved"[\s\S]*?<\/section>/.exec(await (await fetch(`${server.url}/content/${slug}`)).text())?.[0];
const backdate = async (userId: string, days: number) => {
  // With the token a libSQL server requires, when the suite runs on one.
  const db = await openDatabase(server.dbUrl);
  try {
    await db.execute({
      sql: 'UPDATE users SET created_at = ? WHERE id = ?',
      args: [Date.now() - days * 86_400_000, userId],
    });
  } finally {
    db.close();
  }
};

describe("a victim's private save, probed through a content's related resources", () => {
  it('is never shown by fresh accounts saving and unsaving candidates, however many', async () => {
    const [target, secret, ...others] = contents as [(typeof contents)[0], (typeof contents)[0], ...typeof contents];
    const victim = await signUp(api, 'Victim', { password: 'private-saves-1' });
    await backdate(victim._id, 30);
    await save(victim.token, target._id);
    await save(victim.token, secret._id);
    // More fresh accounts than the threshold needs, each saving the target.
    const attackers = await Promise.all(
      Array.from({ length: CO_SAVE_MIN_USERS }, (_, i) => signUp(api, `Attacker${i}`, { password: 'private-saves-1' })),
    );
    for (const attacker of attackers) await save(attacker.token, target._id);
    for (const candidate of [secret, ...others.slice(0, 1)]) {
      for (const attacker of attackers) await save(attacker.token, candidate._id);
      // Longer than the job's round and the page's refresh.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await coSaved(target.slug)).toBeUndefined();
      for (const attacker of attackers) await unsave(attacker.token, candidate._id);
    }
    const queued = await sqlRows(server.dbUrl, 'SELECT user_id FROM co_save_queue');
    const queuedAttackers = queued.filter((row) => attackers.some((attacker) => attacker._id === row.user_id));
    expect(queuedAttackers).toHaveLength(attackers.length);
  }, 60_000);

  it('needs 5 established people: the victim and two old accounts saving the pair are not enough', async () => {
    const [, , , , , target, secret] = contents as Array<(typeof contents)[0]>;
    const people = await Promise.all(
      ['Old1', 'Old2', 'Victim2'].map((name) => signUp(api, name, { password: 'private-saves-1' })),
    );
    for (const person of people) {
      await backdate(person._id, 30);
      await save(person.token, target!._id);
      await save(person.token, secret!._id);
    }
    const db = await openDb({ url: server.dbUrl, authToken: databaseAuthToken(server.dbUrl) });
    try {
      await countAllCoSaves(db);
    } finally {
      db.$client.close();
    }
    const [pair] = await sqlRows(
      server.dbUrl,
      'SELECT users FROM co_saves WHERE content_a = min(?, ?) AND content_b = max(?, ?)',
      [target!._id, secret!._id, target!._id, secret!._id],
    );
    expect(Number(pair!.users)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await coSaved(target!.slug)).toBeUndefined();
  });
});
