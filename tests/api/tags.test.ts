/**
 * The tags through the real server: an admin adds, renames, merges, retires and restores them; the catalog
 * follows at once (filters, search, content lists), old links answer 301, and bad input gets a 4xx.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, type Query } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin } from '../setup/actors.ts';
import { openDatabase } from '../setup/sql.ts';

interface AdminTag {
  id: number;
  kind: string;
  value: string;
  label: string;
  status: string;
  contents: number;
}

let token: string;

const tagsOf = async (kind: string) =>
  (
    (
      await api.call('adminTags', {
        query: { kind, pageSize: '100' },
        token,
      })
    ).body as { tags: AdminTag[] }
  ).tags;
const FILTER_LISTS = { category: 'categories', techStack: 'techStacks', type: 'types' } as const;
/** The values the search filters offer (tags that some content carries). */
const offered = async (kind: keyof typeof FILTER_LISTS) =>
  ((await api.call('catalogFilters')).body[FILTER_LISTS[kind]] as Array<{ value: string }>).map((tag) => tag.value);
/** The submit form as a signed-in user gets it: the tags it offers are in its island's props. */
async function submitForm(): Promise<string> {
  const signIn = await fetch(`${server.url}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'grace@skillshelf.dev', password: 'skillshelf-demo' }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  return (await fetch(`${server.url}/submit-content`, { headers: { cookie } })).text();
}
const searchCount = async (query: Query) => (await api.call('searchContents', { query })).body.countContents;
/** The catalog page's answer without following redirects. */
const page = (path: string) => fetch(server.url + path, { redirect: 'manual' });

const { server, api } = useServer();
beforeAll(async () => {
  token = (await asAdmin(api)).token;
});

describe('an admin manages the tags', () => {
  it('lists every tag with its id, status and how many contents carry it', async () => {
    const tags = await tagsOf('techStack');
    const python = tags.find((tag) => tag.value === 'python')!;
    expect(python).toMatchObject({ kind: 'techStack', label: 'Python', status: 'active' });
    expect(python.contents).toBe(await searchCount({ techStack: 'python' }));
    expect(
      (
        await api.call('adminTags', {
          query: { kind: 'colour' },
          token,
        })
      ).status,
    ).toBe(400);
  });

  it('adds a tag that forms and filters offer at once; the same again is a 409', async () => {
    const added = await api.call('createTag', {
      body: { kind: 'techStack', label: 'Elixir' },
      token,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      kind: 'techStack',
      value: 'elixir',
      label: 'Elixir',
      contents: 0,
      message: "The techStack 'Elixir' was added",
    });
    expect(await submitForm()).toContain('Elixir');
    expect(
      (
        await api.call('createTag', {
          body: { kind: 'techStack', label: 'elixir' },
          token,
        })
      ).status,
    ).toBe(409);
    for (const body of [
      { kind: 'techStack', label: '' },
      { kind: 'techStack' },
      { kind: 'colour', label: 'Red' },
      { kind: 'techStack', label: '🙂' },
      [],
      'x',
      null,
    ]) {
      const res = await api.raw.post('/api/tags', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('a rename moves every content; the old search link answers 301 to the new value and the API follows it', async () => {
    const node = (await tagsOf('techStack')).find((tag) => tag.value === 'node.js')!;
    expect(node.contents).toBeGreaterThan(0);
    const renamed = await api.call('changeTag', {
      params: { id: node.id },
      body: { label: 'NodeJS' },
      token,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: node.id, value: 'nodejs', label: 'NodeJS', contents: node.contents });

    const old = await page('/search?techStack=node.js&cost=Free&page=2');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/search?techStack=nodejs&cost=Free&page=2');
    expect((await page('/search?techStack=nodejs')).status).toBe(200);
    expect(await searchCount({ techStack: 'node.js' })).toBe(node.contents);
    expect(await offered('techStack')).toContain('nodejs');
    expect(await offered('techStack')).not.toContain('node.js');
    const { body: content } = await api.call('searchContents', {
      query: { techStack: 'nodejs' },
    });
    expect(content.contents[0].techStack).toContainEqual({ label: 'NodeJS', value: 'nodejs' });
  });

  it('a merge gives the first tag’s contents the second, removes the first, and its links lead to the second', async () => {
    const tags = await tagsOf('category');
    const [from, into] = [
      tags.find((tag) => tag.value === 'data-analytics')!,
      tags.find((tag) => tag.value === 'data-science')!,
    ];
    const union =
      (await searchCount({ category: 'data-analytics' })) + (await searchCount({ category: 'data-science' }));
    const merged = await api.call('mergeTag', {
      params: { id: from.id },
      body: { into: 'data-science' },
      token,
    });
    expect(merged.status).toBe(200);
    expect(merged.body.value).toBe('data-science');
    expect(merged.body.contents).toBeLessThanOrEqual(union);
    expect(merged.body.contents).toBeGreaterThanOrEqual(Math.max(from.contents, into.contents));
    expect((await tagsOf('category')).map((tag) => tag.value)).not.toContain('data-analytics');
    const old = await page('/search?category=data-analytics');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/search?category=data-science');
    // Merging into itself, into another kind's tag, into nothing: 400; an unknown tag: 404.
    expect(
      (
        await api.call('mergeTag', {
          params: { id: into.id },
          body: { into: into.id },
          token,
        })
      ).status,
    ).toBe(400);
    const python = (await tagsOf('techStack')).find((tag) => tag.value === 'python')!;
    expect(
      (
        await api.call('mergeTag', {
          params: { id: into.id },
          body: { into: python.id },
          token,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.call('mergeTag', {
          params: { id: into.id },
          body: {},
          token,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.call('mergeTag', {
          params: { id: '999999' },
          body: { into: 'data-science' },
          token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.call('mergeTag', {
          params: { id: 'not-a-number' },
          body: { into: 'data-science' },
          token,
        })
      ).status,
    ).toBe(404);
  });

  it('a retired tag is no longer offered but stays on its contents and its filter works; restored, it is offered again', async () => {
    const podcasts = (await tagsOf('type')).find((tag) => tag.value === 'podcasts')!;
    const retired = await api.call('changeTag', {
      params: { id: podcasts.id },
      body: { status: 'retired' },
      token,
    });
    expect(retired.body).toMatchObject({ status: 'retired', contents: podcasts.contents });
    expect(await offered('type')).not.toContain('podcasts');
    expect(await submitForm()).not.toContain('Podcasts');
    expect(await searchCount({ type: 'podcasts' })).toBe(podcasts.contents);
    expect((await page('/search?type=podcasts')).status).toBe(200);
    expect(
      (
        await api.call('changeTag', {
          params: { id: podcasts.id },
          body: { status: 'gone' },
          token,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.call('changeTag', {
          params: { id: podcasts.id },
          body: {},
          token,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.call('changeTag', {
          params: { id: podcasts.id },
          body: { status: 'active' },
          token,
        })
      ).body.status,
    ).toBe('active');
    expect(await offered('type')).toContain('podcasts');
  });

  it('a change to a tag that does not exist is a 404 that names it, whatever the id looks like', async () => {
    for (const id of ['999999', 'not-a-number', '0', '-1']) {
      const answer = await api.call('changeTag', {
        params: { id },
        body: { label: 'Ghost' },
        token,
      });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(/tag/i);
    }
  });

  it('every change is in the audit log, with the admin who made it', async () => {
    const db = await openDatabase(server.dbUrl);
    try {
      const rows = (await db.execute("SELECT action, actor_label FROM audit_log WHERE action LIKE 'tag.%'")).rows;
      expect(rows.map((row) => row.action)).toEqual(
        expect.arrayContaining(['tag.create', 'tag.rename', 'tag.merge', 'tag.retire', 'tag.restore']),
      );
      expect(new Set(rows.map((row) => row.actor_label))).toEqual(new Set([DEMO_ADMIN.email]));
    } finally {
      db.close();
    }
  });
});

describe('a rename or merge followed as it goes (application/x-ndjson)', () => {
  const followed = (path: string, method: string, body: unknown) =>
    fetch(server.url + path, {
      method,
      headers: {
        accept: 'application/x-ndjson, application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
  const linesOf = async (answer: Response) =>
    (await answer.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('streams the contents moved of how many, unbuffered, then the renamed tag', async () => {
    const tutorials = (await tagsOf('type')).find((tag) => tag.contents > 0 && tag.value !== 'podcasts')!;
    const answer = await followed(`/api/tags/${tutorials.id}`, 'PUT', { label: `${tutorials.label} (all)` });

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    const lines = await linesOf(answer);
    expect(lines[0]).toEqual({ phase: 'moving', done: 0, total: tutorials.contents });
    expect(lines.at(-1)).toEqual({
      result: expect.objectContaining({
        id: tutorials.id,
        label: `${tutorials.label} (all)`,
        contents: tutorials.contents,
      }),
    });
    expect(await searchCount({ type: (lines.at(-1)!.result as AdminTag).value })).toBe(tutorials.contents);
  });

  it('answers what fails before the move starts as a plain error with its status, and a change with nothing to move as a plain answer', async () => {
    const [first, second] = (await tagsOf('category')).filter((tag) => tag.contents > 0);
    const taken = await followed(`/api/tags/${first!.id}`, 'PUT', { label: second!.label });
    expect(taken.status).toBe(409);
    expect(taken.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await taken.json()).message).toMatch(/merge into it instead/);

    const unknown = await followed('/api/tags/999999/merge', 'POST', { into: second!.value });
    expect(unknown.status).toBe(404);

    const retired = await followed(`/api/tags/${first!.id}`, 'PUT', { status: 'retired' });
    expect(retired.status).toBe(200);
    expect(retired.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await retired.json()).toMatchObject({ id: first!.id, status: 'retired' });
    await followed(`/api/tags/${first!.id}`, 'PUT', { status: 'active' });
  });

  it('streams a merge the same way, ending with the tag merged into', async () => {
    const [from, into] = (await tagsOf('techStack')).filter((tag) => tag.contents > 0 && tag.value !== 'python');
    const answer = await followed(`/api/tags/${from!.id}/merge`, 'POST', { into: into!.id });

    const lines = await linesOf(answer);
    expect(lines[0]).toEqual({ phase: 'moving', done: 0, total: from!.contents });
    expect(lines.at(-1)).toEqual({ result: expect.objectContaining({ id: into!.id, value: into!.value }) });
  });
});
