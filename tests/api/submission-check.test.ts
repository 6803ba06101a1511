/**
 * The live duplicate check (decision 016): GET /api/submissions/check answers, with the duplicate refusal's
 * own URL normalisation, whether a link is already listed, already waiting, rejected before (with why), or
 * new; signed-in callers only, limited per account.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';

let admin: { token: string };

const { api } = useServer({ env: { RATE_LIMIT_SUBMISSION_CHECK_USER: '20/3600' } });
beforeAll(async () => {
  admin = await asAdmin(api);
});

const check = (url: string, token?: string) =>
  api.call('checkSubmission', {
    query: { url },
    token,
  });

describe('GET /api/submissions/check', () => {
  it('a listed content is found however its URL is written, as the duplicate refusal finds it', async () => {
    const { token } = await signUp(api, 'Checker');
    const { body: search } = await api.call('searchContents');
    const listed = search.contents[0] as { _id: string; name: string; slug: string; url: string };
    // Another scheme, www. added or dropped, a tracking parameter and a fragment: the same resource.
    const other = new URL(listed.url);
    other.protocol = 'http:';
    other.hostname = other.hostname.startsWith('www.') ? other.hostname.slice(4) : `www.${other.hostname}`;
    other.searchParams.set('utm_source', 'newsletter');
    other.hash = 'top';
    const variants = [listed.url, other.toString()];
    for (const variant of variants) {
      const res = await check(variant, token);
      expect(res, variant).toMatchObject({
        status: 200,
        body: { status: 'listed', content: { _id: listed._id, name: listed.name, slug: listed.slug } },
      });
      // The submission itself is refused for the same reason.
      expect(
        (
          await api.call('submitLink', {
            body: { url: variant },
            token,
          })
        ).status,
        variant,
      ).toBe(409);
    }
  });

  it('new, then waiting once submitted, then rejected before (with the reason), then waiting again when resubmitted', async () => {
    const { token } = await signUp(api, 'Checker');
    const url = `https://check-${Date.now()}.example.org/guide`;
    expect((await check(url, token)).body).toEqual({ status: 'new' });
    const sent = await api.call('submitLink', {
      body: { url, name: 'Checked Guide' },
      token,
    });
    expect((await check(`${url}/?ref=x`, token)).body).toEqual({ status: 'pending', name: 'Checked Guide' });
    await api.call('rejectSubmission', {
      params: { id: sent.body._id },
      body: { reason: 'low-quality', note: 'Mostly adverts.' },
      token: admin.token,
    });
    const rejected = await check(url, token);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      name: 'Checked Guide',
      rejectReason: 'low-quality',
      rejectNote: 'Mostly adverts.',
    });
    assert(rejected.body.status === 'rejected');
    expect(Date.parse(rejected.body.rejectedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (
        await api.call('submitLink', {
          body: { url },
          token,
        })
      ).status,
    ).toBe(201);
    expect((await check(url, token)).body.status).toBe('pending');
  });

  it('a URL that does not parse is a 400 saying so; a visitor gets 401', async () => {
    const { token } = await signUp(api, 'Checker');
    for (const bad of ['', 'not a url', 'ftp://example.org/file', 'javascript:alert(1)']) {
      const res = await check(bad, token);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/Website URL/);
    }
    expect((await check('https://example.org/')).status).toBe(401);
  });

  it('is limited per account: past the limit a 429 with Retry-After, while another account still checks', async () => {
    const { token } = await signUp(api, 'Checker');
    for (let i = 0; i < 20; i++) expect((await check(`https://limit-${i}.example.org/`, token)).status).toBe(200);
    const refused = await check('https://limit-21.example.org/', token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check('https://limit-21.example.org/', (await signUp(api, 'Checker')).token)).status).toBe(200);
  });
});
