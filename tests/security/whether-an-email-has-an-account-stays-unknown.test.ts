/**
 * Whether an email has an account must stay unknown (decision 026): forget-password doing more work for a
 * registered address (a token and a mail: 2.84 ms against 1.37 ms at the median) tells it, and sign-up answers
 * "Email is already registered" (docs/product.md#messages, which stays). Forget-password does the same work
 * for any email, one insert of the request, and a worker off the request path makes the link; sign-up is
 * limited per email as forget-password is, so probing one address for an account is slow. The worker runs in
 * the same process as the requests, so it too runs the same statements for any email: a lookup and two more
 * inserts for a registered one would be work the next request could feel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGET_PASSWORD_REPLY, signUp } from '../../db/accounts/users.ts';
import { answerResetRequests, requestPasswordReset } from '../../db/accounts/password-resets.ts';
import { createTestDb, type TestDb } from '../setup/db.ts';
import { useServer } from '../setup/use-server.ts';
import { uniqueEmail } from '../setup/http.ts';

describe('a forgotten password, asked for', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  /** The SQL of every statement `work` sends to the database, in order. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const statements: string[] = [];
    const execute = t.db.$client.execute.bind(t.db.$client);
    const batch = t.db.$client.batch.bind(t.db.$client);
    const sqlOf = (statement: unknown) =>
      typeof statement === 'string' ? statement : (statement as { sql: string }).sql;
    t.db.$client.execute = ((statement: Parameters<typeof execute>[0]) => {
      statements.push(sqlOf(statement));
      return execute(statement);
    }) as typeof execute;
    t.db.$client.batch = ((list: Parameters<typeof batch>[0], mode?: Parameters<typeof batch>[1]) => {
      statements.push(...list.map(sqlOf));
      return batch(list, mode);
    }) as typeof batch;
    try {
      await work();
    } finally {
      t.db.$client.execute = execute;
      t.db.$client.batch = batch;
    }
    return statements;
  }

  it('runs the same statements for a registered email and an unknown one, and answers the same', async () => {
    const registered = 'grace@example.com';
    await signUp(t.db, { name: 'Grace', email: registered, password: 'password-123' });
    let unknown: unknown;
    let known: unknown;
    const forUnknown = await statementsOf(async () => {
      unknown = await requestPasswordReset(t.db, { email: 'nobody@example.com' }, { address: '203.0.113.7' });
    });
    const forKnown = await statementsOf(async () => {
      known = await requestPasswordReset(t.db, { email: registered }, { address: '203.0.113.7' });
    });
    expect(forKnown).toEqual(forUnknown);
    expect(known).toEqual(unknown);
    expect(known).toEqual({ message: FORGET_PASSWORD_REPLY });
    // The worker answers both; only the registered one gets a link.
    expect(await answerResetRequests(t.db)).toBe(2);
    const mailed = await t.db.$client.execute('SELECT "to" FROM outbox WHERE subject LIKE \'Reset%\'');
    expect(mailed.rows.map((row) => row.to)).toEqual([registered]);
  });

  it("the worker answers a registered email with the same statements as an unknown one, off the request's path or not", async () => {
    const registered = 'hopper@example.com';
    await signUp(t.db, { name: 'Grace Hopper', email: registered, password: 'password-123' });
    await requestPasswordReset(t.db, { email: 'no-one@example.com' });
    const forUnknown = await statementsOf(() => answerResetRequests(t.db));
    await requestPasswordReset(t.db, { email: registered });
    const forKnown = await statementsOf(() => answerResetRequests(t.db));
    expect(forKnown).toEqual(forUnknown);
    // And still only the registered one has a link, mailed to it with its name.
    const mailed = await t.db.$client.execute({
      sql: 'SELECT "to", text FROM outbox WHERE "to" IN (?, ?) AND subject LIKE \'Reset%\'',
      args: [registered, 'no-one@example.com'],
    });
    expect(mailed.rows.map((row) => row.to)).toEqual([registered]);
    expect(String(mailed.rows[0]!.text)).toMatch(/^Hello Grace Hopper,\n[\s\S]*\/reset-password\/[a-z0-9]+\n/);
  });
});

describe('sign-up, probed for one email', () => {
  const { server } = useServer({ seed: false, env: { TRUST_PROXY: '127.0.0.1' } });

  const signUpAs = (email: string, address: string) =>
    fetch(`${server.url}/api/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ name: 'Prober', email, password: 'password-123' }),
    });

  it('is limited per email as forget-password is (5 an hour), from any address, and says so with Retry-After', async () => {
    const email = uniqueEmail('probed');
    const answers: number[] = [];
    for (let n = 0; n < 6; n++) answers.push((await signUpAs(email, `198.51.100.${n + 1}`)).status);
    expect(answers).toEqual([201, 409, 409, 409, 409, 429]);
    const refused = await signUpAs(email, '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another email from the same address is not held up.
    expect((await signUpAs(uniqueEmail('other'), '198.51.100.99')).status).toBe(201);
  });
});
