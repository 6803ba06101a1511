/** Accounts through the real server: docs/product.md#the-rest-api's shapes, sessions as cookie and bearer, and bad input. */
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asUser, signUp } from '../setup/actors.ts';
import { mailedResetToken, openDatabase } from '../setup/sql.ts';

const { server, api } = useServer();

const newAccount = () => ({ name: 'Test Person', email: uniqueEmail(), password: 'password-123' });

const latestResetToken = (email: string) => mailedResetToken(server.dbUrl, email);

describe('sign-up and sign-in', () => {
  it('sign-up returns the user with a token, and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const account = newAccount();
    const res = await api.call('signUp', {
      body: account,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['_id', 'email', 'isAdmin', 'name', 'token']);
    expect(res.body).toMatchObject({ name: account.name, email: account.email, isAdmin: false });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=[a-z0-9]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('a second sign-up with the same email gets 409', async () => {
    const account = newAccount();
    await api.call('signUp', {
      body: account,
    });
    const res = await api.call('signUp', {
      body: { ...account, email: account.email.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Email is already registered');
  });

  it('ignores isAdmin sent with a sign-up', async () => {
    const res = await api.raw.post('/api/users/signup', { ...newAccount(), isAdmin: true });
    expect(res.status).toBe(201);
    expect(res.body.isAdmin).toBe(false);
  });

  it('sign-in returns the user with a new token; wrong credentials get one 401 message for both cases', async () => {
    const account = await signUp(api, 'Test Person');
    const ok = await api.call('signIn', {
      body: { email: account.email, password: account.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: account.email, isAdmin: false });
    const wrongPassword = await api.call('signIn', {
      body: { email: account.email, password: 'not-the-password' },
    });
    const unknown = await api.call('signIn', {
      body: { email: uniqueEmail(), password: account.password },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.body.message).toBe(unknown.body.message);
  });

  it('the demo admin can sign in', async () => {
    const res = await api.call('signIn', {
      body: DEMO_ADMIN,
    });
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(true);
  });

  it('50 concurrent sign-ups all succeed', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.call('signUp', {
          body: newAccount(),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
  });
});

describe('profile', () => {
  it('needs a session', async () => {
    const res = await api.call('changeProfile', {
      body: { name: 'X', email: uniqueEmail(), password: '' },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  it('updates name and email with the bearer token and keeps the session when the password is blank', async () => {
    const { _id, token } = await signUp(api, 'Test Person');
    const email = uniqueEmail('renamed');
    const res = await api.call('changeProfile', {
      body: { name: 'Renamed Person', email, password: '' },
      token,
    });
    expect(res.status).toBe(200);
    // A new address waits for its own verification.
    expect(res.body).toEqual({
      _id,
      name: 'Renamed Person',
      email,
      isAdmin: false,
      decisionMails: true,
      emailVerified: false,
      token,
    });
    expect(
      (
        await api.call('getProfile', {
          token,
        })
      ).body.name,
    ).toBe('Renamed Person');
  });

  it('a password change ends the old sessions: the old token gets 401, the returned one works', async () => {
    const account = await signUp(api, 'Test Person');
    const other = await asUser(api, account);
    const res = await api.call('changeProfile', {
      body: { name: account.name, email: account.email, password: 'changed-password' },
      token: account.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.token).not.toBe(account.token);
    expect(
      (
        await api.call('getProfile', {
          token: account.token,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.call('getProfile', {
          token: other.token,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.call('getProfile', {
          token: res.body.token,
        })
      ).status,
    ).toBe(200);
  });

  it('cannot make the user an admin', async () => {
    const user = await signUp(api, 'Test Person');
    const res = await api.raw.put(
      '/api/users/profile',
      { name: user.name, email: user.email, password: '', isAdmin: true },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(false);
  });
});

describe('sign-out', () => {
  it('ends the session on the server', async () => {
    const user = await signUp(api, 'Test Person');
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
  });
});

describe('password reset', () => {
  it('replies the same for a registered and an unknown email', async () => {
    const account = await signUp(api, 'Test Person');
    const known = await api.call('forgetPassword', {
      body: { email: account.email },
    });
    const unknown = await api.call('forgetPassword', {
      body: { email: uniqueEmail() },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });

  it('the mailed link sets a new password once and ends every session', async () => {
    const account = await signUp(api, 'Test Person');
    await api.call('forgetPassword', {
      body: { email: account.email },
    });
    const token = await latestResetToken(account.email);
    const reset = await api.call('resetPassword', {
      body: { token, password: 'a-brand-new-one' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password updated successfully');
    expect(
      (
        await api.call('getProfile', {
          token: account.token,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.call('signIn', {
          body: { email: account.email, password: 'a-brand-new-one' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('signIn', {
          body: { email: account.email, password: account.password },
        })
      ).status,
    ).toBe(401);
    const again = await api.call('resetPassword', {
      body: { token, password: 'yet-another-one' },
    });
    expect(again.status).toBe(404);
  });

  it('the reset link points at PUBLIC_URL', async () => {
    const account = await signUp(api, 'Test Person');
    await api.call('forgetPassword', {
      body: { email: account.email },
    });
    await mailedResetToken(server.dbUrl, account.email);
    const db = await openDatabase(server.dbUrl);
    const { rows } = await db.execute({
      sql: 'SELECT text FROM outbox WHERE "to" = ? AND subject = ?',
      args: [account.email, 'Reset your Skillshelf password'],
    });
    db.close();
    expect(String(rows[0]!.text)).toContain(`${server.url}/reset-password/`);
  });
});

describe('cross-site requests', () => {
  it('refuses a cookie-authenticated write from another origin or with no origin, accepts the same origin and bearer', async () => {
    const account = newAccount();
    const signup = await api.call('signUp', {
      body: account,
    });
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0]!;
    const body = { name: 'Cookie Person', email: account.email, password: '' };
    const crossSite = await api.call('changeProfile', {
      body,
      headers: { cookie, origin: 'https://evil.example' },
    });
    const noOrigin = await api.call('changeProfile', {
      body,
      headers: { cookie },
    });
    const sameOrigin = await api.call('changeProfile', {
      body,
      headers: { cookie, origin: server.url },
    });
    const bearer = await api.call('changeProfile', {
      body,
      token: signup.body.token,
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(noOrigin.status).toBe(403);
    expect(sameOrigin.status).toBe(200);
    expect(bearer.status).toBe(200);
  });
});

describe('bad input gets a clear 4xx and writes nothing', () => {
  const cases: Array<[string, string, unknown, Record<string, string>?]> = [
    ['missing fields', '/api/users/signup', {}],
    ['email without @', '/api/users/signup', { name: 'A', email: 'nope', password: 'password-123' }],
    [
      'a 100 KB name',
      '/api/users/signup',
      { name: 'x'.repeat(100 * 1024), email: uniqueEmail(), password: 'password-123' },
    ],
    ['wrong types', '/api/users/signup', { name: 7, email: ['a'], password: { p: 1 } }],
    ['null body', '/api/users/signin', null],
    ['an array', '/api/users/signin', [1, 2]],
    ['missing password', '/api/users/signin', { email: 'a@b.co' }],
    ['reset without token', '/api/users/reset-password', { password: 'password-123' }],
    ['forget with a bad email', '/api/users/forget-password', { email: 'no at sign' }],
  ];
  it.each(cases)('%s', async (_name, path, body) => {
    const res = await api.raw.post(path, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
  });

  it('malformed JSON', async () => {
    const res = await api.call('signIn', {
      raw: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body is not valid JSON');
  });

  it('wrong content type', async () => {
    const res = await api.call('signIn', {
      raw: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/JSON/);
  });

  it('invalid UTF-8', async () => {
    const res = await api.call('signIn', {
      raw: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('a body over 100 KB gets 413', async () => {
    const res = await api.call('signUp', {
      body: {
        name: 'x'.repeat(200 * 1024),
        email: uniqueEmail(),
        password: 'password-123',
      },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('the 100 KB name wrote no user', async () => {
    const db = await openDatabase(server.dbUrl);
    const { rows } = await db.execute('SELECT count(*) AS n FROM users WHERE length(name) > 100');
    db.close();
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe('GET /api/test', () => {
  it('lists items with name, email and isAdmin', async () => {
    const res = await api.call('testExamples');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const item of res.body)
      expect(Object.keys(item)).toEqual(expect.arrayContaining(['name', 'email', 'isAdmin']));
  });
});

describe('session tokens', () => {
  it('are never stored or logged raw', async () => {
    const account = await signUp(api, 'Test Person');
    const tokens = [account.token, (await asUser(api, account)).token];
    await api.call('changeProfile', {
      body: { name: 'Token Keeper', email: account.email, password: 'rotated-password' },
      token: tokens[1],
    });
    const db = await openDatabase(server.dbUrl);
    try {
      const tables = (
        await db.execute(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%'",
        )
      ).rows.map((r) => String(r.name));
      for (const table of tables) {
        const dump = JSON.stringify((await db.execute(`SELECT * FROM "${table}"`)).rows);
        for (const token of tokens) expect(dump, table).not.toContain(token);
      }
    } finally {
      db.close();
    }
    for (const token of tokens) expect(server.output()).not.toContain(token);
  });
});

describe('route guards', () => {
  it('a signed-in non-admin sent to /signin by the admin guard stays there (no redirect loop)', async () => {
    const user = await signUp(api, 'Test Person');
    const headers = { authorization: `Bearer ${user.token}` };
    const admin = await fetch(`${server.url}/admin/users`, { headers, redirect: 'manual' });
    expect(admin.status).toBe(302);
    expect(admin.headers.get('location')).toBe('/signin?redirect=%2Fadmin%2Fusers');
    const signin = await fetch(`${server.url}/signin?redirect=%2Fadmin%2Fusers`, { headers, redirect: 'manual' });
    expect(signin.status).toBe(200);
    expect(await signin.text()).toContain('Sign in with an admin account');
    const elsewhere = await fetch(`${server.url}/signin?redirect=%2Fsaved`, { headers, redirect: 'manual' });
    expect(elsewhere.headers.get('location')).toBe('/saved');
  });
});
