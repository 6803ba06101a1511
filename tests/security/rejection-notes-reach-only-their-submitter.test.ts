/**
 * A moderator's rejection note is written to the person who submitted the link: the live URL check of the
 * submit form must not hand it to anyone who types the same URL. Others get the reason code only.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';

const { api } = useServer();

const check = (url: string, token: string) =>
  api.call('checkSubmission', {
    query: { url },
    token,
  });

describe('the URL check of a link rejected before', () => {
  it('tells a stranger the reason and not the note; the submitter gets both', async () => {
    const admin = await asAdmin(api);
    const submitter = await signUp(api, 'Submitter');
    const stranger = await signUp(api, 'Stranger');
    const url = `https://rejected-${Date.now()}.example.org/`;
    const sent = await api.call('submitLink', {
      body: { url, name: 'Turned Down' },
      token: submitter.token,
    });
    expect(sent.status).toBe(201);
    const note = 'Private word for the submitter: the course behind it closed last week.';
    expect(
      (
        await api.call('rejectSubmission', {
          params: { id: sent.body._id },
          body: { reason: 'low-quality', note },
          token: admin.token,
        })
      ).status,
    ).toBe(200);

    const seenByStranger = await check(url, stranger.token);
    expect(seenByStranger.body).toMatchObject({
      status: 'rejected',
      name: 'Turned Down',
      rejectReason: 'low-quality',
      rejectNote: null,
    });
    expect(JSON.stringify(seenByStranger.body)).not.toContain('Private word');
    expect((await check(url, submitter.token)).body).toMatchObject({
      status: 'rejected',
      rejectReason: 'low-quality',
      rejectNote: note,
    });
  });
});
