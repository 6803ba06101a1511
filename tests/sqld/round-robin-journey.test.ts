/**
 * One site on two app servers, as deployed: deploy/nginx.conf's upstream taking them in turn (round-robin,
 * no affinity), server A straight on a sqld primary and server B on an embedded replica of it pulling every
 * second. A browser (a cookie jar, the site's origin on its writes) walks a learner's whole journey (sign up,
 * sign in, save, review, make a public list and edit it, follow a tag, change the password, sign out), and
 * every step's next page, whichever server answers it, shows the step: the `db_position` cookie makes a
 * replica catch up first (docs/decisions/044). Five runs, so each step's write and read land on both orders
 * of the two servers. The figures printed say how many requests read the primary and how many made B pull.
 */
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../setup/http.ts';
import { hasNginx, NO_NGINX, nginxAddress, startNginx, type Nginx } from '../setup/nginx.ts';
import type { TestServer } from '../setup/server.ts';
import { hasSqld, NO_SQLD } from '../setup/sqld.ts';
import { startTopology, type Topology } from '../setup/topology.ts';

const RUNS = 5;
const METRICS_TOKEN = 'journey-metrics-token-0123456789abcdef';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A browser's cookies and requests, through nginx over https. */
class Browser {
  private cookies = new Map<string, string>();
  requests = 0;
  private readonly proxy: Nginx;
  constructor(proxy: Nginx) {
    this.proxy = proxy;
  }

  send(method: string, path: string, body?: unknown): Promise<Reply> {
    this.requests++;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = new URL(path, this.proxy.url);
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          ca: this.proxy.cert,
          agent: false,
          headers: {
            cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
            ...(method === 'GET' ? {} : { origin: this.proxy.url, 'content-type': 'application/json' }),
            ...(payload ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) this.keep(line);
            resolve({ status: res.statusCode!, headers: res.headers, body: text });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  private keep(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const at = pair!.indexOf('=');
    const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1).trim()];
    const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a));
    if (gone || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  json(reply: Reply): Record<string, unknown> {
    return JSON.parse(reply.body) as Record<string, unknown>;
  }
}

/** The series of a server's /metrics, summed by name and label text. */
async function metrics(server: TestServer): Promise<{ requests: number; catchUps: Record<string, number> }> {
  const text = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  let requests = 0;
  const catchUps: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const served = /^skillshelf_http_requests_total\{([^}]*)\}\s+(\d+)/.exec(line);
    if (served && !served[1]!.includes('route="/metrics"')) requests += Number(served[2]);
    const caught = /^skillshelf_replica_catch_ups\{result="(\w+)"[^}]*\}\s+(\d+)/.exec(line);
    if (caught) catchUps[caught[1]!] = Number(caught[2]);
  }
  return { requests, catchUps };
}

describe.skipIf(!hasSqld || !hasNginx)(
  `a learner's journey through nginx's round-robin over two servers${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}${hasNginx ? '' : ` (skipped: ${NO_NGINX})`}`,
  () => {
    let topology: Topology;
    let onPrimary: TestServer;
    let onReplica: TestServer;
    let proxy: Nginx;

    beforeAll(async () => {
      const address = await nginxAddress();
      topology = await startTopology({
        replicaPulls: [1],
        env: { TRUST_PROXY: '127.0.0.1', PUBLIC_URL: address.url, METRICS_TOKEN },
      });
      onPrimary = topology.onPrimary;
      onReplica = topology.onReplicas[0]!;
      proxy = await startNginx([onPrimary.port, onReplica.port], address);
    });
    afterAll(async () => {
      await proxy?.stop();
      await topology?.stop();
    });

    it(`every step's next page shows the step, whichever server answers, ${RUNS} runs over`, async () => {
      const before = await Promise.all([metrics(onPrimary), metrics(onReplica)]);
      let sent = 1;
      const { contents } = JSON.parse(
        (await new Browser(proxy).send('GET', '/api/contents/search?order=latest')).body,
      ) as { contents: Array<{ _id: string; slug: string }> };

      for (let run = 0; run < RUNS; run++) {
        const browser = new Browser(proxy);
        const content = contents[run]!;
        const account = { name: `Journey ${run}`, email: uniqueEmail('journey'), password: 'password-123' };
        const step = (name: string) => `run ${run}, ${name}`;
        // A run's requests are even in number: one more request every other run swaps which server takes the
        // writes and which the pages that follow them.
        if (run % 2 === 1) await browser.send('GET', '/');

        expect((await browser.send('POST', '/api/users/signup', account)).status, step('sign up')).toBe(201);
        let page = await browser.send('GET', '/profile');
        expect([page.status, page.body.includes(account.email)], step('signed up: profile')).toEqual([200, true]);

        expect((await browser.send('POST', '/api/users/signin', account)).status, step('sign in')).toBe(200);
        page = await browser.send('GET', '/profile');
        expect([page.status, page.body.includes(account.email)], step('signed in: profile')).toEqual([200, true]);

        expect((await browser.send('POST', '/api/users/save', { contentId: content._id })).status, step('save')).toBe(
          200,
        );
        page = await browser.send('GET', '/saved');
        expect(page.body.includes(content.slug), step('saved: /saved lists it')).toBe(true);

        const comment = `Journey review ${run} ${Date.now()}`;
        const review = await browser.send('POST', `/api/contents/${content._id}/reviews`, { rating: 4, comment });
        expect(review.status, step('review')).toBe(201);
        page = await browser.send('GET', `/content/${content.slug}`);
        expect(page.body.includes(comment), step('reviewed: the content page shows it')).toBe(true);

        const listName = `Journey list ${run} ${Date.now()}`;
        const made = await browser.send('POST', '/api/lists', { name: listName, isPublic: true });
        expect(made.status, step('make a list')).toBe(201);
        const list = browser.json(made) as { _id: string; slug: string };
        page = await browser.send('GET', `/lists/${list.slug}`);
        expect([page.status, page.body.includes(listName)], step('made: its public page')).toEqual([200, true]);
        const added = await browser.send('POST', `/api/lists/${list._id}/items`, { contentId: content._id });
        expect(added.status, step('add to the list')).toBeLessThan(300);
        page = await browser.send('GET', `/lists/${list.slug}`);
        expect(page.body.includes(`/content/${content.slug}`), step('added: the list page shows it')).toBe(true);
        const renamed = `${listName} renamed`;
        const edited = await browser.send('PUT', `/api/lists/${list._id}`, { name: renamed });
        expect(edited.status, step('edit the list')).toBe(200);
        const slug = (browser.json(edited) as { slug: string }).slug;
        page = await browser.send('GET', `/lists/${slug}`);
        expect(page.body.includes(renamed), step('edited: the list page shows the name')).toBe(true);

        const followed = await browser.send('PUT', '/api/follows/category/web-development');
        expect(followed.status, step('follow a tag')).toBeLessThan(300);
        page = await browser.send('GET', '/api/follows');
        expect(page.body.includes('web-development'), step('followed: the following list has it')).toBe(true);

        const changed = await browser.send('PUT', '/api/users/profile', {
          name: account.name,
          email: account.email,
          password: 'password-456',
          currentPassword: account.password,
        });
        expect(changed.status, step('change the password')).toBe(200);
        page = await browser.send('GET', '/profile');
        expect([page.status, page.body.includes(account.email)], step('changed: still signed in')).toEqual([200, true]);

        expect((await browser.send('POST', '/api/users/signout')).status, step('sign out')).toBeLessThan(300);
        page = await browser.send('GET', '/profile');
        expect([page.status, page.headers.location], step('signed out: sent to sign in')).toEqual([
          302,
          '/signin?redirect=%2Fprofile',
        ]);
        sent += browser.requests;
      }

      const after = await Promise.all([metrics(onPrimary), metrics(onReplica)]);
      const servedByPrimary = after[0].requests - before[0].requests;
      const servedByReplica = after[1].requests - before[1].requests;
      const replica = (name: string) => (after[1].catchUps[name] ?? 0) - (before[1].catchUps[name] ?? 0);
      // Round-robin: both servers took their turns.
      expect(servedByPrimary).toBeGreaterThan(sent / 4);
      expect(servedByReplica).toBeGreaterThan(sent / 4);
      const readOnPrimary = servedByPrimary + replica('primary') + replica('session');
      console.info(
        `journey: ${sent} requests, ${servedByPrimary} answered by the server on the primary, ${servedByReplica} by the replica's ` +
          `(${replica('pulled')} pulled first, ${replica('current')} already current, ${replica('primary')} read the primary, ` +
          `${replica('unreachable')} unreachable, ${replica('session')} sessions looked up on the primary): ` +
          `${((100 * readOnPrimary) / sent).toFixed(1)}% of requests read the primary`,
      );
    }, 120_000);
  },
);
