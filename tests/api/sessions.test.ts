/**
 * Sessions you can see and end (docs/product.md#how-things-change, Sessions): the profile's list of the
 * account's live sessions (device from the User-Agent, address, last used), ending one, and "Sign out
 * everywhere else", through the real server. Never a token or a token's hash in an answer.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asUser, signUp } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';
import { deviceName } from '../../db/accounts/user-agents.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const { server, api } = useServer();

describe('GET /api/users/sessions', () => {
  it('lists the account’s live sessions, this one first, with device, address and times, and no token', async () => {
    const account = await signUp(api, 'Sasha Sessions', {});
    const phone = await api.call('signIn', {
      body: { email: account.email, password: account.password },
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    expect(phone.status).toBe(200);
    const laptop = await api.call('signIn', {
      body: { email: account.email, password: account.password },
      headers: { 'user-agent': FIREFOX_LINUX },
    });
    const listed = await api.call('listSessions', { token: laptop.body.token });
    expect(listed.status).toBe(200);
    const { sessions } = listed.body;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: 'Firefox on Linux', current: true });
    expect(sessions.slice(1).map((s) => s.current)).toEqual([false, false]);
    expect(sessions.map((s) => s.device)).toContain('Safari on iPhone');
    for (const session of sessions) {
      expect(session.address).toMatch(/127\.0\.0\.1|::1/);
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    // Neither a token nor the stored hash of one.
    const stored = await sqlRows(server.dbUrl, 'SELECT id FROM sessions WHERE user_id = ?', [account._id]);
    const text = JSON.stringify(listed.body);
    for (const token of [account.token, phone.body.token, laptop.body.token]) expect(text).not.toContain(token);
    for (const row of stored) expect(text).not.toContain(String(row.id).slice(0, 16));
  });

  it('shows only the caller’s own sessions, and refuses a visitor', async () => {
    const [one, two] = [await signUp(api, 'Owner One'), await signUp(api, 'Owner Two')];
    expect((await api.call('listSessions', { token: one.token })).body.sessions).toHaveLength(1);
    expect((await api.call('listSessions', { token: two.token })).body.sessions).toHaveLength(1);
    expect((await api.call('listSessions')).status).toBe(401);
  });

  it('keeps "last used" within five minutes without a write on every request', async () => {
    const account = await signUp(api, 'Quiet Quinn');
    const old = Date.now() - 60 * 60 * 1000;
    await sqlRows(server.dbUrl, 'UPDATE sessions SET last_used_at = ?, address = NULL WHERE user_id = ?', [
      old,
      account._id,
    ]);
    const [session] = (await api.call('listSessions', { token: account.token })).body.sessions;
    // This request used it: the list says so, and so does the row.
    expect(Date.parse(session!.lastUsedAt)).toBeGreaterThan(old);
    expect(session!.address).not.toBeNull();
    const [row] = await sqlRows(server.dbUrl, 'SELECT last_used_at FROM sessions WHERE user_id = ?', [account._id]);
    const written = Number(row!.last_used_at);
    await api.call('getProfile', { token: account.token });
    const [again] = await sqlRows(server.dbUrl, 'SELECT last_used_at FROM sessions WHERE user_id = ?', [account._id]);
    expect(Number(again!.last_used_at)).toBe(written);
  });
});

describe('DELETE /api/users/sessions/{id}', () => {
  it('ends that session only: its token no longer works, the others do', async () => {
    const account = await signUp(api, 'Ending Eli');
    const other = await asUser(api, account);
    const { sessions } = (await api.call('listSessions', { token: account.token })).body;
    const target = sessions.find((s) => !s.current)!;
    const ended = await api.call('endSession', { params: { id: target._id }, token: account.token });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe('Signed out of that session');
    expect((await api.call('getProfile', { token: other.token })).status).toBe(401);
    expect((await api.call('getProfile', { token: account.token })).status).toBe(200);
    // Gone is gone: a second try is told so.
    const again = await api.call('endSession', { params: { id: target._id }, token: account.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('That session has already ended');
  });

  it('refuses another account’s session as unknown, and leaves it running', async () => {
    const owner = await signUp(api, 'Owner Olga');
    const stranger = await signUp(api, 'Stranger Stan');
    const [theirs] = (await api.call('listSessions', { token: owner.token })).body.sessions;
    const answer = await api.call('endSession', { params: { id: theirs!._id }, token: stranger.token });
    expect(answer.status).toBe(404);
    expect((await api.call('getProfile', { token: owner.token })).status).toBe(200);
    for (const id of [' ', 'x'.repeat(500), '%00', '..']) {
      const odd = await api.call('endSession', {
        params: { id },
        token: stranger.token,
      });
      expect(odd.status, JSON.stringify(id)).toBeGreaterThanOrEqual(400);
      expect(odd.status, JSON.stringify(id)).toBeLessThan(500);
    }
  });

  it('ending the current session signs this client out, its cookie cleared', async () => {
    const account = await signUp(api, 'Self Sam');
    const [mine] = (await api.call('listSessions', { token: account.token })).body.sessions;
    const cookie = `session=${account.token}`;
    const answer = await api.call('endSession', {
      params: { id: mine!._id },
      headers: { cookie, origin: server.url },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toMatch(/session=;|session=deleted|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await api.call('getProfile', { token: account.token })).status).toBe(401);
  });
});

describe('DELETE /api/users/sessions', () => {
  it('signs out everywhere else: every other session ends, this one stays', async () => {
    const account = await signUp(api, 'Everywhere Eve');
    const others = [await asUser(api, account), await asUser(api, account)];
    const answer = await api.call('endOtherSessions', { token: account.token });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Signed out of 2 other sessions');
    for (const other of others) expect((await api.call('getProfile', { token: other.token })).status).toBe(401);
    expect((await api.call('getProfile', { token: account.token })).status).toBe(200);
    expect((await api.call('listSessions', { token: account.token })).body.sessions).toHaveLength(1);
    expect((await api.call('endOtherSessions', { token: account.token })).body.message).toBe(
      'No other session was open',
    );
  });

  it('leaves other accounts’ sessions alone', async () => {
    const [one, two] = [await signUp(api, 'Alone Al'), await signUp(api, 'Alone Bo')];
    await api.call('endOtherSessions', { token: one.token });
    expect((await api.call('getProfile', { token: two.token })).status).toBe(200);
  });
});

describe('a device in words', () => {
  it.each([
    [FIREFOX_LINUX, 'Firefox on Linux'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['node', 'A script'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s → %s', (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });
});
