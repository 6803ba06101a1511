/**
 * Invisible text (docs/product.md#validation: text is stored clean): control characters, zero-width and bidi-override
 * characters are stripped from every text field before its "required" check, through the real server. A value
 * that is nothing but such characters is a 400 `{message}` and writes nothing. Stored values are read back as
 * hex, because SQLite returns TEXT only up to its first NUL: a read of the column alone would hide a NUL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type ApiResponse } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { openDatabase } from '../setup/sql.ts';

let adminToken: string;

const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  adminToken = (await asAdmin(api)).token;
});

/** The column's exact stored text (every byte, NULs included) of the rows the query selects. */
async function stored(table: string, column: string, where: string, args: Array<string | number>): Promise<string[]> {
  const db = await openDatabase(server.dbUrl);
  try {
    const { rows } = await db.execute({ sql: `SELECT hex(${column}) AS h FROM ${table} WHERE ${where}`, args });
    return rows.map((row) => Buffer.from(String(row.h), 'hex').toString('utf8'));
  } finally {
    db.close();
  }
}

async function count(table: string, where: string, args: Array<string | number>): Promise<number> {
  const db = await openDatabase(server.dbUrl);
  try {
    return Number((await db.execute({ sql: `SELECT count(*) AS n FROM ${table} WHERE ${where}`, args })).rows[0]!.n);
  } finally {
    db.close();
  }
}

function expectRefused(res: ApiResponse, message: string): void {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ message });
}

async function someContent(): Promise<{ _id: string; slug: string }> {
  const res = await api.call('searchContents', {
    query: { order: 'oldest' },
  });
  return res.body.contents[0];
}

describe('sign-up', () => {
  it('a name starting with NUL is stored without it', async () => {
    const user = await signUp(api, '\u0000Invisible');
    expect(user.name).toBe('Invisible');
    expect(await stored('users', 'name', 'id = ?', [user._id])).toEqual(['Invisible']);
  });

  it.each([['\u0000'], ['\u0000\u0000\u0007'], ['\u200B\u202E\u2066'], ['\uFEFF \u3164 \t\n']])(
    'a name of only invisible characters (%j) is refused and creates no account',
    async (name) => {
      const email = uniqueEmail('invisible');
      expectRefused(
        await api.call('signUp', {
          body: { name, email, password: 'password-123' },
        }),
        'Name is required',
      );
      expect(await count('users', 'email = ?', [email])).toBe(0);
    },
  );

  it('an email with invisible characters is stored as the visible address, and signs in as typed or clean', async () => {
    const email = uniqueEmail('zw');
    const res = await api.call('signUp', {
      body: {
        name: 'Zero Width',
        email: `\u200B${email.replace('@', '\u200D@')}\u0000`,
        password: 'password-123',
      },
    });
    expect(res.status).toBe(201);
    expect(await stored('users', 'email', 'id = ?', [res.body._id])).toEqual([email]);
    expect(
      (
        await api.call('signIn', {
          body: { email, password: 'password-123' },
        })
      ).status,
    ).toBe(200);
  });

  it('a header smuggled into an email is refused', async () => {
    expectRefused(
      await api.call('signUp', {
        body: {
          name: 'Smuggler',
          email: 'a@b.co\r\nBcc: x@y.co',
          password: 'password-123',
        },
      }),
      'Email is not a valid email address',
    );
  });
});

describe('passwords are taken as typed', () => {
  it('a NUL inside a password is part of it: neither the part before it nor another ending signs in', async () => {
    const { email, password } = await signUp(api, 'Nul Password', { password: 'pass\u0000word-123' });
    expect(
      (
        await api.call('signIn', {
          body: { email, password: 'pass' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.call('signIn', {
          body: { email, password: 'pass\u0000word-999' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.call('signIn', {
          body: { email, password: 'password-123' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.call('signIn', {
          body: { email, password },
        })
      ).status,
    ).toBe(200);
  });
});

describe('profile', () => {
  it('a name of only invisible characters is refused and the name stays', async () => {
    const user = await signUp(api, 'Kept Name');
    expectRefused(
      await api.call('changeProfile', {
        body: { name: '\u0000', email: user.email, password: '' },
        token: user.token,
      }),
      'Name is required',
    );
    expect(await stored('users', 'name', 'id = ?', [user._id])).toEqual(['Kept Name']);
  });

  it('control and bidi characters are stripped from the name', async () => {
    const user = await signUp(api, 'Invisible Tester');
    const res = await api.call('changeProfile', {
      body: { name: '\u202EGrace\u0000 Hopper\u0007', email: user.email, password: '' },
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Grace Hopper');
    expect(await stored('users', 'name', 'id = ?', [user._id])).toEqual(['Grace Hopper']);
  });
});

describe('reviews', () => {
  it('a comment of only NULs is refused with the required-comment message and writes no review', async () => {
    const user = await signUp(api, 'Invisible Tester');
    const content = await someContent();
    expectRefused(
      await api.call('createReview', {
        params: { id: content._id },
        body: { rating: 4, comment: '\u0000\u0000' },
        token: user.token,
      }),
      'Please enter comment and rating',
    );
    expectRefused(
      await api.call('createReview', {
        params: { id: content._id },
        body: { rating: 4, comment: '\u200B\n\u2067\t' },
        token: user.token,
      }),
      'Please enter comment and rating',
    );
    expect(await count('reviews', 'user_id = ?', [user._id])).toBe(0);
  });

  it('a comment keeps its line breaks and tabs, and loses its control characters', async () => {
    const user = await signUp(api, 'Invisible Tester');
    const content = await someContent();
    const res = await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 5, comment: '\u0000Great\u0007 course.\r\n\tSecond line\u202E' },
      token: user.token,
    });
    expect(res.status).toBe(201);
    expect(res.body.review.comment).toBe('Great course.\n\tSecond line');
    expect(await stored('reviews', 'comment', 'user_id = ?', [user._id])).toEqual(['Great course.\n\tSecond line']);
  });
});

describe('submissions', () => {
  it('name and description are stored clean; a name of only invisible characters is derived from the URL', async () => {
    const user = await signUp(api, 'Invisible Tester');
    const key = Math.random().toString(36).slice(2);
    const named = await api.call('submitLink', {
      body: {
        url: `https://a-${key}.example.org/`,
        name: '\u0000Rust\u200B Book\u202E',
        description: 'Line one\u0000\r\nLine two\u0085',
      },
      token: user.token,
    });
    expect(named.status).toBe(201);
    expect(await stored('submissions', 'name', 'id = ?', [named.body._id])).toEqual(['Rust Book']);
    expect(await stored('submissions', 'description', 'id = ?', [named.body._id])).toEqual(['Line one\nLine two']);
    const derived = await api.call('submitLink', {
      body: { url: `https://b-${key}.example.org/`, name: '\u0000\u2066' },
      token: user.token,
    });
    expect(derived.status).toBe(201);
    expect(await stored('submissions', 'name', 'id = ?', [derived.body._id])).toEqual([
      `B ${key.charAt(0).toUpperCase()}${key.slice(1)}`,
    ]);
  });

  it('a URL loses its invisible characters; one that is nothing but them is refused', async () => {
    const user = await signUp(api, 'Invisible Tester');
    const key = Math.random().toString(36).slice(2);
    const res = await api.call('submitLink', {
      body: { url: `\u0000https://exa\u0000mple-${key}.org/\u200B` },
      token: user.token,
    });
    expect(res.status).toBe(201);
    expect(await stored('submissions', 'url', 'id = ?', [res.body._id])).toEqual([`https://example-${key}.org/`]);
    expectRefused(
      await api.call('submitLink', {
        body: { url: '\u0000\u202E' },
        token: user.token,
      }),
      'Website URL is required',
    );
  });
});

describe('admin edits', () => {
  const content = (key: string) => ({
    name: `\u0000Admin\u200B Edited ${key}\u2069`,
    slug: `admin-edited-${key}\u200B`,
    url: `https://admin-${key}.example.org/\u0000`,
    image: 'https://admin.example.org/cover.png',
    description: '\u202EFirst\u0000 line\r\nsecond line',
    category: ['\u200BWeb Development'],
    cost: 'Free',
    hasCert: false,
  });

  it('a content is stored clean', async () => {
    const key = Math.random().toString(36).slice(2);
    const created = await api.call('createDraft', {
      token: adminToken,
    });
    const res = await api.call('saveContent', {
      params: { id: created.body._id },
      body: content(key),
      token: adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: `Admin Edited ${key}`,
      slug: `admin-edited-${key}`,
      url: `https://admin-${key}.example.org/`,
      description: 'First line\nsecond line',
    });
    expect(await stored('contents', 'name', 'id = ?', [created.body._id])).toEqual([`Admin Edited ${key}`]);
    expect(await stored('contents', 'description', 'id = ?', [created.body._id])).toEqual(['First line\nsecond line']);
  });

  it.each([
    ['name', '\u0000\u200B', 'Name is required'],
    ['description', '\u0000\r\n\u202E', 'Description is required'],
    ['slug', '\u200B', 'Slug is required'],
  ])(
    'a content %s of only invisible characters is refused and the content is unchanged',
    async (field, value, message) => {
      const key = Math.random().toString(36).slice(2);
      const created = await api.call('createDraft', {
        token: adminToken,
      });
      expect(
        (
          await api.call('saveContent', {
            params: { id: created.body._id },
            body: content(key),
            token: adminToken,
          })
        ).status,
      ).toBe(200);
      expectRefused(
        await api.call('saveContent', {
          params: { id: created.body._id },
          body: { ...content(`${key}-2`), [field]: value },
          token: adminToken,
        }),
        message,
      );
      expect(await stored('contents', 'slug', 'id = ?', [created.body._id])).toEqual([`admin-edited-${key}`]);
    },
  );

  it('a user name of only invisible characters is refused and the user is unchanged', async () => {
    const user = await signUp(api, 'Before Admin');
    expectRefused(
      await api.call('changeUser', {
        params: { id: user._id },
        body: { name: '\u0000', email: user.email, isAdmin: false },
        token: adminToken,
      }),
      'Name is required',
    );
    expect(await stored('users', 'name', 'id = ?', [user._id])).toEqual(['Before Admin']);
    const res = await api.call('changeUser', {
      params: { id: user._id },
      body: { name: 'After\u0000 Admin\u200F', email: user.email, isAdmin: false },
      token: adminToken,
    });
    expect(res.status).toBe(200);
    expect(await stored('users', 'name', 'id = ?', [user._id])).toEqual(['After Admin']);
  });
});

describe('search', () => {
  it('a term of only invisible characters searches for nothing in particular', async () => {
    const res = await api.raw.get('/api/contents/search?searchTerm=%00%E2%80%8B');
    expect(res.status).toBe(200);
    expect(res.body.filters.searchTerm).toBe('');
    expect(res.body.countContents).toBe((await api.call('searchContents')).body.countContents);
  });
});
