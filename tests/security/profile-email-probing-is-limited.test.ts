/**
 * `PUT /api/users/profile {"email": …}` answers 409 for a registered address and 200 otherwise, so a
 * signed-in account could once test any number of addresses. Changes of email or password are now limited per
 * account (RATE_LIMIT_ACCOUNT_CHANGE_USER, 10 an hour by default).
 */
import { expect, it } from 'vitest';
import { DEMO_ADMIN, uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const { api } = useServer();

it('after ten email changes an hour, a registered address gets the same 429 as any other', async () => {
  const user = await signUp(api, 'Prober');
  const probe = (email: string) =>
    api.call('changeProfile', {
      body: { name: user.name, email, password: '' },
      token: user.token,
    });
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await probe(i % 2 ? DEMO_ADMIN.email : uniqueEmail('probe'))).status);
  expect(statuses).toEqual([200, 409, 200, 409, 200, 409, 200, 409, 200, 409]);
  const registered = await probe(DEMO_ADMIN.email);
  const unknown = await probe(uniqueEmail('probe'));
  for (const res of [registered, unknown]) {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  expect(registered.body).toEqual(unknown.body);
});

it('the limit is per account and leaves a change of the name alone', async () => {
  const user = await signUp(api, 'Changer');
  const account = { name: user.name, email: user.email };
  let token: string = user.token;
  for (let i = 0; i < 10; i++) {
    const res = await api.call('changeProfile', {
      body: { ...account, password: `new-password-${i}` },
      token,
    });
    expect(res.status).toBe(200);
    token = res.body.token;
  }
  expect(
    (
      await api.call('changeProfile', {
        body: { ...account, password: 'one-too-many' },
        token,
      })
    ).status,
  ).toBe(429);
  expect(
    (
      await api.call('changeProfile', {
        body: { ...account, name: 'Renamed Changer', password: '' },
        token,
      })
    ).status,
  ).toBe(200);
  const other = await signUp(api, 'Other');
  expect(
    (
      await api.call('changeProfile', {
        body: { name: 'Other', email: uniqueEmail('other-moved'), password: '' },
        token: other.token,
      })
    ).status,
  ).toBe(200);
});
