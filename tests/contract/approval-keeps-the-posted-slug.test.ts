/**
 * The original client's edit screen posts the submission's slug back when it approves; the approval
 * ignored it (it took a posted slug only when it differed from the submission's and from the name's) and
 * derived a new one from the name. A valid, free posted slug is now the content's; one is derived only when
 * none is posted, or the one posted is taken or not a slug, and then the message says so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';

let admin: { token: string };
let user: { token: string };
const { api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
  user = await signUp(api, 'Sender');
});

let n = 0;
async function submission() {
  const sent = await api.call('submitLink', {
    body: { ...CATALOG_READY, url: `https://slug-${++n}-${Date.now()}.example.org/`, name: `Posted Slug Course ${n}` },
    token: user.token,
  });
  expect(sent.status).toBe(201);
  return (
    await api.call('getSubmission', {
      params: { id: sent.body._id },
      token: admin.token,
    })
  ).body as Record<string, unknown> & {
    _id: string;
    slug: string;
    name: string;
  };
}

describe('approving from the edit screen', () => {
  it('keeps the slug posted back, the submission’s own, though the name was edited', async () => {
    const s = await submission();
    const approved = await api.call('approveSubmission', {
      params: { id: s._id },
      body: { ...s, name: 'A New Name Entirely', cost: 'Free', description: 'Edited.' },
      token: admin.token,
    });
    expect(approved.status).toBe(201);
    expect(approved.body.content.slug).toBe(s.slug);
    expect(approved.body.message).toBe('Submission is approved');
  });

  it('uses a valid, free slug the admin typed', async () => {
    const s = await submission();
    const approved = await api.call('approveSubmission', {
      params: { id: s._id },
      body: { ...s, slug: `typed-by-the-admin-${n}` },
      token: admin.token,
    });
    expect(approved.body.content.slug).toBe(`typed-by-the-admin-${n}`);
  });

  it('derives one from the name when the slug posted is taken or not a slug, and says so', async () => {
    const { body: page } = await api.call('searchContents');
    const taken = page.contents[0].slug as string;
    const s = await submission();
    const approved = await api.call('approveSubmission', {
      params: { id: s._id },
      body: { ...s, slug: taken },
      token: admin.token,
    });
    expect(approved.status).toBe(201);
    expect(approved.body.content.slug).not.toBe(taken);
    expect(approved.body.message).toContain(`the slug '${taken}' is taken`);
    const t = await submission();
    const odd = await api.call('approveSubmission', {
      params: { id: t._id },
      body: { ...t, slug: 'Not A Slug!' },
      token: admin.token,
    });
    expect(odd.status).toBe(201);
    expect(odd.body.message).toContain('is not a slug');
  });
});
