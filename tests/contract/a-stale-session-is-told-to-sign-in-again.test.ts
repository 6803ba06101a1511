/**
 * A client of the original contract changes a password with { name, email, password } and knows no
 * `currentPassword`: once its session is 15 minutes old the change is refused (the protection stays), so the
 * refusal must say how to go on (sign in again), and the document must say when it happens.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asUser, signUp } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';
import { hashToken } from '../../db/crypto/tokens.ts';

const { server, api } = useServer({ seed: false });

const ageSession = (token: string) =>
  sqlRows(server.dbUrl, 'UPDATE sessions SET created_at = ? WHERE id = ?', [
    Date.now() - 20 * 60_000,
    hashToken(token),
  ]);

describe('PUT /api/users/profile from a session older than 15 minutes', () => {
  it('is documented: the 400, when it comes, and what it says', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description: string; responses: Record<string, AnyResponse> }>>;
    };
    const change = doc.paths['/api/users/profile']!.put!;
    const refused = change.responses['400']!;
    expect(refused.description).toMatch(/more than 15 minutes ago.*sign in again/);
    expect(refused.content['application/json'].example.message).toMatch(
      /^Sign in again to change your email or password/,
    );
    expect(change.description).toContain('signs in again');
  });

  it('refuses a password change without the current password, saying to sign in again; signing in again lets it through', async () => {
    const owner = await signUp(api, 'Original Client');
    await ageSession(owner.token);
    const change = { name: 'Original Client', email: owner.email, password: 'a-new-password-1' };
    const refused = await api.call('changeProfile', {
      body: change,
      token: owner.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Sign in again to change your email or password, or enter your current password: you signed in more than 15 minutes ago',
    );
    expect(refused.body.fields).toEqual({ currentPassword: refused.body.message });
    // What the message says to do works: a new sign-in, then the same body.
    const again = await asUser(api, owner);
    const done = await api.call('changeProfile', {
      body: change,
      token: again.token,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });
});

interface AnyResponse {
  description: string;
  content: Record<string, { example: { message: string } }>;
}
