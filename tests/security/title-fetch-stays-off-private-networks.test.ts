/**
 * The title fetch of a submitted link (decisions 016 and 025) is triggered by any signed-in user, so it must
 * not be a way into the server's network (SSRF): it never connects to a private, loopback or link-local
 * address — not by a literal address, not by a name that resolves to one, not by a redirect — and it is
 * bounded in time (3 s), size (512 KB), redirects (3) and schemes (http and https). Every failure is silent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { factsOf, fetchPageTitle, titleOf } from '../../db/outbound/page-facts.ts';
import { anyAddress, isPublicAddress } from '../../db/outbound/public-addresses.ts';
import { page, startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { signUp } from '../setup/actors.ts';
import { useServer, type UsedServer } from '../setup/use-server.ts';
import { openDatabase } from '../setup/sql.ts';

const sites: LocalSite[] = [];
async function site(...args: Parameters<typeof startLocalSite>) {
  const s = await startLocalSite(...args);
  sites.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

describe('which addresses a user-triggered request may reach', () => {
  it('refuses private, loopback, link-local, shared, reserved and multicast addresses, in IPv4 and IPv6 forms', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      '[::1]',
      'localhost',
      'not an address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001::200e',
      '::ffff:8.8.8.8',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('never connects to this machine: by its loopback address, by a name that resolves to it, in IPv6', async () => {
    const local = await site((_req, res) => res.end(page('Internal admin')));
    for (const url of [
      `${local.url}/`,
      `http://localhost:${local.port}/`,
      `http://[::ffff:127.0.0.1]:${local.port}/`,
      `http://0.0.0.0:${local.port}/`,
    ]) {
      expect(await fetchPageTitle(url), url).toBeUndefined();
    }
    expect(local.requests).toEqual([]);
  });

  it('checks every redirect’s target again: a page that redirects into the private network is not followed', async () => {
    const inside = await site((_req, res) => res.end(page('Behind the firewall')), '127.0.0.2');
    const outside = await site((_req, res) => res.writeHead(302, { location: `${inside.url}/secret` }).end());
    // Here 127.0.0.1 stands for a public address: only it may be reached.
    const onlyOutside = (address: string) => address === '127.0.0.1';
    expect(await fetchPageTitle(`${outside.url}/`, { policy: onlyOutside })).toBeUndefined();
    expect(outside.requests).toHaveLength(1);
    expect(inside.requests).toEqual([]);
  });
});

describe('the bounds of the title fetch (private addresses allowed, as in tests)', () => {
  const allowed = { policy: anyAddress };

  it('takes og:title before <title>, decodes entities, folds whitespace', async () => {
    const s = await site((req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (req.url === '/og') return void res.end(page('Site | Home', 'The Rust Book &amp; more'));
      if (req.url === '/plain') return void res.end(page('\n  Learn   SQL &#8211; the &quot;easy&quot; way\n'));
      res.end('<html><body>No title here</body></html>');
    });
    expect(await fetchPageTitle(`${s.url}/og`, allowed)).toBe('The Rust Book & more');
    expect(await fetchPageTitle(`${s.url}/plain`, allowed)).toBe('Learn SQL – the "easy" way');
    expect(await fetchPageTitle(`${s.url}/none`, allowed)).toBeUndefined();
    expect(titleOf(`<title>${'x'.repeat(300)}</title>`)).toHaveLength(200);
    // The picture a page names is suggested only as a public http(s) URL: never one on this machine or a private network.
    const pageUrl = new URL('https://course.example.org/intro/');
    expect(
      factsOf(
        '<meta property="og:image" content="cover.png"><meta name="description" content="A &quot;gentle&quot;\nintro">',
        pageUrl,
      ),
    ).toEqual({
      image: 'https://course.example.org/intro/cover.png',
      description: 'A "gentle" intro',
    });
    for (const image of [
      'http://127.0.0.1/cover.png',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost/x.png',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(factsOf(`<meta property="og:image" content="${image}">`, pageUrl), image).toEqual({});
    }
  });

  it('follows at most 3 redirects, and only to http(s)', async () => {
    const s = await site((req, res) => {
      const hops = Number(/^\/hop\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      if (req.url === '/to-file') return void res.writeHead(301, { location: 'file:///etc/passwd' }).end();
      if (req.url === '/to-ftp') return void res.writeHead(301, { location: 'ftp://127.0.0.1/' }).end();
      if (hops > 0) return void res.writeHead(301, { location: `/hop/${hops - 1}` }).end();
      res.setHeader('content-type', 'text/html');
      res.end(page('Arrived'));
    });
    expect(await fetchPageTitle(`${s.url}/hop/3`, allowed)).toBe('Arrived');
    expect(await fetchPageTitle(`${s.url}/hop/4`, allowed)).toBeUndefined();
    expect(await fetchPageTitle(`${s.url}/to-file`, allowed)).toBeUndefined();
    expect(await fetchPageTitle(`${s.url}/to-ftp`, allowed)).toBeUndefined();
  });

  it('reads at most 512 KB: a title after that is not found, and the rest is not downloaded', async () => {
    const padding = (kb: number) => `<!-- ${'x'.repeat(kb * 1024)} -->`;
    let sent = 0;
    const s = await site((req, res) => {
      res.setHeader('content-type', 'text/html');
      const body = Buffer.from(
        `<html><head>${padding(req.url === '/far' ? 600 : 500)}<title>Deep</title></head></html>`,
      );
      if (req.url !== '/endless') return void res.end(body);
      // An endless body: the fetch must stop reading.
      const more = () => {
        while (sent < 64 * 1024 * 1024 && res.write(Buffer.alloc(64 * 1024, 0x20))) sent += 64 * 1024;
        if (sent < 64 * 1024 * 1024) res.once('drain', more);
      };
      more();
    });
    expect(await fetchPageTitle(`${s.url}/near`, allowed)).toBe('Deep');
    expect(await fetchPageTitle(`${s.url}/far`, allowed)).toBeUndefined();
    expect(await fetchPageTitle(`${s.url}/endless`, allowed)).toBeUndefined();
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('gives up after 3 seconds, whether the headers or the body are slow', async () => {
    const s = await site((req, res) => {
      if (req.url === '/slow-body') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head>');
      }
      // …and nothing more: the server holds the connection open.
    });
    for (const path of ['/slow-headers', '/slow-body']) {
      const started = Date.now();
      expect(await fetchPageTitle(`${s.url}${path}`, allowed)).toBeUndefined();
      const took = Date.now() - started;
      expect(took, path).toBeGreaterThanOrEqual(2900);
      expect(took, path).toBeLessThan(8000);
    }
  });

  it('a page that is not HTML, or not there, has no title', async () => {
    const s = await site((req, res) => {
      if (req.url === '/json')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"no"}');
      res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not Found'));
    });
    expect(await fetchPageTitle(`${s.url}/json`, allowed)).toBeUndefined();
    expect(await fetchPageTitle(`${s.url}/gone`, allowed)).toBeUndefined();
  });
});

describe('through the real server', () => {
  const strict = useServer({ seed: false });
  const lenient = useServer({ seed: false, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });

  async function submitTo({ api }: UsedServer, url: string) {
    const user = await signUp(api, 'Titled');
    const res = await api.call('submitLink', {
      body: { url },
      token: user.token,
    });
    expect(res.status).toBe(201);
    return res.body as { _id: string; name: string };
  }

  const submissionRow = async ({ server }: UsedServer, id: string) => {
    const db = await openDatabase(server.dbUrl);
    try {
      return (await db.execute({ sql: 'SELECT name, slug, page_title FROM submissions WHERE id = ?', args: [id] }))
        .rows[0]!;
    } finally {
      db.close();
    }
  };

  it('the page’s title becomes the name of a submission whose name came from its URL, after the reply', async () => {
    const s = await site((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('Operating Systems: Three Easy Pieces')),
    );
    const sent = await submitTo(lenient, `${s.url}/ostep`);
    await expect
      .poll(async () => (await submissionRow(lenient, sent._id)).name, { timeout: 10_000 })
      .toBe('Operating Systems: Three Easy Pieces');
    expect(await submissionRow(lenient, sent._id)).toMatchObject({
      slug: 'operating-systems-three-easy-pieces',
      page_title: 'Operating Systems: Three Easy Pieces',
    });
  });

  it('by default the server never fetches a private address: such a website is refused outright, and nothing is asked of it', async () => {
    const s = await site((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page('Internal')));
    const { api } = strict;
    const user = await signUp(api, 'Titled');
    const refused = await api.call('submitLink', {
      body: { url: `${s.url}/internal` },
      token: user.token,
    });
    expect(refused.status).toBe(400);
    // A later submission to the lenient server is fetched: by then the strict one has had its chance too.
    const witness = await site((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page('Witness')));
    const later = await submitTo(lenient, `${witness.url}/`);
    await expect.poll(async () => (await submissionRow(lenient, later._id)).name, { timeout: 10_000 }).toBe('Witness');
    expect(s.requests).toEqual([]);
  });
});
