/** Abuse limits at their production defaults (README's configuration table). */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type ApiResponse } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';

const DEFAULTS = {
  RATE_LIMIT_SIGNIN_IP: '50/900',
  RATE_LIMIT_SIGNUP_IP: '20/3600',
  RATE_LIMIT_FORGET_IP: '20/3600',
  RATE_LIMIT_RESET_IP: '20/3600',
};

/**
 * A new account, signed up before the address-wide tests below use up this address's allowances: the demo's
 * learners have reviewed some of the newest contents, which the per-account limits below write to.
 */
let token: string;
let adminToken: string;
const { server, api } = useServer({ env: DEFAULTS });
beforeAll(async () => {
  token = (await signUp(api, 'Writer')).token;
  adminToken = (await asAdmin(api)).token;
});

async function until429(send: () => Promise<ApiResponse>, max: number) {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    const res = await send();
    statuses.push(res.status);
    if (res.status === 429) return { statuses, res };
  }
  return { statuses, res: undefined };
}

describe('rate limits', () => {
  it('10 failed sign-ins lock this address out of the account for 15 minutes, even with the right password, with Retry-After', async () => {
    const account = await signUp(api, 'Target', { password: 'right-password' });
    for (let i = 0; i < 10; i++)
      expect(
        (
          await api.call('signIn', {
            body: { email: account.email, password: `wrong-${i}` },
          })
        ).status,
      ).toBe(401);
    const locked = await api.call('signIn', {
      body: { email: account.email, password: account.password },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many attempts/);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Other addresses are only slowed down (tests/security/owner-not-locked-out-by-strangers.test.ts).
  });

  it('a successful sign-in clears the failures of its address', async () => {
    const account = await signUp(api, 'Forgetful', { password: 'right-password' });
    for (let i = 0; i < 9; i++)
      expect(
        (
          await api.call('signIn', {
            body: { email: account.email, password: `wrong-${i}` },
          })
        ).status,
      ).toBe(401);
    expect(
      (
        await api.call('signIn', {
          body: { email: account.email, password: account.password },
        })
      ).status,
    ).toBe(200);
    // Counted before verifying, the success was this address's tenth attempt: the eleventh is still heard.
    for (let i = 0; i < 2; i++)
      expect(
        (
          await api.call('signIn', {
            body: { email: account.email, password: `wrong-again-${i}` },
          })
        ).status,
      ).toBe(401);
  });

  it('sign-up: 20 per hour per address', async () => {
    const { statuses, res } = await until429(
      () =>
        api.call('signUp', {
          body: { name: 'Many', email: uniqueEmail(), password: 'password-123' },
        }),
      25,
    );
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(20);
    expect(res?.status).toBe(429);
    expect(Number(res!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('forget-password: 5 per hour per account', async () => {
    const email = uniqueEmail();
    const { statuses } = await until429(
      () =>
        api.call('forgetPassword', {
          body: { email },
        }),
      8,
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('reset-password: 20 per hour per address', async () => {
    const { statuses } = await until429(
      () =>
        api.call('resetPassword', {
          body: { token: 'not-a-token', password: 'password-123' },
        }),
      25,
    );
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('sign-in: 50 attempts per 15 minutes per address', async () => {
    const { statuses } = await until429(
      () =>
        api.call('signIn', {
          body: { email: uniqueEmail(), password: 'whatever-123' },
        }),
      60,
    );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(51);
  });
});

describe('per-account limits on what signed-in users write', () => {
  let contents: Array<{ _id: string }>;
  beforeAll(async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((p) =>
        api.call('searchContents', {
          query: { order: 'latest', page: p },
        }),
      ),
    );
    contents = pages.flatMap((p) => p.body.contents);
  });

  it('reviews: 30 per hour', async () => {
    const statuses: number[] = [];
    for (const content of contents.slice(0, 31))
      statuses.push(
        (
          await api.call('createReview', {
            params: { id: content._id },
            body: { rating: 4, comment: 'ok' },
            token,
          })
        ).status,
      );
    expect(statuses.filter((s) => s === 201).length).toBe(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it('submissions: 30 per hour', async () => {
    const { statuses } = await until429(
      () =>
        api.call('submitLink', {
          body: { url: `https://example.org/${Math.random()}` },
          token,
        }),
      35,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it('uploads: 60 per hour', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(Buffer.concat([png, Buffer.from(String(i))]))], { type: 'image/png' }),
        `${i}.png`,
      );
      statuses.push(
        (
          await fetch(`${server.url}/api/upload`, {
            method: 'POST',
            body: form,
            headers: { authorization: `Bearer ${adminToken}` },
          })
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });
});
