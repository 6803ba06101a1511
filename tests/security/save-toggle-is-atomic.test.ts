/**
 * The save toggle under concurrency (docs/product.md#how-things-change), through the real server in two processes sharing
 * the database, as WEB_CONCURRENCY runs it: every toggle flips the state exactly once, however many arrive at
 * once, and the explicit PUT / DELETE /api/users/saves/{contentId} are idempotent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { openDatabase } from '../setup/sql.ts';

let contentIds: string[];

// A deadline and a wait for the lock past any wait of the burst: this proves each toggle flips the state once,
// not how many a loaded machine answers within the usual 8 s on a libSQL server (tests/sqld/overload.test.ts
// does), or how many get the lock within the usual 10 s there, where the two processes' writes draw lots for it.
const { server, api } = useServer({
  env: { WEB_CONCURRENCY: '2', RATE_LIMIT_OFF: 'true', DATABASE_TIMEOUT: '30000', DATABASE_BUSY_TIMEOUT: '30000' },
});
beforeAll(async () => {
  contentIds = (
    await api.call('searchContents', {
      query: { order: 'oldest' },
    })
  ).body.contents.map((c: { _id: string }) => c._id);
});

async function savedRows(userId: string, contentId: string): Promise<number> {
  const db = await openDatabase(server.dbUrl);
  try {
    return Number(
      (
        await db.execute({
          sql: 'SELECT count(*) AS n FROM saves WHERE user_id = ? AND content_id = ?',
          args: [userId, contentId],
        })
      ).rows[0]!.n,
    );
  } finally {
    db.close();
  }
}

const times = <T>(n: number, call: () => Promise<T>) => Promise.all(Array.from({ length: n }, call));

/** Every answer is a 200 with the saves as they stood after that request. */
function expectSavesAnswers(responses: ApiResponse[]): void {
  for (const res of responses) {
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ numSaves: expect.any(Number), saves: expect.any(Array) });
    expect(res.body.saves).toHaveLength(res.body.numSaves);
  }
}

describe('the toggle (POST /api/users/save)', () => {
  it.each([
    [500, 'unsaved', 0],
    [501, 'saved', 1],
  ])('%i concurrent toggles of one content leave it %s: each flips it exactly once', async (n, _state, saved) => {
    const user = await signUp(api, 'Toggler');
    const contentId = contentIds[0]!;
    const responses = await times(n, () =>
      api.call('toggleSave', {
        body: { contentId },
        token: user.token,
      }),
    );
    expectSavesAnswers(responses);
    // One after another, the toggles answer saved, unsaved, saved, …: half of them (rounded up) saw it saved.
    expect(responses.filter((res) => res.body.numSaves === 1)).toHaveLength(Math.ceil(n / 2));
    expect(await savedRows(user._id, contentId)).toBe(saved);
    expect(
      (
        await api.call('userSaves', {
          params: { id: user._id },
          token: user.token,
        })
      ).body.numSaves,
    ).toBe(saved);
  });

  it('concurrent toggles of different contents by one user each land', async () => {
    const user = await signUp(api, 'Toggler');
    const targets = contentIds.slice(0, 6);
    expectSavesAnswers(
      await Promise.all(
        targets.flatMap((contentId) =>
          [1, 2, 3].map(() =>
            api.call('toggleSave', {
              body: { contentId },
              token: user.token,
            }),
          ),
        ),
      ),
    );
    // Three toggles each: every content ends saved.
    expect(
      (
        await api.call('userSaves', {
          params: { id: user._id },
          token: user.token,
        })
      ).body.numSaves,
    ).toBe(targets.length);
  });
});

describe('explicit save and unsave (PUT / DELETE /api/users/saves/{contentId})', () => {
  it('200 concurrent PUTs save it once', async () => {
    const user = await signUp(api, 'Toggler');
    const contentId = contentIds[1]!;
    const responses = await times(200, () =>
      api.call('save', {
        params: { id: contentId },
        token: user.token,
      }),
    );
    expectSavesAnswers(responses);
    for (const res of responses) expect(res.body.saves.map((item: { _id: string }) => item._id)).toEqual([contentId]);
    expect(await savedRows(user._id, contentId)).toBe(1);
  });

  it('200 concurrent DELETEs leave it unsaved', async () => {
    const user = await signUp(api, 'Toggler');
    const contentId = contentIds[2]!;
    await api.call('save', {
      params: { id: contentId },
      token: user.token,
    });
    const responses = await times(200, () =>
      api.call('unsave', {
        params: { id: contentId },
        token: user.token,
      }),
    );
    expectSavesAnswers(responses);
    for (const res of responses) expect(res.body).toEqual({ numSaves: 0, saves: [] });
    expect(await savedRows(user._id, contentId)).toBe(0);
  });

  it('need a session: 401 without one, and nothing is written', async () => {
    const contentId = contentIds[3]!;
    for (const res of [
      await api.call('save', {
        params: { id: contentId },
      }),
      await api.call('unsave', {
        params: { id: contentId },
      }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toHaveProperty('message');
    }
  });

  it('refuse a cookie-authenticated call from another site (403), and change nothing', async () => {
    const user = await signUp(api, 'Toggler');
    const contentId = contentIds[4]!;
    const signIn = await fetch(`${server.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'password-123' }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    for (const method of ['PUT', 'DELETE']) {
      for (const origin of ['https://evil.example', undefined]) {
        const res = await fetch(`${server.url}/api/users/saves/${contentId}`, {
          method,
          headers: { cookie, ...(origin ? { origin } : {}) },
        });
        expect(res.status, `${method} from ${origin ?? '(no origin)'}`).toBe(403);
        expect(await res.json()).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
      }
    }
    expect(await savedRows(user._id, contentId)).toBe(0);
    const same = await fetch(`${server.url}/api/users/saves/${contentId}`, {
      method: 'PUT',
      headers: { cookie, origin: server.url },
    });
    expect(same.status).toBe(200);
    expect(await savedRows(user._id, contentId)).toBe(1);
  });
});
