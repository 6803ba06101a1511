/**
 * Read-your-writes for an app server on a sqld replica node (docs/decisions/044): server A straight on the
 * primary, server N on a replica node that follows it. N's reads for a client that brings a position ask the
 * node for it (Hrana's `replication_index`), so the node answers only once it has applied it; a position it
 * cannot reach (the primary gone, or a forged one) costs the request the catch-up bound once, then the node's
 * pages are served as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, uniqueEmail, type ApiClient } from '../setup/http.ts';
import { startServer, type TestServer } from '../setup/server.ts';
import { hasSqld, NO_SQLD, startSqld, type Sqld } from '../setup/sqld.ts';

const positionOf = (headers: Headers) => headers.get('x-db-position') ?? '';

describe.skipIf(!hasSqld)(`read-your-writes on a replica node${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
  let primary: Sqld;
  let node: Sqld;
  let onPrimary: TestServer;
  let onNode: TestServer;
  let a: ApiClient;
  let n: ApiClient;

  beforeAll(async () => {
    primary = await startSqld({ grpc: true });
    node = await startSqld({ primary });
    onPrimary = await startServer({ env: { DATABASE_URL: primary.url } });
    onNode = await startServer({ seed: false, env: { DATABASE_URL: node.url } });
    a = apiClient(onPrimary.url);
    n = apiClient(onNode.url);
  });
  afterAll(async () => {
    await Promise.all([onPrimary?.stop(), onNode?.stop()]);
    await node?.stop();
    await primary?.stop();
  });

  it('a save through the primary’s server shows on the next request through the node’s, the node held back meanwhile', async () => {
    const { token } = (
      await a.call('signUp', { body: { name: 'Saver', email: uniqueEmail('node'), password: 'password-123' } })
    ).body as { token: string };
    const me = (await a.call('getProfile', { token })).body._id as string;
    const { body: latest } = await a.call('searchContents', { query: { order: 'latest', limit: 8 } });
    const ids = (latest.contents as Array<{ _id: string }>).map((content) => content._id);
    for (const contentId of ids) {
      // The node frozen while the write lands: it learns of it only after it is let go, as N asks.
      node.pause();
      const saved = await a.call('toggleSave', { body: { contentId }, token }).finally(() => node.resume());
      expect(saved.status).toBe(200);
      const saves = await n.call('userSaves', {
        params: { id: me },
        token,
        headers: { 'x-db-position': positionOf(saved.headers) },
      });
      expect(saves.status).toBe(200);
      expect(saves.body.saves.map((s: { _id: string }) => s._id)).toContain(contentId);
    }
  });

  it('a position the node cannot reach costs the request the bound once, and the page is served as the node has it', async () => {
    const signedUp = await a.call('signUp', {
      body: { name: 'From The Future', email: uniqueEmail('node'), password: 'password-123' },
    });
    const beyond = String(Number(positionOf(signedUp.headers)) + 1_000_000);
    const started = performance.now();
    const page = await fetch(`${onNode.url}/`, { headers: { 'x-db-position': beyond, accept: 'text/html' } });
    const took = performance.now() - started;
    expect(page.status).toBe(200);
    // The node was asked for it (it waited), and only once: one bound, not one per read.
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(2500);
    // The primary takes the same question and answers as it is.
    expect((await fetch(`${onPrimary.url}/`, { headers: { 'x-db-position': beyond } })).status).toBe(200);
  });
});
