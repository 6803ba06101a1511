/**
 * A learner's lists and progress through the real server (decision 033): who may read and write, what is
 * refused and how, and a public list's shared page kept fresh by the change feed — for this process's
 * writes and for a write by another process on the same database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { waitForLogLine } from '../setup/logs.ts';
import { openDatabase } from '../setup/sql.ts';

let ada: string;
let bob: string;
let admin: string;
let contents: Array<{ _id: string; slug: string; name: string }>;

const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  [ada, bob] = [(await signUp(api, 'Ada')).token, (await signUp(api, 'Bob')).token];
  admin = (await asAdmin(api)).token;
  contents = (
    await api.call('searchContents', {
      query: { order: 'latest' },
    })
  ).body.contents;
});

/** A page as a browser asks for it, and whether the front door answered it from the cache. */
async function visit(path: string): Promise<{ status: number; text: string; cache: unknown }> {
  const res = await fetch(server.url + path, { headers: { accept: 'text/html' } });
  const text = await res.text();
  const id = res.headers.get('x-request-id');
  const line = await waitForLogLine(server.output, (l) => l.requestId === id && l.status !== undefined);
  return { status: res.status, text, cache: line.cache };
}

async function newList(token: string, body: Record<string, unknown> = {}, items = 0) {
  const made = await api.call('createList', {
    body: { name: 'Rust in 30 days', ...body },
    token,
  });
  expect(made.status).toBe(201);
  for (const content of contents.slice(0, items))
    expect(
      (
        await api.call('addListItem', {
          params: { id: made.body._id },
          body: { contentId: content._id },
          token,
        })
      ).status,
    ).toBe(200);
  return (
    await api.call('getList', {
      params: { id: made.body._id },
      token,
    })
  ).body;
}

describe('lists through the API', () => {
  it('take what forms send and refuse what is wrong with a 4xx message, writing nothing', async () => {
    const list = await newList(ada, { name: ' Web basics ', description: '', isPublic: 'false' });
    expect(list).toMatchObject({ name: 'Web basics', description: '', isPublic: false, numItems: 0 });
    for (const [body, message] of [
      [{ name: '' }, 'Please give the list a name'],
      [{ name: 'x'.repeat(101) }, 'A list’s name must be at most 100 characters'],
      [{ name: 'Ok', isPublic: 'maybe' }, 'isPublic must be true or false'],
    ] as const) {
      const res = await api.call('createList', {
        body,
        token: ada,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message.replace('’', "'"));
    }
    const item = await api.call('addListItem', {
      params: { id: list._id },
      body: { contentId: contents[0]!._id, note: 'n'.repeat(501) },
      token: ada,
    });
    expect(item.status).toBe(400);
    expect(item.body.message).toBe('A note must be at most 500 characters');
    expect(
      (
        await api.call('getList', {
          params: { id: list._id },
          token: ada,
        })
      ).body.numItems,
    ).toBe(0);
    expect(
      (
        await api.call('addListItem', {
          params: { id: list._id },
          body: { contentId: 'missing' },
          token: ada,
        })
      ).status,
    ).toBe(404);
  });

  it('answer a 4xx with a message, never a 5xx, to values of the wrong kind', async () => {
    const list = await newList(ada, {}, 1);
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/lists', { name: 42 }],
      ['POST', '/api/lists', { name: ['a'], description: { x: 1 } }],
      ['POST', '/api/lists', []],
      ['POST', '/api/lists', null],
      ['PUT', `/api/lists/${list._id}`, { isPublic: { yes: true } }],
      ['POST', `/api/lists/${list._id}/items`, { contentId: { $ne: '' } }],
      ['PUT', `/api/lists/${list._id}/items/${contents[0]!._id}`, { note: 7 }],
      ['PUT', `/api/lists/${list._id}/order`, { contentIds: 'all' }],
      ['PUT', `/api/lists/${list._id}/order`, { contentIds: [1, 2] }],
      ['PUT', `/api/users/progress/${contents[0]!._id}`, { state: 3 }],
      ['PUT', `/api/users/progress/${contents[0]!._id}`, {}],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.raw.send(method, path, body, { token: ada });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    // An empty optional field is not given; a null description is none.
    const changed = await api.call('changeList', {
      params: { id: list._id },
      body: { name: '', description: null, isPublic: '' },
      token: ada,
    });
    expect(changed.body).toMatchObject({ name: 'Rust in 30 days', description: '', isPublic: false });
  });

  it('are ordered by the owner, with notes; a wrong order is a 400 that changes nothing', async () => {
    const list = await newList(ada, {}, 3);
    const ids = list.items.map((item: { content: { _id: string } }) => item.content._id) as string[];
    const reordered = await api.call('reorderList', {
      params: { id: list._id },
      body: { contentIds: [ids[2], ids[0], ids[1]] },
      token: ada,
    });
    expect(reordered.body.items.map((item: { content: { _id: string } }) => item.content._id)).toEqual([
      ids[2],
      ids[0],
      ids[1],
    ]);
    const wrong = await api.call('reorderList', {
      params: { id: list._id },
      body: { contentIds: [ids[0], ids[0], ids[1]] },
      token: ada,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Each content may appear once');
    const noted = await api.call('changeListItemNote', {
      params: { id: list._id, contentId: ids[0] },
      body: { note: 'Chapters 1–3' },
      token: ada,
    });
    expect(noted.body.items[1]).toMatchObject({ note: 'Chapters 1–3', position: 1 });
    expect(
      (
        await api.call('changeListItemNote', {
          params: { id: list._id, contentId: ids[0] },
          body: { note: 'Mine now' },
          token: bob,
        })
      ).status,
    ).toBe(404);
  });

  it('are private until public: a 404 to others, then readable by anyone and copied by another user', async () => {
    const list = await newList(ada, {}, 2);
    expect(
      (
        await api.call('getList', {
          params: { id: list._id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.call('getList', {
          params: { id: list._id },
          token: bob,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.call('copyList', {
          params: { id: list._id },
          token: bob,
        })
      ).status,
    ).toBe(404);
    expect((await visit(`/lists/${list.slug}`)).status).toBe(404);
    await api.call('changeList', {
      params: { id: list._id },
      body: { isPublic: true },
      token: ada,
    });
    expect(
      (
        await api.call('getList', {
          params: { id: list._id },
        })
      ).body.owner.name,
    ).toBe('Ada');
    const copy = await api.call('copyList', {
      params: { id: list._id },
      token: bob,
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: list.name, isPublic: false, numItems: 2 });
  });

  it('an admin unpublishes a public list, saying why, in the audit log; a user may not', async () => {
    const list = await newList(ada, { isPublic: true });
    expect(
      (
        await api.call('unpublishList', {
          params: { id: list._id },
          body: { reason: 'Spam' },
          token: bob,
        })
      ).status,
    ).toBe(403);
    const unsaid = await api.call('unpublishList', {
      params: { id: list._id },
      body: { reason: ' ' },
      token: admin,
    });
    expect([unsaid.status, unsaid.body.message]).toEqual([400, 'Please say why: the owner of the list reads it']);
    const unpublished = await api.call('unpublishList', {
      params: { id: list._id },
      body: { reason: 'Spam' },
      token: admin,
    });
    expect(unpublished.body).toMatchObject({ isPublic: false, unpublished: { reason: 'Spam' } });
    const audit = await api.call('auditLog', {
      query: { action: 'list.unpublish' },
      token: admin,
    });
    expect(audit.body.entries[0]).toMatchObject({ action: 'list.unpublish', target: { type: 'list', id: list._id } });
    // Lifted (audited too): still private, its owner's to publish again.
    expect(
      (
        await api.call('liftListUnpublishing', {
          params: { id: list._id },
          token: admin,
        })
      ).body,
    ).toMatchObject({
      isPublic: false,
      unpublished: null,
    });
    const lifted = await api.call('auditLog', {
      query: { action: 'list.unpublish-lift' },
      token: admin,
    });
    expect(lifted.body.entries[0]).toMatchObject({ target: { type: 'list', id: list._id } });
  });
});

describe('a public list’s page', () => {
  it('is shared and cached, carries JSON-LD and Open Graph, and is dropped when its list changes', async () => {
    const list = await newList(ada, { isPublic: true, description: 'One a day' }, 2);
    const path = `/lists/${list.slug}`;
    const first = await visit(path);
    expect(first.status).toBe(200);
    expect(first.text).toContain('"@type":"ItemList"');
    expect(first.text).toMatch(/<meta property="og:title" content="Rust in 30 days/);
    expect((await visit(path)).cache).toBe('hit');

    await api.call('changeListItemNote', {
      params: { id: list._id, contentId: contents[1]!._id },
      body: { note: 'Start with this one' },
      token: ada,
    });
    const noted = await visit(path);
    expect(noted.cache).not.toBe('hit');
    expect(noted.text).toContain('Start with this one');

    // The content page counts the public lists holding it, and follows them.
    const contentPath = `/content/${contents[0]!.slug}`;
    const before = await visit(contentPath);
    await api.call('changeList', {
      params: { id: list._id },
      body: { isPublic: false },
      token: ada,
    });
    expect((await visit(path)).status).toBe(404);
    const after = await visit(contentPath);
    expect(after.cache).not.toBe('hit');
    const count = (text: string) => Number(/In (\d+) public list/.exec(text)?.[1] ?? 0);
    expect(count(after.text)).toBe(count(before.text) - 1);
  });

  it('is in the sitemap while public and holding something, and leaves it when unpublished', async () => {
    const listed = await newList(ada, { isPublic: true }, 1);
    const empty = await newList(ada, { isPublic: true });
    const hidden = await newList(ada, {}, 1);
    const sitemap = async () => (await visit('/sitemap.xml')).text;
    const entry = (slug: string) => `${server.url}/lists/${slug}</loc>`;
    const first = await sitemap();
    expect(first).toContain(entry(listed.slug));
    expect(first).not.toContain(entry(empty.slug));
    expect(first).not.toContain(entry(hidden.slug));
    expect((await visit('/sitemap.xml')).cache).toBe('hit');
    await api.call('changeList', {
      params: { id: listed._id },
      body: { isPublic: false },
      token: ada,
    });
    expect(await sitemap()).not.toContain(entry(listed.slug));
  });

  it('follows a write made by another process on the same database', async () => {
    const list = await newList(ada, { isPublic: true }, 1);
    const path = `/lists/${list.slug}`;
    await visit(path);
    expect((await visit(path)).cache).toBe('hit');
    const other = await openDatabase(server.dbUrl);
    try {
      await other.execute({
        sql: 'UPDATE lists SET name = ?, updated_at = ? WHERE id = ?',
        args: ['Renamed elsewhere', Date.now(), list._id],
      });
    } finally {
      other.close();
    }
    expect((await visit(path)).text).toContain('Renamed elsewhere');
  });
});

describe('progress through the API', () => {
  it('is marked, saves what is Learning or Done, and is in the data export with the lists', async () => {
    const { token } = await signUp(api, 'Cleo');
    const [a, b] = [contents[0]!._id, contents[1]!._id];
    const want = await api.call('markProgress', {
      params: { id: a },
      body: { state: 'want' },
      token,
    });
    expect(want.body.saves.numSaves).toBe(0);
    const done = await api.call('markProgress', {
      params: { id: b },
      body: { state: 'Done' },
      token,
    });
    expect(done.body.saves.saves.map((save: { _id: string }) => save._id)).toEqual([b]);
    expect(
      (
        await api.call('markProgress', {
          params: { id: a },
          body: { state: 'later' },
          token,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.call('markProgress', {
          params: { id: 'missing' },
          body: { state: 'done' },
          token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.call('myProgress', {
          token,
        })
      ).body.progress,
    ).toHaveLength(2);
    await newList(token, { name: 'Exported' }, 1);
    const exported = await api.call('exportAccount', {
      token,
    });
    expect(exported.body.lists).toEqual([
      expect.objectContaining({ name: 'Exported', items: [expect.objectContaining({ note: '' })] }),
    ]);
    expect(exported.body.progress.map((entry: { state: string }) => entry.state).sort()).toEqual(['done', 'want']);
  });
});

describe('learning paths through the API', () => {
  it('are lists of kind path, made or turned so from what forms send, with section headings between steps', async () => {
    const path = await newList(ada, { kind: ' Path ' }, 3);
    expect(path.kind).toBe('path');
    expect((await newList(ada, { kind: '' })).kind).toBe('list');
    const plain = await newList(ada, {}, 1);
    expect(plain.kind).toBe('list');
    const turned = await api.call('changeList', { params: { id: plain._id }, body: { kind: 'path' }, token: ada });
    expect(turned.status).toBe(200);
    expect(turned.body.kind).toBe('path');

    const [first, second] = path.items.map((item: { content: { _id: string } }) => item.content._id);
    const sectioned = await api.call('changeListItemSection', {
      params: { id: path._id, contentId: second! },
      body: { section: '  Week 2: practice ' },
      token: ada,
    });
    expect(sectioned.status).toBe(200);
    expect(sectioned.body.items.map((item: { section: string }) => item.section)).toEqual(['', 'Week 2: practice', '']);

    // The heading belongs to its step: a reorder moves it along.
    const ids = path.items.map((item: { content: { _id: string } }) => item.content._id);
    const reordered = await api.call('reorderList', {
      params: { id: path._id },
      body: { contentIds: [ids[1], ids[0], ids[2]] },
      token: ada,
    });
    expect(reordered.body.items[0]).toMatchObject({ section: 'Week 2: practice', content: { _id: second } });

    // null (or an empty value) removes it.
    const cleared = await api.call('changeListItemSection', {
      params: { id: path._id, contentId: second! },
      body: { section: null },
      token: ada,
    });
    expect(cleared.body.items.every((item: { section: string }) => item.section === '')).toBe(true);
    expect(first).toBeDefined();
  });

  it('refuse a wrong kind or section with a 4xx message, and another user’s path or a missing step with a 404', async () => {
    const path = await newList(ada, { kind: 'path' }, 1);
    const contentId = path.items[0]!.content._id;
    for (const body of [
      { name: 'X', kind: 'roadmap' },
      { name: 'X', kind: 3 },
    ]) {
      const made = await api.call('createList', { body, token: ada });
      expect(made.status).toBe(400);
      expect(made.body.message).toMatch(/kind must be one of list, path/);
    }
    for (const body of [{ section: 'x'.repeat(101) }, { section: 7 }, { section: ['a'] }]) {
      const res = await api.call('changeListItemSection', { params: { id: path._id, contentId }, body, token: ada });
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const bobs = await api.call('changeListItemSection', {
      params: { id: path._id, contentId },
      body: { section: 'Mine' },
      token: bob,
    });
    expect(bobs.status).toBe(404);
    const missing = await api.call('changeListItemSection', {
      params: { id: path._id, contentId: 'not-in-it' },
      body: { section: 'Nowhere' },
      token: ada,
    });
    expect(missing.status).toBe(404);
    const anonymous = await api.call('changeListItemSection', {
      params: { id: path._id, contentId },
      body: { section: 'Nobody' },
    });
    expect(anonymous.status).toBe(401);
    const after = await api.call('getList', { params: { id: path._id }, token: ada });
    expect(after.body.items[0].section).toBe('');
  });

  it('are copied whole, sections and all, to be followed with the follower’s own marks; the page shows no one’s marks', async () => {
    const path = await newList(ada, { kind: 'path', isPublic: true, name: 'Path to copy' }, 2);
    const [one, two] = path.items.map((item: { content: { _id: string } }) => item.content._id);
    await api.call('changeListItemSection', {
      params: { id: path._id, contentId: two! },
      body: { section: 'Part two' },
      token: ada,
    });
    expect((await api.call('markProgress', { params: { id: one! }, body: { state: 'done' }, token: ada })).status).toBe(
      200,
    );

    const copy = await api.call('copyList', { params: { id: path._id }, token: bob });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ kind: 'path', isPublic: false, owner: { name: 'Bob' } });
    expect(copy.body.items.map((item: { section: string }) => item.section)).toEqual(['', 'Part two']);
    // The follower starts from nothing: Ada's mark is hers.
    const bobsMarks = (await api.call('myProgress', { token: bob })).body.progress;
    expect(bobsMarks.some((entry: { contentId: string }) => entry.contentId === one)).toBe(false);

    // The shared page is the same for everyone: the steps and headings, no owner's mark in it.
    const page = await visit(`/lists/${path.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Part two');
    expect(page.text).toContain('data-path-steps');
    expect(page.text).not.toMatch(/data-step-state="(done|learning|want)"/);

    // A new heading drops the cached page at once; the data export carries the kind and the headings.
    expect((await visit(`/lists/${path.slug}`)).cache).toBe('hit');
    await api.call('changeListItemSection', {
      params: { id: path._id, contentId: one! },
      body: { section: 'Part one' },
      token: ada,
    });
    expect((await visit(`/lists/${path.slug}`)).text).toContain('Part one');
    const exported = (await api.call('exportAccount', { token: ada })).body.lists.find(
      (list: { name: string }) => list.name === 'Path to copy',
    );
    expect(exported).toMatchObject({ kind: 'path', items: [{ section: 'Part one' }, { section: 'Part two' }] });
  });
});

describe('a list’s cover through the API', () => {
  it('is its first four contents’ names and pictures, in order; none for an empty list', async () => {
    const five = await newList(ada, { name: 'Cover of five' }, 5);
    await newList(ada, { name: 'Cover of none' });
    const mine = await api.call('myLists', { token: ada });
    expect(mine.status).toBe(200);
    const byName = (name: string) => mine.body.lists.find((list: { name: string }) => list.name === name)!;
    const cover = byName('Cover of five').cover;
    expect(cover.map((picture: { name: string }) => picture.name)).toEqual(
      five.items.slice(0, 4).map((item: { content: { name: string } }) => item.content.name),
    );
    expect(cover.map((picture: { image: string }) => picture.image)).toEqual(
      five.items.slice(0, 4).map((item: { content: { image: string } }) => item.content.image),
    );
    expect(byName('Cover of none').cover).toEqual([]);
  });
});
