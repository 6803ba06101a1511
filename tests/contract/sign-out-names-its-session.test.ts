/**
 * Sign-out declared `security: []`, so generated clients and Swagger UI sent no token, and a sign-out
 * without one answered 200 "Signed out" while the token kept working. The document now declares the bearer
 * and cookie schemes as optional, and a call that names no live session is told so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, uniqueEmail, type ApiClient } from '../setup/http.ts';
import { startServer, type TestServer } from '../setup/server.ts';

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startServer({ seed: false });
  api = apiClient(server.url);
});
afterAll(() => server?.stop());

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
    const { body: user } = await api.post('/api/users/signup', { name: 'Leaving', email: uniqueEmail('leaving'), password: 'password-123' });
    const none = await api.post('/api/users/signout', undefined);
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/^No session to sign out/);
    expect((await api.get('/api/users/profile', { token: user.token })).status).toBe(200);
    expect((await api.post('/api/users/signout', undefined, { token: user.token })).status).toBe(200);
    expect((await api.get('/api/users/profile', { token: user.token })).status).toBe(401);
    const again = await api.post('/api/users/signout', undefined, { token: user.token });
    expect(again.status).toBe(401);
  });
});
