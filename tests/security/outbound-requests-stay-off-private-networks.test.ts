/**
 * Any signed-in user could make the server reach internal addresses: reporting a broken link checks it at
 * once, and the link checker followed redirects to loopback and private addresses (HEAD, then GET), and
 * offered such a redirect target as the "moved to" URL an admin accepts in one click. Submissions and
 * contents also took `http://127.0.0.1:…`, `http://localhost:…` and private hosts as their website.
 * Now every request the server makes goes through one policy (db/outbound/public-addresses.ts
 * outboundPolicy: public addresses only, at every hop, inside the connection's own lookup), and a website
 * naming this machine or a private network is refused with a message saying so.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { probeLink } from '../../db/outbound/link-probe.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { page, startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { sqlRows } from '../setup/sql.ts';

const sites: LocalSite[] = [];
async function site(...args: Parameters<typeof startLocalSite>) {
  const s = await startLocalSite(...args);
  sites.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

const anyTurn = async () => {};

describe('the link check’s requests', () => {
  it('follow no redirect into the private network: the target is checked again at every hop', async () => {
    const inside = await site((_req, res) => res.end(page('Instance metadata')), '127.0.0.2');
    const outside = await site((_req, res) =>
      res.writeHead(301, { location: `${inside.url}/latest/meta-data/iam/security-credentials/` }).end(),
    );
    // Here 127.0.0.1 stands for a public address: only it may be reached.
    const probe = await probeLink(`${outside.url}/`, {
      timeoutMs: 2000,
      turn: anyTurn,
      policy: (address) => address === '127.0.0.1',
    });
    expect(probe).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/not a public address/) });
    expect(inside.requests).toEqual([]);
    expect('movedTo' in probe ? probe.movedTo : null).toBeNull();
  });
});

describe('the server, as it runs by default', () => {
  let admin: { token: string };
  let user: { token: string };
  const { server, api } = useServer();
  beforeAll(async () => {
    admin = await asAdmin(api);
    user = await signUp(api, 'Reporter');
  });

  it('a user’s report of a link on this machine checks it without connecting to it, by address or by name', async () => {
    const internal = await site((_req, res) => res.end(page('Internal service')));
    const { body } = await api.call('searchContents');
    const [first, second] = body.contents as Array<{ _id: string }>;
    // Written straight into the database: the API refuses such a website (below).
    await sqlRows(server.dbUrl, 'UPDATE contents SET url = ?, url_key = NULL WHERE id = ?', [
      `${internal.url}/`,
      first!._id,
    ]);
    await sqlRows(server.dbUrl, 'UPDATE contents SET url = ?, url_key = NULL WHERE id = ?', [
      `http://localhost:${internal.port}/`,
      second!._id,
    ]);
    for (const content of [first!, second!]) {
      const reported = await api.call('reportLink', {
        params: { id: content._id },
        token: user.token,
      });
      expect(reported.status, JSON.stringify(reported.body)).toBeLessThan(300);
    }
    // The check runs after the answer: give it time to have connected, if it were going to.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(internal.requests).toEqual([]);
  });

  it('refuses a website on this machine or a private network, in a submission, a URL check and an admin edit', async () => {
    const refused = [
      'http://127.0.0.1:4512/',
      'http://localhost:8080/admin',
      'http://api.localhost/',
      'http://10.0.0.7/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/',
      'http://[::1]:3000/',
      'http://[fd00::1]/',
    ];
    const draft = (
      await api.call('createDraft', {
        token: admin.token,
      })
    ).body as { _id: string };
    for (const url of refused) {
      const submitted = await api.call('submitLink', {
        body: { url },
        token: user.token,
      });
      // An IPv6 literal is no website name at all (a valid http(s) URL needs a dotted host): refused either way.
      expect(submitted, url).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/public web address|valid http/) },
      });
      const checked = await api.call('checkSubmission', {
        query: { url },
        token: user.token,
      });
      expect(checked.status, url).toBe(400);
      const edited = await api.call('saveContent', {
        params: { id: draft._id },
        body: {
          name: 'Internal',
          slug: `internal-${Date.now()}`,
          url,
          image: 'https://images.example.org/cover.png',
          description: 'An internal page.',
          category: [],
          techStack: [],
          type: [],
          cost: 'Free',
          hasCert: false,
        },
        token: admin.token,
      });
      expect(edited.body.message, url).toMatch(/public web address|valid http/);
      expect(edited.status, url).toBe(400);
    }
    // A public name is taken (it is checked again as it resolves, by every request made to it).
    expect(
      (
        await api.call('submitLink', {
          body: { url: `https://public-${Date.now()}.example.org/` },
          token: user.token,
        })
      ).status,
    ).toBe(201);
  });
});
