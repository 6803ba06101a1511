/**
 * Email verification (docs/product.md#how-things-change, Email verification), through the real server and
 * its outbox: a new address, at sign-up or after a change of email, is mailed a link; until it is opened
 * nothing else is mailed there (a decision on a submission, a notice of a change), and the account works as
 * any other. The link works once, for its address only; a new one ends the earlier.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { mailedResetToken, mailedVerificationToken, sqlRows } from '../setup/sql.ts';

const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'false' } });
let adminToken: string;
beforeAll(async () => {
  adminToken = (await asAdmin(api)).token;
});

const mailsTo = async (email: string) =>
  (await sqlRows(server.dbUrl, 'SELECT subject FROM outbox WHERE "to" = ? ORDER BY id', [email.toLowerCase()])).map(
    (row) => String(row.subject),
  );
const VERIFY = 'Verify your Skillshelf email address';

describe('a new account', () => {
  it('is mailed a link and nothing else until it is opened; it may do everything meanwhile', async () => {
    const person = await signUp(api, 'Vera Unverified');
    expect((await api.call('getProfile', { token: person.token })).body.emailVerified).toBe(false);
    expect(await mailsTo(person.email)).toEqual([VERIFY]);
    const [mail] = await sqlRows(server.dbUrl, 'SELECT text FROM outbox WHERE "to" = ?', [person.email]);
    expect(String(mail!.text)).toContain(`${server.url}/verify-email/`);

    // The site works: a submission, decided, mails nothing to the unverified address.
    const submitted = await api.call('submitLink', {
      body: { url: `https://verify-${Date.now()}.example.org/`, name: 'A course' },
      token: person.token,
    });
    expect(submitted.status).toBe(201);
    const rejected = await api.call('rejectSubmission', {
      params: { id: submitted.body._id },
      body: { reason: 'duplicate' },
      token: adminToken,
    });
    expect(rejected.status).toBe(200);
    expect(await mailsTo(person.email)).toEqual([VERIFY]);

    const token = await mailedVerificationToken(server.dbUrl, person.email);
    const verified = await api.call('verifyEmail', { body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Your email address is verified');
    expect((await api.call('getProfile', { token: person.token })).body.emailVerified).toBe(true);
    // Once.
    const again = await api.call('verifyEmail', { body: { token } });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This verification link has expired, was already used or is for another address');
  });

  it('refuses what is no token, as 4xx with a message', async () => {
    for (const body of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(300) }, { token: 'not-a-token' }, []]) {
      const answer = await api.raw.post('/api/users/verify-email', body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.body.message).toBeTruthy();
    }
  });
});

describe('a change of email', () => {
  it('makes the new address wait for its own link; the old link no longer verifies anything', async () => {
    const person = await signUp(api, 'Chang Changes');
    const oldLink = await mailedVerificationToken(server.dbUrl, person.email);
    const newEmail = uniqueEmail('changed');
    const changed = await api.call('changeProfile', {
      body: { name: 'Chang Changes', email: newEmail, password: '' },
      token: person.token,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.emailVerified).toBe(false);
    expect(await mailsTo(newEmail)).toEqual([VERIFY]);
    // The old address was never verified: no notice went there either.
    expect(await mailsTo(person.email)).toEqual([VERIFY]);
    expect((await api.call('verifyEmail', { body: { token: oldLink } })).status).toBe(404);
    const newLink = await mailedVerificationToken(server.dbUrl, newEmail);
    expect((await api.call('verifyEmail', { body: { token: newLink } })).status).toBe(200);
    expect((await api.call('getProfile', { token: person.token })).body.emailVerified).toBe(true);
  });

  it('from a verified address: the old one hears of it, the new one gets only its link', async () => {
    const person = await signUp(api, 'Vince Verified');
    await api.call('verifyEmail', { body: { token: await mailedVerificationToken(server.dbUrl, person.email) } });
    const newEmail = uniqueEmail('moved');
    await api.call('changeProfile', {
      body: { name: 'Vince Verified', email: newEmail, password: 'a-brand-new-password' },
      token: person.token,
    });
    expect(await mailsTo(person.email)).toEqual([VERIFY, 'Your Skillshelf email was changed']);
    // Not the password's notice: the new address is not shown to be theirs yet.
    expect(await mailsTo(newEmail)).toEqual([VERIFY]);
  });
});

describe('an admin’s change of a user’s email', () => {
  it('makes the new address wait for its own link too', async () => {
    const person = await signUp(api, 'Ada Admin Changed');
    await api.call('verifyEmail', { body: { token: await mailedVerificationToken(server.dbUrl, person.email) } });
    const newEmail = uniqueEmail('admin-set');
    const changed = await api.call('changeUser', {
      params: { id: person._id },
      body: { name: 'Ada Admin Changed', email: newEmail, isAdmin: 'false' },
      token: adminToken,
    });
    expect(changed.status).toBe(200);
    expect((await api.call('getProfile', { token: person.token })).body.emailVerified).toBe(false);
    expect(await mailsTo(newEmail)).toEqual([VERIFY]);
  });
});

describe('POST /api/users/verification-mail', () => {
  it('mails a new link, ending the earlier one; limited per account', async () => {
    const person = await signUp(api, 'Resend Rita');
    const first = await mailedVerificationToken(server.dbUrl, person.email);
    const resent = await api.call('resendVerification', { token: person.token });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`We sent a new link to ${person.email}`);
    const second = await mailedVerificationToken(server.dbUrl, person.email);
    expect(second).not.toBe(first);
    expect((await api.call('verifyEmail', { body: { token: first } })).status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.call('resendVerification', { token: person.token })).status);
    expect(statuses).toContain(429);
    expect((await api.call('verifyEmail', { body: { token: second } })).status).toBe(404);
  });

  it('sends nothing for an address already verified, and refuses a visitor', async () => {
    const person = await signUp(api, 'Done Dora');
    await api.call('verifyEmail', { body: { token: await mailedVerificationToken(server.dbUrl, person.email) } });
    const answer = await api.call('resendVerification', { token: person.token });
    expect(answer.body.message).toBe('Your email address is verified');
    expect(await mailsTo(person.email)).toEqual([VERIFY]);
    expect((await api.call('resendVerification')).status).toBe(401);
  });
});

describe('a password reset', () => {
  it('verifies the address it was mailed to (the link shows the address is the person’s)', async () => {
    const person = await signUp(api, 'Reset Rob');
    await api.call('forgetPassword', {
      body: { email: person.email },
    });
    const token = await mailedResetToken(server.dbUrl, person.email);
    expect((await api.call('resetPassword', { body: { token, password: 'a-new-password-9' } })).status).toBe(200);
    const again = await api.call('signIn', { body: { email: person.email, password: 'a-new-password-9' } });
    expect((await api.call('getProfile', { token: again.body.token })).body.emailVerified).toBe(true);
  });
});
