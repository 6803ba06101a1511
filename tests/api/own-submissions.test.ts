/**
 * The contributor loop through the real server (decision 016): a submitter sees every link they sent and what
 * became of it — pending, approved with the content it became, rejected — and nobody else's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';

let admin: { token: string };

const { api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
});

let n = 0;
async function submit(token: string, name: string) {
  const res = await api.call('submitLink', {
    body: { ...CATALOG_READY, url: `https://own-${Date.now()}-${++n}.example.org/`, name },
    token,
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string; url: string };
}

describe('GET /api/submissions/mine', () => {
  it('lists the caller’s submissions newest first: pending, approved with its content, rejected', async () => {
    const grace = await signUp(api, 'Grace');
    const waiting = await submit(grace.token, 'Waiting Course');
    const approved = await submit(grace.token, 'Approved Course');
    const rejected = await submit(grace.token, 'Rejected Course');
    expect(
      (
        await api.call('approveSubmission', {
          params: { id: approved._id },
          body: {},
          token: admin.token,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api.call('rejectSubmission', {
          params: { id: rejected._id },
          token: admin.token,
        })
      ).status,
    ).toBe(200);

    const { status, body } = await api.call('mySubmissions', {
      token: grace.token,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      page: 1,
      pages: 1,
      count: 0,
      total: 3,
      counts: { pending: 1, approved: 1, rejected: 1 },
    });
    expect(body.submissions.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Rejected Course', 'rejected'],
      ['Approved Course', 'approved'],
      ['Waiting Course', 'pending'],
    ]);
    const [rejectedRow, approvedRow, waitingRow] = body.submissions;
    expect(approvedRow).toMatchObject({
      url: approved.url,
      content: { name: 'Approved Course', slug: 'approved-course' },
    });
    expect(approvedRow.decidedAt).toEqual(expect.any(String));
    expect(waitingRow).toMatchObject({ _id: waiting._id, decidedAt: null, content: null });
    expect(rejectedRow).toMatchObject({ content: null });
    // The content it became is the published one.
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: approvedRow.content!.slug },
        })
      ).status,
    ).toBe(200);
  });

  it('filters to one state, pages by ten, and shows nobody else’s submissions', async () => {
    const linus = await signUp(api, 'Linus');
    const other = await signUp(api, 'Other');
    await submit(other.token, 'Not Linus’s');
    for (let i = 0; i < 12; i++) await submit(linus.token, `Linus ${i}`);
    const first = await api.call('mySubmissions', {
      query: { status: 'pending' },
      token: linus.token,
    });
    expect(first.body).toMatchObject({
      status: 'pending',
      page: 1,
      pages: 2,
      total: 12,
      counts: { pending: 12, approved: 0, rejected: 0 },
    });
    expect(first.body.submissions).toHaveLength(10);
    const second = await api.call('mySubmissions', {
      query: { status: 'pending', page: '2' },
      token: linus.token,
    });
    expect(second.body.submissions.map((s: { name: string }) => s.name)).toEqual(['Linus 1', 'Linus 0']);
    expect(
      (
        await api.call('mySubmissions', {
          query: { status: 'approved' },
          token: linus.token,
        })
      ).body,
    ).toMatchObject({
      submissions: [],
      total: 0,
      pages: 1,
    });
    // An unknown state lists all.
    expect(
      (
        await api.call('mySubmissions', {
          query: { status: 'bogus' },
          token: linus.token,
        })
      ).body.total,
    ).toBe(12);
  });

  it('an approved submission whose content was deleted says so (no content), and a new account has none', async () => {
    const ada = await signUp(api, 'Ada');
    expect(
      (
        await api.call('mySubmissions', {
          token: ada.token,
        })
      ).body,
    ).toMatchObject({
      submissions: [],
      total: 0,
      counts: { pending: 0, approved: 0, rejected: 0 },
    });
    const sent = await submit(ada.token, 'Short Lived');
    const approval = await api.call('approveSubmission', {
      params: { id: sent._id },
      body: {},
      token: admin.token,
    });
    expect(
      (
        await api.call('deleteContent', {
          params: { id: approval.body.content._id },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const { body } = await api.call('mySubmissions', {
      token: ada.token,
    });
    expect(body.submissions[0]).toMatchObject({ status: 'approved', content: null });
  });

  it('a rejection’s reason and note (DELETE with a body) are what the submitter reads; a reason not of the set is a 400 that changes nothing', async () => {
    const sam = await signUp(api, 'Sam');
    const sent = await submit(sam.token, 'Off Topic Course');
    const bad = await api.call('rejectSubmission', {
      params: { id: sent._id },
      body: { reason: 'boring' },
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Reason must be one of');
    expect(
      (
        await api.call('getSubmission', {
          params: { id: sent._id },
          token: admin.token,
        })
      ).body.status,
    ).toBe('pending');
    const tooLong = await api.call('rejectSubmission', {
      params: { id: sent._id },
      body: { note: 'x'.repeat(501) },
      token: admin.token,
    });
    expect(tooLong).toMatchObject({ status: 400, body: { message: 'Note must be at most 500 characters' } });

    const rejected = await api.call('rejectSubmission', {
      params: { id: sent._id },
      body: { reason: 'off-topic', note: 'We list computer science only.' },
      token: admin.token,
    });
    expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected' } });
    expect(
      (
        await api.call('getSubmission', {
          params: { id: sent._id },
          token: admin.token,
        })
      ).body,
    ).toMatchObject({
      rejectReason: 'off-topic',
      rejectNote: 'We list computer science only.',
    });
    const { body } = await api.call('mySubmissions', {
      token: sam.token,
    });
    expect(body.submissions[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'off-topic',
      rejectNote: 'We list computer science only.',
    });
  });

  it('needs a signed-in caller', async () => {
    expect((await api.call('mySubmissions')).status).toBe(401);
  });
});
