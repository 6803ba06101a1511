/**
 * A moderator's rejection note is written to the person who submitted the link. The live URL check of the
 * submit form used to hand it to anyone who typed the same URL; others now get the reason code only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_ADMIN, uniqueEmail, type ApiClient } from '../setup/http.ts';
import { startServer, type TestServer } from '../setup/server.ts';

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startServer();
  api = apiClient(server.url);
});
afterAll(() => server?.stop());

const signUp = async (name: string) =>
  (await api.post('/api/users/signup', { name, email: uniqueEmail(name.toLowerCase()), password: 'password-123' })).body as { token: string };
const check = (url: string, token: string) => api.get(`/api/submissions/check?url=${encodeURIComponent(url)}`, { token });

describe('the URL check of a link rejected before', () => {
  it('tells a stranger the reason and not the note; the submitter gets both', async () => {
    const admin = (await api.post('/api/users/signin', DEMO_ADMIN)).body as { token: string };
    const submitter = await signUp('Submitter');
    const stranger = await signUp('Stranger');
    const url = `https://rejected-${Date.now()}.example.org/`;
    const sent = await api.post('/api/submissions/create', { url, name: 'Turned Down' }, { token: submitter.token });
    expect(sent.status).toBe(201);
    const note = 'Private word for the submitter: the course behind it closed last week.';
    expect((await api.request('DELETE', `/api/submissions/${sent.body._id}`, { reason: 'low-quality', note }, { token: admin.token })).status).toBe(200);

    const seenByStranger = await check(url, stranger.token);
    expect(seenByStranger.body).toMatchObject({ status: 'rejected', name: 'Turned Down', rejectReason: 'low-quality', rejectNote: null });
    expect(JSON.stringify(seenByStranger.body)).not.toContain('Private word');
    expect((await check(url, submitter.token)).body).toMatchObject({ status: 'rejected', rejectReason: 'low-quality', rejectNote: note });
  });
});
