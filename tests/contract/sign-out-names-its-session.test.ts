/**
 * Sign-out declared `security: []`, so generated clients and Swagger UI sent no token, and a sign-out
 * without one answered 200 "Signed out" while the token kept working. The document now declares the bearer
 * and cookie schemes as optional, and a call that names no live session is told so.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const { server, api } = useServer({ seed: false });

describe('POST /api/users/signout', () => {
  it('is documented with the token and the cookie as optional, and with its 401', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>>;
    };
    const signOut = doc.paths['/api/users/signout']!.post!;
    expect(signOut.security).toEqual([{}, { bearer: [] }, { cookie: [] }]);
    expect(Object.keys(signOut.responses)).toEqual(expect.arrayContaining(['200', '401']));
  });

  it('ends the session its token names; a call naming none, or one already ended, is told so', async () => {
    const user = await signUp(api, 'Leaving');
    const none = await api.call('signOut');
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/^No session to sign out/);
    expect(
      (
        await api.call('getProfile', {
          token: user.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('signOut', {
          token: user.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('getProfile', {
          token: user.token,
        })
      ).status,
    ).toBe(401);
    const again = await api.call('signOut', {
      token: user.token,
    });
    expect(again.status).toBe(401);
  });
});
