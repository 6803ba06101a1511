/**
 * A session signed in within 15 minutes may change the email or password without the current password; given
 * one anyway, `PUT /api/users/profile` once took a wrong one (`"definitely-wrong"`) and answered 200, so a
 * token holder could use the form as a free password oracle and a client could not trust its own check. A
 * current password that is given must be right, whether or not the session needs one: a wrong one is a 400
 * on `currentPassword`, nothing changes, and the attempt counts against RATE_LIMIT_ACCOUNT_CHANGE_USER.
 */
import { expect, it } from 'vitest';
import { CURRENT_PASSWORD_WRONG } from '../../db/accounts/validation/users.ts';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const { api } = useServer({ seed: false });

it('a wrong current password on a fresh session is a 400 on currentPassword, and nothing changes', async () => {
  const a = await signUp(api, 'Owner');
  const wrong = await api.call('changeProfile', {
    body: { name: 'Owner', email: uniqueEmail('moved'), currentPassword: 'definitely-wrong' },
    token: a.token,
  });
  expect(wrong.status).toBe(400);
  expect(wrong.body).toMatchObject({
    message: CURRENT_PASSWORD_WRONG,
    fields: { currentPassword: CURRENT_PASSWORD_WRONG },
  });
  expect(
    (
      await api.call('getProfile', {
        token: a.token,
      })
    ).body.email,
  ).toBe(a.email);

  const newPassword = await api.call('changeProfile', {
    body: { name: 'Owner', email: a.email, password: 'a-new-password-1', currentPassword: 'definitely-wrong' },
    token: a.token,
  });
  expect(newPassword.status).toBe(400);
  expect(
    (
      await api.call('signIn', {
        body: { email: a.email, password: 'password-123' },
      })
    ).status,
  ).toBe(200);

  // Given with a change of the name alone, it must be right too.
  expect(
    (
      await api.call('changeProfile', {
        body: { name: 'Renamed', email: a.email, currentPassword: 'definitely-wrong' },
        token: a.token,
      })
    ).status,
  ).toBe(400);
  // The right one, or none, still goes through on a fresh session.
  const right = await api.call('changeProfile', {
    body: { name: 'Owner', email: uniqueEmail('moved-right'), currentPassword: 'password-123' },
    token: a.token,
  });
  expect(right.status, JSON.stringify(right.body)).toBe(200);
  expect(
    (
      await api.call('changeProfile', {
        body: { name: 'Owner', email: uniqueEmail('moved-again') },
        token: a.token,
      })
    ).status,
  ).toBe(200);
});

it('wrong current passwords count against the account-change limit (10 an hour): guessing is cut off', async () => {
  const a = await signUp(api, 'Owner');
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    statuses.push(
      (
        await api.call('changeProfile', {
          body: { name: 'Owner', email: a.email, currentPassword: `guess-${i}` },
          token: a.token,
        })
      ).status,
    );
  }
  expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  // Refused before it is checked: the right one gets the same 429 until the window ends.
  const late = await api.call('changeProfile', {
    body: { name: 'Owner', email: uniqueEmail('late'), currentPassword: 'password-123' },
    token: a.token,
  });
  expect(late.status).toBe(429);
});
