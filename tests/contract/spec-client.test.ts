/**
 * The REST contract as a separate browser client uses it: a React app on another origin (its dev server at
 * CLIENT_ORIGIN, proxied to us), holding the token from sign-in and sending it as a bearer token, with
 * JSON bodies built from plain HTML form controls — strings from selects, empty strings and null for
 * untouched fields, numbers as strings. Each test reads the fields such a client reads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type AnyJson, uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';

const CLIENT_ORIGIN = 'http://localhost:5173';

const { server, api } = useServer({ env: { TRUSTED_ORIGINS: CLIENT_ORIGIN } });

interface Reply {
  status: number;
  data: AnyJson;
  headers: Headers;
}

/** What the client's HTTP helper does: JSON in and out, the bearer token when it has one, its own Origin. */
async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; cookie?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { origin: CLIENT_ORIGIN, accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, data: text ? JSON.parse(text) : null, headers: response.headers };
}

/** Every error the client shows is `data.message`: a 4xx always has one. */
function expectOk(reply: Reply, status = 200) {
  expect(reply.status, JSON.stringify(reply.data)).toBe(status);
}

let admin: { token: string };
let user: { _id: string; token: string; name: string; email: string };

beforeAll(async () => {
  admin = await asAdmin(api);
  user = await signUp(api, 'Client User', { password: 'client-password-1' });
});

describe('accounts', () => {
  it('sign-up and sign-in answer the user with a token', async () => {
    const email = uniqueEmail('signup');
    const signedUp = await call('POST', '/api/users/signup', {
      body: { name: 'New Client', email, password: 'client-password-1' },
    });
    expectOk(signedUp, 201);
    expect(signedUp.data).toMatchObject({
      _id: expect.any(String),
      name: 'New Client',
      email,
      isAdmin: false,
      token: expect.any(String),
    });
    const signIn = await call('POST', '/api/users/signin', { body: { email, password: 'client-password-1' } });
    expectOk(signIn);
    expect(signIn.data).toMatchObject({ _id: signedUp.data._id, token: expect.any(String) });
  });

  it('after a sign-out done by forgetting the token, a leftover cookie does not stop signing in or resetting from another origin', async () => {
    const { email } = await signUp(api, 'Leftover', { password: 'client-password-1' });
    const first = await fetch(`${server.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password: 'client-password-1' }),
    });
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    // The client "signs out" by clearing its storage; the HttpOnly cookie stays and rides along.
    const again = await call('POST', '/api/users/signin', { cookie, body: { email, password: 'client-password-1' } });
    expectOk(again);
    expect(again.data.token).toEqual(expect.any(String));
    expect(again.headers.get('set-cookie')).toMatch(/^session=/);
    expectOk(await call('POST', '/api/users/forget-password', { cookie, body: { email } }));
    // A form another site posts (not JSON) is still refused: login CSRF stays closed.
    const form = await fetch(`${server.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', cookie },
      body: `email=${encodeURIComponent(email)}&password=client-password-1`,
    });
    expect(form.status).toBe(415);
  });

  it('the profile takes a blank password as "keep it" and answers the updated user', async () => {
    const reply = await call('PUT', '/api/users/profile', {
      token: user.token,
      body: { name: 'Client Renamed', email: user.email, password: '' },
    });
    expectOk(reply);
    expect(reply.data).toMatchObject({ _id: user._id, name: 'Client Renamed', email: user.email, token: user.token });
  });

  it('forget-password answers a message for any address', async () => {
    const reply = await call('POST', '/api/users/forget-password', { body: { email: 'nobody@example.com' } });
    expectOk(reply);
    expect(reply.data.message).toEqual(expect.any(String));
  });

  it('reset-password with a bad token is a 4xx with a message', async () => {
    const reply = await call('POST', '/api/users/reset-password', {
      body: { password: 'client-password-2', token: 'not-a-token' },
    });
    expect(reply.status).toBe(404);
    expect(reply.data.message).toEqual(expect.any(String));
  });
});

describe('the catalog', () => {
  it('filters: label/value lists and plain cost strings', async () => {
    const reply = await call('GET', '/api/contents/filters');
    expectOk(reply);
    for (const list of ['categories', 'types', 'techStacks'])
      expect(reply.data[list][0]).toEqual({ label: expect.any(String), value: expect.any(String) });
    expect(reply.data.costs).toEqual(['Free', 'Paid', 'Free/Paid']);
  });

  it('search with every parameter a form sends, as strings; every content has a displayable image', async () => {
    const reply = await call(
      'GET',
      '/api/contents/search?searchTerm=&category=web-development&techStack=&cost=&hasCert=&type=&rating=&order=latest&page=1',
    );
    expectOk(reply);
    expect(reply.data).toMatchObject({ page: 1, pages: expect.any(Number), countContents: expect.any(Number) });
    expect(reply.data.contents.length).toBeGreaterThan(0);
    for (const content of reply.data.contents) {
      expect(content.image).toMatch(/^https?:\/\//);
      const image = await fetch(content.image);
      expect(image.status, content.image).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
    }
  });

  it('a content by slug, with its reviews; a review posted with the rating as a string', async () => {
    const { data } = await call('GET', '/api/contents/search?order=oldest');
    const slug = data.contents[0].slug;
    const content = await call('GET', `/api/contents/slug/${slug}`);
    expectOk(content);
    expect(content.data).toMatchObject({
      _id: expect.any(String),
      name: expect.any(String),
      reviews: expect.any(Array),
    });
    const review = await call('POST', `/api/contents/${content.data._id}/reviews`, {
      token: user.token,
      body: { rating: '4', comment: 'Clear and thorough.', name: 'Client Renamed' },
    });
    expectOk(review, 201);
    expect(review.data).toMatchObject({
      review: { rating: 4, comment: 'Clear and thorough.' },
      numReview: expect.any(Number),
      rating: expect.any(Number),
    });
  });

  it('saves: the toggle with the fields the client sends, and the list by user id', async () => {
    const { data } = await call('GET', '/api/contents/search?order=oldest');
    const content = data.contents[1];
    const saved = await call('POST', '/api/users/save', {
      token: user.token,
      body: { contentId: content._id, contentName: content.name, contentSlug: content.slug, contentUrl: content.url },
    });
    expectOk(saved);
    expect(saved.data).toMatchObject({ numSaves: 1, saves: [{ _id: content._id }] });
    const list = await call('GET', `/api/users/saves/${user._id}`, { token: user.token });
    expect(list.data.numSaves).toBe(1);
  });
});

describe('submissions, as the client submits and an admin decides them', () => {
  it('the untouched form as HTML controls send it is accepted; cost and certificate are kept as not given', async () => {
    const body = {
      name: 'Roadmap',
      category: [],
      techStack: [],
      type: [],
      cost: '',
      hasCert: '',
      description: '',
      rating: null,
      url: `https://roadmap.sh/?c=${Date.now()}`,
    };
    const reply = await call('POST', '/api/submissions/create', { token: user.token, body });
    expectOk(reply, 201);
    expect(reply.data).toMatchObject({ _id: expect.any(String), cost: null, hasCert: null, status: 'pending' });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['yes', true],
    ['no', false],
    ["I don't know", false],
  ])('certificate %j from a select is %s', async (hasCert, stored) => {
    const reply = await call('POST', '/api/submissions/create', {
      token: user.token,
      body: {
        url: `https://exercism.org/tracks/${Math.random().toString(36).slice(2)}`,
        cost: 'Free/Paid',
        hasCert,
        category: 'web-development',
      },
    });
    expectOk(reply, 201);
    expect(reply.data).toMatchObject({
      cost: 'Free/Paid',
      hasCert: stored,
      category: [{ label: 'Web Development', value: 'web-development' }],
    });
  });

  it('refuses only what is wrong, saying what', async () => {
    const reply = await call('POST', '/api/submissions/create', {
      token: user.token,
      body: { url: 'https://roadmap.sh/x', cost: 'Cheap', hasCert: '' },
    });
    expect(reply.status).toBe(400);
    expect(reply.data.message).toBe('Cost must be one of Free, Paid, Free/Paid');
  });

  it('approve, then delete as the client does: both succeed, and the content stays', async () => {
    const channel = `client${Date.now()}`;
    const created = await call('POST', '/api/submissions/create', {
      token: user.token,
      body: {
        url: `https://www.youtube.com/@${channel}`,
        name: 'A channel for the client',
        category: [{ label: 'Web Development', value: 'web-development' }],
        type: [{ label: 'Video Lectures', value: 'video-lectures' }],
        description: 'Short videos on the web platform.',
        cost: '',
        hasCert: '',
      },
    });
    const id = created.data._id;
    // Found by its address: the queue is oldest first, and the demo's learners left links waiting before it.
    const queue = await call('GET', `/api/submissions/admin?page=1&search=${channel}`, { token: admin.token });
    expect(queue.data).toMatchObject({ page: 1, pages: expect.any(Number), count: expect.any(Number) });
    expect(queue.data.submissions.some((s: { _id: string }) => s._id === id)).toBe(true);
    const submission = (await call('GET', `/api/submissions/${id}`, { token: admin.token })).data;
    const approved = await call('POST', `/api/submissions/${id}`, {
      token: admin.token,
      body: { ...submission, cost: submission.cost ?? '', hasCert: submission.hasCert ?? '' },
    });
    expectOk(approved, 201);
    expect(approved.data.content).toMatchObject({ cost: 'Free', hasCert: false, status: 'published' });
    const deleted = await call('DELETE', `/api/submissions/${id}`, { token: admin.token });
    expectOk(deleted);
    expect((await call('GET', `/api/submissions/${id}`, { token: admin.token })).data).toMatchObject({
      status: 'approved',
      contentId: approved.data.content._id,
    });
    expectOk(await call('GET', `/api/contents/slug/${approved.data.content.slug}`));
    const after = await call('GET', '/api/submissions/admin?page=1', { token: admin.token });
    expect(after.data.submissions.some((s: { _id: string }) => s._id === id)).toBe(false);
  });
});

describe('contents, as the admin client manages them', () => {
  it('create content: the client reads content._id; the draft stays out of the catalog until saved complete', async () => {
    const created = await call('POST', '/api/contents', { token: admin.token, body: {} });
    expectOk(created, 201);
    expect(created.data).toMatchObject({
      message: 'new content created successfully',
      content: { _id: expect.any(String), status: 'draft' },
    });
    expect(created.data._id).toBe(created.data.content._id);
    const id = created.data.content._id as string;
    const draft = await call('GET', `/api/contents/${id}`, { token: admin.token });
    expect(draft.data).toMatchObject({ _id: id, status: 'draft', image: expect.stringMatching(/^http/) });

    const publicFeeds = async () =>
      (
        await Promise.all(
          ['/api/contents/search?searchTerm=Sample', '/sitemap.xml', '/feed.xml'].map((p) =>
            fetch(server.url + p).then((r) => r.text()),
          ),
        )
      ).join('\n');
    expect(await publicFeeds()).not.toContain(draft.data.slug);
    expect((await call('GET', `/api/contents/slug/${draft.data.slug}`)).status).toBe(404);

    // The edit form sends every field as its controls hold it: the image as shown, selects as strings.
    const name = `Client Course ${Date.now()}`;
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    const saved = await call('PUT', `/api/contents/${id}`, {
      token: admin.token,
      body: {
        ...draft.data,
        name,
        slug,
        url: `https://${slug}.example.org/`,
        description: 'Made by the client.',
        cost: 'Paid',
        hasCert: 'true',
        category: 'data-science',
      },
    });
    expectOk(saved);
    expect(saved.data).toMatchObject({ status: 'published', slug, cost: 'Paid', hasCert: true });
    expectOk(await call('GET', `/api/contents/slug/${slug}`));
    const list = await call('GET', '/api/contents/admin?page=1', { token: admin.token });
    expect(list.data).toMatchObject({ page: 1, pages: expect.any(Number), count: expect.any(Number) });
    expectOk(await call('DELETE', `/api/contents/${id}`, { token: admin.token }));
  });

  it('upload answers an absolute url the client can show', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'pixel.png');
    const response = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, origin: CLIENT_ORIGIN },
      body: form,
    });
    expect(response.status).toBe(201);
    const { url } = await response.json();
    expect(url).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{64}\\.png$`));
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('users and the dashboard, as the admin client reads them', () => {
  it('list, read, update with isAdmin from a select, delete', async () => {
    const list = await call('GET', '/api/users/admin?page=1', { token: admin.token });
    expect(list.data).toMatchObject({
      users: expect.any(Array),
      page: 1,
      pages: expect.any(Number),
      count: expect.any(Number),
    });
    const managed = await signUp(api, 'Managed', { password: 'client-password-1' });
    const { email } = managed;
    expect((await call('GET', `/api/users/${managed._id}`, { token: admin.token })).data).toMatchObject({
      name: 'Managed',
      email,
      isAdmin: false,
    });
    const updated = await call('PUT', `/api/users/${managed._id}`, {
      token: admin.token,
      body: { _id: managed._id, name: 'Managed Renamed', email, isAdmin: 'false' },
    });
    expectOk(updated);
    expectOk(await call('DELETE', `/api/users/${managed._id}`, { token: admin.token }));
  });

  it('the dashboard summary and the test list', async () => {
    const summary = await call('GET', '/api/dashboard/summary', { token: admin.token });
    expectOk(summary);
    expect(summary.data).toMatchObject({
      contents: [{ numContents: expect.any(Number) }],
      users: [{ numUsers: expect.any(Number) }],
    });
    const test = await call('GET', '/api/test');
    expect(test.data[0]).toMatchObject({
      name: expect.any(String),
      email: expect.any(String),
      isAdmin: expect.any(Boolean),
    });
  });
});

describe('the home screen socket', () => {
  it('opens "to the same host" at /, through the client dev server (a trusted origin)', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/`, { origin: CLIENT_ORIGIN });
    const message = await new Promise<{ type: string; online: number }>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data))));
      socket.once('error', reject);
    });
    expect(message).toEqual({ type: 'visitors', online: expect.any(Number) });
    socket.terminate();
  });
});
