/**
 * Two-factor sign-in (docs/product.md#how-things-change, Two-factor sign-in), through the real server: set up
 * with an authenticator app's code, a sign-in that waits for the second factor (and can do nothing else),
 * each app code working once, recovery codes used up, the limit on codes tried, turning it off; where
 * TWO_FACTOR_ADMINS is required, an admin sets it up at their next sign-in and cannot turn it off; the CLI
 * resets an admin's second factor. Secrets are kept encrypted and hashed, never as given.
 */
import { generateHOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { apiClient, DEMO_ADMIN } from '../setup/http.ts';
import { startServer } from '../setup/server.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp, type Actor } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';
import { onSqld } from '../setup/test-database.ts';
import { runCli } from '../cli/harness.ts';
import type { ApiClient } from '../setup/http.ts';

/** The code an app shows for `secret`, `steps` 30-second steps from now (1: the next, which a drifting clock may show). */
const code = (secret: string, steps = 0) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + steps), 6);

/** Turns two-factor sign-in on for `account`: its secret and recovery codes. */
async function enable(api: ApiClient, token: string) {
  const setup = await api.call('beginTwoFactorSetup', { token });
  expect(setup.status).toBe(200);
  const on = await api.call('enableTwoFactor', {
    body: { secret: setup.body.secret, code: code(setup.body.secret) },
    token,
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: on.body.recoveryCodes };
}

const signIn = (api: ApiClient, account: { email: string; password: string }) =>
  api.call('signIn', { body: { email: account.email, password: account.password } });

describe('two-factor sign-in for a user', () => {
  const { server, api } = useServer();

  it('is set up with the app’s code; the key is kept encrypted and the recovery codes hashed', async () => {
    const person: Actor = await signUp(api, 'Tess Totp');
    const setup = await api.call('beginTwoFactorSetup', { token: person.token });
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Skillshelf:/);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    const wrong = await api.call('enableTwoFactor', {
      body: { secret: setup.body.secret, code: '000000' === code(setup.body.secret) ? '111111' : '000000' },
      token: person.token,
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields ?? {})).toEqual(['code']);
    expect((await api.call('twoFactorStatus', { token: person.token })).body.enabled).toBe(false);

    const on = await api.call('enableTwoFactor', {
      body: { secret: setup.body.secret.toLowerCase(), code: code(setup.body.secret) },
      token: person.token,
    });
    expect(on.status).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    for (const c of on.body.recoveryCodes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await api.call('twoFactorStatus', { token: person.token })).toMatchObject({
      body: { enabled: true, recoveryCodesLeft: 10, required: false, available: true },
    });
    // This session stays signed in.
    expect((await api.call('getProfile', { token: person.token })).status).toBe(200);
    const [row] = await sqlRows(server.dbUrl, 'SELECT totp_key FROM users WHERE id = ?', [person._id]);
    expect(String(row!.totp_key)).not.toContain(setup.body.secret);
    expect(String(row!.totp_key)).not.toContain(setup.body.secret.toLowerCase());
    const hashes = (
      await sqlRows(server.dbUrl, 'SELECT code_hash FROM recovery_codes WHERE user_id = ?', [person._id])
    ).map((r) => String(r.code_hash));
    expect(hashes).toHaveLength(10);
    for (const c of on.body.recoveryCodes) for (const h of hashes) expect(h).not.toContain(c.replace('-', ''));
    // A second setup while it is on is refused.
    const again = await api.call('enableTwoFactor', {
      body: { secret: setup.body.secret, code: code(setup.body.secret, 1) },
      token: person.token,
    });
    expect(again.status).toBe(409);
  });

  it('a sign-in waits for the second factor, does nothing else meanwhile, and each app code works once', async () => {
    const person = await signUp(api, 'Walt Waits');
    const { secret } = await enable(api, person.token);
    const waiting = await signIn(api, person);
    expect(waiting.status).toBe(200);
    expect(waiting.body.twoFactor).toBe('verify');
    // Not signed in: no profile, no sessions list, not even the setup.
    expect((await api.call('getProfile', { token: waiting.body.token })).status).toBe(401);
    expect((await api.call('listSessions', { token: waiting.body.token })).status).toBe(401);
    expect((await api.call('beginTwoFactorSetup', { token: waiting.body.token })).status).toBe(401);
    // The waiting sign-in is not listed among the sessions.
    expect((await api.call('listSessions', { token: person.token })).body.sessions).toHaveLength(1);

    const wrong = await api.call('verifyTwoFactor', { body: { code: 'abcdef' }, token: waiting.body.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields?.code).toBeTruthy();
    // The step the setup used is taken; the next one, a clock a little ahead shows, is not.
    const next = code(secret, 1);
    const done = await api.call('verifyTwoFactor', { body: { code: next }, token: waiting.body.token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ _id: person._id, token: waiting.body.token });
    expect(done.body.twoFactor).toBeUndefined();
    expect((await api.call('getProfile', { token: waiting.body.token })).status).toBe(200);

    // The same code again, at another sign-in: refused.
    const replay = await signIn(api, person);
    expect((await api.call('verifyTwoFactor', { body: { code: next }, token: replay.body.token })).status).toBe(400);
    // A finished sign-in has nothing to verify.
    expect((await api.call('verifyTwoFactor', { body: { code: next }, token: person.token })).status).toBe(401);
  });

  it('a recovery code signs in once; a used one does not', async () => {
    const person = await signUp(api, 'Rhea Recovers');
    const { recoveryCodes } = await enable(api, person.token);
    const first = await signIn(api, person);
    // As typed: upper case, a space instead of the hyphen.
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    expect((await api.call('verifyTwoFactor', { body: { code: typed }, token: first.body.token })).status).toBe(200);
    expect((await api.call('twoFactorStatus', { token: first.body.token })).body.recoveryCodesLeft).toBe(9);
    const second = await signIn(api, person);
    expect(
      (await api.call('verifyTwoFactor', { body: { code: recoveryCodes[3]! }, token: second.body.token })).status,
    ).toBe(400);
  });

  it('limits the codes tried per account (RATE_LIMIT_TWO_FACTOR_USER), the right one too once it is reached', async () => {
    const person = await signUp(api, 'Guess Gus');
    const { secret } = await enable(api, person.token);
    const waiting = await signIn(api, person);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await api.call('verifyTwoFactor', { body: { code: `99999${i}` }, token: waiting.body.token })).status,
      );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    const right = await api.call('verifyTwoFactor', { body: { code: code(secret, 1) }, token: waiting.body.token });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBeTruthy();
  });

  it('is turned off with a code; a wrong one, or none, changes nothing', async () => {
    const person = await signUp(api, 'Otto Off');
    const { recoveryCodes } = await enable(api, person.token);
    for (const body of [{ code: '12' }, {}, { code: 42 }]) {
      const refused = await api.raw.send('DELETE', '/api/users/two-factor', body, { token: person.token });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.call('twoFactorStatus', { token: person.token })).body.enabled).toBe(true);
    const off = await api.call('disableTwoFactor', { body: { code: recoveryCodes[0]! }, token: person.token });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Two-factor sign-in is off');
    expect((await signIn(api, person)).body.twoFactor).toBeUndefined();
    expect((await sqlRows(server.dbUrl, 'SELECT 1 FROM recovery_codes WHERE user_id = ?', [person._id])).length).toBe(
      0,
    );
  });

  it('new recovery codes end the earlier ones', async () => {
    const person = await signUp(api, 'Nina New Codes');
    const { secret, recoveryCodes } = await enable(api, person.token);
    const renewed = await api.call('renewRecoveryCodes', { body: { code: code(secret, 1) }, token: person.token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    const waiting = await signIn(api, person);
    expect(
      (await api.call('verifyTwoFactor', { body: { code: recoveryCodes[0]! }, token: waiting.body.token })).status,
    ).toBe(400);
    expect(
      (await api.call('verifyTwoFactor', { body: { code: renewed.body.recoveryCodes[0]! }, token: waiting.body.token }))
        .status,
    ).toBe(200);
  });
});

describe('two-factor sign-in required for admins', () => {
  const { server, api } = useServer({ env: { TWO_FACTOR_ADMINS: 'required' } });

  it('an admin without it sets it up at the next sign-in, before anything else; users are not asked', async () => {
    const user = await signUp(api, 'Ursula User');
    expect((await signIn(api, user)).body.twoFactor).toBeUndefined();

    const waiting = await signIn(api, DEMO_ADMIN);
    expect(waiting.body.twoFactor).toBe('setup');
    expect((await api.call('getProfile', { token: waiting.body.token })).status).toBe(401);
    expect(
      (
        await api.call('adminUsers', {
          token: waiting.body.token,
        })
      ).status,
    ).toBe(401);
    expect((await api.call('verifyTwoFactor', { body: { code: '123456' }, token: waiting.body.token })).status).toBe(
      401,
    );
    const setup = await api.call('beginTwoFactorSetup', { token: waiting.body.token });
    expect(setup.status).toBe(200);
    const on = await api.call('enableTwoFactor', {
      body: { secret: setup.body.secret, code: code(setup.body.secret) },
      token: waiting.body.token,
    });
    expect(on.status).toBe(200);
    expect(on.body.user).toMatchObject({ email: DEMO_ADMIN.email, isAdmin: true, token: waiting.body.token });
    expect(
      (
        await api.call('adminUsers', {
          token: waiting.body.token,
        })
      ).status,
    ).toBe(200);
    expect(await api.call('twoFactorStatus', { token: waiting.body.token })).toMatchObject({
      body: { enabled: true, required: true },
    });
    // It stays on: an admin may not turn it off here.
    const off = await api.call('disableTwoFactor', {
      body: { code: on.body.recoveryCodes[0]! },
      token: waiting.body.token,
    });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('Admins must keep two-factor sign-in on on this site');
    // The next sign-in asks for the code.
    const next = await signIn(api, DEMO_ADMIN);
    expect(next.body.twoFactor).toBe('verify');

    // The owner lost the phone and the codes: the CLI resets it, every session ends, and setup comes again.
    const reset = await runCli(server.dbUrl, ['users', 'reset-2fa', DEMO_ADMIN.email], {
      TWO_FACTOR_ADMINS: 'required',
      TWO_FACTOR_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`Two-factor sign-in of ${DEMO_ADMIN.email} was reset`);
    expect(
      (
        await api.call('adminUsers', {
          token: waiting.body.token,
        })
      ).status,
    ).toBe(401);
    expect((await signIn(api, DEMO_ADMIN)).body.twoFactor).toBe('setup');
    const [audit] = await sqlRows(server.dbUrl, "SELECT action FROM audit_log WHERE action = 'user.reset-2fa'");
    expect(audit).toBeTruthy();
  });
});

// A libSQL server keeps no file of its own to put a key beside: there TWO_FACTOR_KEY is required (db/config.ts).
describe.skipIf(onSqld)('a server on a database file without TWO_FACTOR_KEY', () => {
  const { server, api } = useServer({ env: { TWO_FACTOR_KEY: '' }, seed: false });

  it('makes a key at its first start, keeps it beside the database, and a second factor outlives a restart', async () => {
    const keyFile = `${server.dbUrl.slice('file:'.length)}.two-factor-key`;
    expect(existsSync(keyFile)).toBe(true);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64')).toHaveLength(32);

    const person = await signUp(api, 'Keyless Kim');
    expect((await api.call('twoFactorStatus', { token: person.token })).body).toMatchObject({
      enabled: false,
      available: true,
    });
    const { secret } = await enable(api, person.token);
    const key = readFileSync(keyFile, 'utf8');

    // The same database started again reads the kept key: the app's codes still work.
    await server.stop({ keepFiles: true });
    const again = await startServer({ dir: server.dir, env: { TWO_FACTOR_KEY: '' }, seed: false });
    try {
      expect(readFileSync(keyFile, 'utf8')).toBe(key);
      const client = apiClient(() => again.url);
      const waiting = await signIn(client, person);
      expect(waiting.body.twoFactor).toBe('verify');
      const verified = await client.call('verifyTwoFactor', {
        body: { code: code(secret, 1) },
        token: waiting.body.token,
      });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    } finally {
      await again.stop();
    }
  });
});
