/**
 * An admin's unpublishing of a public list was undone by its owner with one `PUT {"isPublic": true}` (or by
 * copying it and publishing the copy). Unpublishing is moderation: the list stays private until an admin
 * lifts it, its owner reads why (in the API's list shape, on the list's page and in My Lists), and only then
 * may they publish it again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';

let owner: string;
let admin: string;

const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  owner = (await signUp(api, 'Owner')).token;
  admin = (await asAdmin(api)).token;
});

const REASON = 'Links to pirated course videos';

/** The owner's page of one of their lists, or of all of them, as their browser gets it. */
const page = async (path: string) =>
  (await fetch(server.url + path, { headers: { accept: 'text/html', cookie: `session=${owner}` } })).text();

async function unpublishedList() {
  const made = await api.call('createList', {
    body: { name: 'Free courses', isPublic: true },
    token: owner,
  });
  expect(made.status).toBe(201);
  const unpublished = await api.call('unpublishList', {
    params: { id: made.body._id },
    body: { reason: REASON },
    token: admin,
  });
  expect(unpublished.status).toBe(200);
  expect(unpublished.body.isPublic).toBe(false);
  return made.body as { _id: string; slug: string };
}

describe('a list an admin unpublished', () => {
  it('cannot be made public again by its owner, who is told why', async () => {
    const list = await unpublishedList();
    const republished = await api.call('changeList', {
      params: { id: list._id },
      body: { isPublic: true, name: 'Free courses!' },
      token: owner,
    });
    expect(republished.status).toBe(409);
    expect(republished.body.message).toContain(REASON);
    // Nothing of that change was written, and the list is still off the site.
    const mine = await api.call('getList', {
      params: { id: list._id },
      token: owner,
    });
    expect(mine.body).toMatchObject({ name: 'Free courses', isPublic: false, unpublished: { reason: REASON } });
    expect(
      (
        await api.call('getList', {
          params: { id: list._id },
        })
      ).status,
    ).toBe(404);
    // The admin who may lift it still reads it.
    expect(
      (
        await api.call('getList', {
          params: { id: list._id },
          token: admin,
        })
      ).body.unpublished,
    ).toMatchObject({
      reason: REASON,
    });
    expect((await fetch(`${server.url}/lists/${list.slug}`)).status).toBe(404);
    // Its other fields are still its owner's.
    expect(
      (
        await api.call('changeList', {
          params: { id: list._id },
          body: { name: 'Courses' },
          token: owner,
        })
      ).body,
    ).toMatchObject({
      name: 'Courses',
      isPublic: false,
    });
  });

  it('shows its owner the reason in My Lists and on the list’s page', async () => {
    const list = await unpublishedList();
    const summary = (
      await api.call('myLists', {
        token: owner,
      })
    ).body.lists.find((l) => l._id === list._id);
    expect(summary?.unpublished).toMatchObject({ reason: REASON });
    expect(await page('/my-lists')).toContain(REASON);
    expect(await page(`/my-lists/${list._id}`)).toContain(REASON);
  });

  it('cannot be published through a copy of it', async () => {
    const list = await unpublishedList();
    const copy = await api.call('copyList', {
      params: { id: list._id },
      token: owner,
    });
    expect(copy.status).toBe(201);
    expect(copy.body.unpublished).toMatchObject({ reason: REASON });
    expect(
      (
        await api.call('changeList', {
          params: { id: copy.body._id },
          body: { isPublic: true },
          token: owner,
        })
      ).status,
    ).toBe(409);
  });

  it('may be published again by its owner once an admin lifts it; a user may not lift it', async () => {
    const list = await unpublishedList();
    expect(
      (
        await api.call('liftListUnpublishing', {
          params: { id: list._id },
          token: owner,
        })
      ).status,
    ).toBe(403);
    const lifted = await api.call('liftListUnpublishing', {
      params: { id: list._id },
      token: admin,
    });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({ isPublic: false, unpublished: null });
    expect(
      (
        await api.call('changeList', {
          params: { id: list._id },
          body: { isPublic: true },
          token: owner,
        })
      ).body,
    ).toMatchObject({
      isPublic: true,
      unpublished: null,
    });
    expect((await fetch(`${server.url}/lists/${list.slug}`)).status).toBe(200);
  });
});
